// @ts-check
// Scrollhammer Rules: the search worker. It answers Material's search box (the theme's
// worker messages: SETUP, READY, QUERY, RESULT) from Pagefind's index, which the build
// writes with one record per rule (pagefind/), so a search loads only the chunks of its
// words and the few fragments it shows, whatever the size of the book.
//
// Results are grouped by page, as the theme shows them: each page's rules in the order of
// their scores, then the page itself; the first screen's results are sent as soon as their
// fragments are in, the rest after. A word that no rule has (not even as the start of a
// longer word), when nothing matches or beside other words, gets its likely correction,
// sent beside the result (`scrollhammer.fixed`) for the page's "Did you mean"
// (search-later.js passes it on); `scrollhammer.done` says whether the results are all in.
// Pagefind starts loading as the worker starts, and the worker's helpers are imported beside
// it, not before it: on a slow line a static import costs a round trip first.
/// <reference lib="webworker" />
const helpers = Promise.all([import("./results.mjs"), import("./typos.mjs")]);

/**
 * @typedef {import("./results.mjs").PagefindData} PagefindData
 * @typedef {{ id: string, score: number, data(): Promise<PagefindData> }} PagefindResult
 * @typedef {{ results: PagefindResult[] }} PagefindSearch
 * @typedef {{ options(options: Record<string, unknown>): Promise<void>, init(): Promise<void>,
 *   search(term: string): Promise<PagefindSearch | null>, preload(term: string): Promise<void> }} Pagefind
 */

/** Material's message types (its SearchMessageType). */
const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;
/** The most rules a search shows (each needs its fragment). */
const SHOWN = 20;
/** How many of them are sent first, as soon as their fragments are in: a phone's first
 * screen of results (on a slow line, six fragments arrive at once; twenty take three turns). */
const FIRST_SHOWN = 6;
/** A query waits this long for the next key before it loads its results (the index's
 * chunks for it are loaded at once, while the player types on). */
const PAUSE_MS = 150;
/** The site's root (this file is assets/js/search/worker.mjs). */
const ROOT = new URL("../../../", import.meta.url);

/** This worker's own global scope, typed. */
const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** @type {Promise<Pagefind> | null} */
let engine = null;

/** Pagefind, loaded and started once (tried again on the next query when it could not be). */
function pagefind() {
  engine ??= (async () => {
    const loaded = /** @type {Pagefind} */ (await import(new URL("pagefind/pagefind.js", ROOT).href));
    await loaded.options({ excerptLength: 24 });
    await loaded.init();
    return loaded;
  })().catch((error) => {
    engine = null;
    throw error;
  });
  return engine;
}

/**
 * Each result with its data (Pagefind loads the fragment it is in).
 * @param {PagefindResult[]} results
 */
function withData(results) {
  return Promise.all(results.map(async (result) => ({ data: await result.data(), score: result.score })));
}

/** @type {Map<number, Promise<Map<string, number>>>} */
const wordLists = new Map();

/**
 * The rules' words of one length, with their counts (empty when there are none).
 * @param {number} length
 */
function wordsOf(length) {
  let list = wordLists.get(length);
  if (!list) {
    list = fetch(new URL(`search/words-${length}.json`, ROOT))
      .then((response) => (response.ok ? response.json() : {}))
      .then((counts) => new Map(Object.entries(counts)))
      .catch(() => new Map());
    wordLists.set(length, list);
  }
  return list;
}

/**
 * The query with its unknown words corrected, or null (see the header).
 * @param {Pagefind} engine
 * @param {string} query
 */
async function fix(engine, query) {
  const [, { correction, fixedQuery, SHORTEST, words }] = await helpers;
  /** @type {Map<string, string | null>} */
  const fixes = new Map();
  for (const word of new Set(words(query))) {
    if (word.length < SHORTEST || (await engine.search(word))?.results.length) continue;
    const near = new Map();
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      for (const [candidate, count] of await wordsOf(length)) near.set(candidate, count);
    }
    fixes.set(word, correction(word, near));
  }
  return fixedQuery(query, fixes);
}

let latest = 0;
pagefind().catch(() => undefined);

/**
 * Answer a query, unless a newer one came meanwhile.
 * @param {string} query
 */
async function answer(query) {
  const asked = ++latest;
  const stale = () => asked !== latest;
  const [[{ grouped }, { words }], loaded] = await Promise.all([helpers, pagefind()]);
  if (query.trim()) loaded.preload(query).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  if (stale()) return;
  const search = query.trim() ? await loaded.search(query) : null;
  if (stale()) return;
  const best = search?.results.slice(0, SHOWN) || [];
  const heard = words(query);
  // The first screen's results first (a fragment each, fetched at once), then the rest.
  const first = await withData(best.slice(0, FIRST_SHOWN));
  if (stale()) return;
  // A word the rules lack, in a query that found nothing or in one of several words (where
  // the others found something without it), gets its correction.
  const fixed = query.trim() && (!best.length || heard.length > 1) ? await fix(loaded, query) : null;
  if (stale()) return;
  const done = best.length <= FIRST_SHOWN;
  scope.postMessage({ type: RESULT, data: { items: grouped(first, heard) }, scrollhammer: { query, fixed, done } });
  if (done) return;
  const rest = await withData(best.slice(FIRST_SHOWN));
  if (stale()) return;
  const items = grouped([...first, ...rest], heard);
  scope.postMessage({ type: RESULT, data: { items }, scrollhammer: { query, fixed: null, done: true } });
}

scope.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type === SETUP) {
    pagefind().then(
      () => scope.postMessage({ type: READY }),
      () => scope.postMessage({ type: READY }),
    );
  } else if (message?.type === QUERY && typeof message.data === "string") {
    answer(message.data).catch(() => {
      if (latest) scope.postMessage({ type: RESULT, data: { items: [] } });
    });
  }
});
