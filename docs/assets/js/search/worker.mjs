// @ts-check
// Scrollhammer Rules: the search worker. It answers Material's search box (the theme's
// worker messages: SETUP, READY, QUERY, RESULT) from Pagefind's index, which the build
// writes with one record per rule (pagefind/), so a search loads only the chunks of its
// words and the few fragments it shows, whatever the size of the book.
//
// A query is read as a question (search/question.mjs): its stop words dropped, each word
// standing for the book's words for it too (search/words.json, from the committed map); the
// rules holding every word come first, and when none does, the rules holding most of them,
// said so (`scrollhammer.most`).
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
const helpers = Promise.all([import("./results.mjs"), import("./typos.mjs"), import("./question.mjs")]);

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
 * Each result with its data (Pagefind loads the fragment it is in) and the query's words it
 * was found by.
 * @param {PagefindResult[]} results
 * @param {(id: string) => string[]} holds
 */
function withData(results, holds) {
  return Promise.all(
    results.map(async (result) => ({ data: await result.data(), score: result.score, holds: holds(result.id) })),
  );
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

/** @type {Promise<import("./question.mjs").QuestionWords> | null} */
let questionWords = null;

/** The search's words for questions (search/words.json, the committed map), once; none when it cannot be read. */
function bookWords() {
  questionWords ??= fetch(new URL("search/words.json", ROOT))
    .then((response) => (response.ok ? response.json() : { stop: [], same: {} }))
    .catch(() => ({ stop: [], same: {} }));
  return questionWords;
}

/**
 * The query with its unknown words corrected, or null (see the header). A stop word, or a
 * game word the map gives the book's words for, is never corrected.
 * @param {Pagefind} engine
 * @param {string} query
 * @param {Set<string>} known
 */
async function fix(engine, query, known) {
  const [, { correction, fixedQuery, SHORTEST, words }] = await helpers;
  /** @type {Map<string, string | null>} */
  const fixes = new Map();
  for (const word of new Set(words(query))) {
    if (word.length < SHORTEST || known.has(word) || (await engine.search(word))?.results.length) continue;
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
 * The rules holding every word of a question (each word, or one of the book's words for it),
 * best first: one search for each choice of words, the best score of each rule kept.
 * @param {Pagefind} engine
 * @param {string[]} searches
 * @returns {Promise<PagefindResult[]>}
 */
async function everyWord(engine, searches) {
  /** @type {Map<string, PagefindResult>} */
  const found = new Map();
  for (const words of searches) {
    for (const result of (await engine.search(words))?.results || []) {
      const kept = found.get(result.id);
      if (!kept || kept.score < result.score) found.set(result.id, result);
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score);
}

/**
 * The rules holding the most of a question's words, ranked (search/question.mjs), and how many.
 * @param {Pagefind} engine
 * @param {string[][]} wordGroups
 * @returns {Promise<{ results: PagefindResult[], held: number, holds: Map<string, string[]> }>}
 */
async function mostWords(engine, wordGroups) {
  const [, , question] = await helpers;
  /** @type {Map<string, import("./question.mjs").Found[]>} */
  const foundBy = new Map();
  /** @type {Map<string, PagefindResult>} */
  const byId = new Map();
  for (const word of new Set(wordGroups.flat())) {
    const results = (await engine.search(word))?.results || [];
    foundBy.set(
      word,
      results.map(({ id, score }) => ({ id, score })),
    );
    for (const result of results) byId.set(result.id, result);
  }
  const ranked = question.mostWords(wordGroups, foundBy);
  return {
    results: ranked.flatMap((rule) => byId.get(rule.id) || []),
    held: Math.max(0, ...ranked.map((r) => r.held)),
    holds: new Map(ranked.map((rule) => [rule.id, question.heldWords(wordGroups, foundBy, rule.id)])),
  };
}

/**
 * Answer a query, unless a newer one came meanwhile.
 * @param {string} query
 */
async function answer(query) {
  const asked = ++latest;
  const stale = () => asked !== latest;
  const [[{ grouped }, { words }, question], loaded, book] = await Promise.all([helpers, pagefind(), bookWords()]);
  const wordGroups = question.groups(question.meaningful(question.tokens(query), book), book);
  const searches = question.variants(wordGroups);
  for (const words of searches) loaded.preload(words).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  if (stale()) return;
  let found = wordGroups.length ? await everyWord(loaded, searches) : [];
  /** @type {{ held: number, of: number } | null} */
  let most = null;
  // Which of the query's words each rule was found by: every word, when Pagefind found it by all.
  const every = wordGroups.map((group) => group[0]);
  /** @type {(id: string) => string[]} */
  let holds = () => every;
  if (!found.length && wordGroups.length > 1) {
    // No rule holds every word: the rules holding most of them, said so.
    const partly = await mostWords(loaded, wordGroups);
    found = partly.results;
    holds = (id) => partly.holds.get(id) || [];
    if (found.length) most = { held: partly.held, of: wordGroups.length };
  }
  if (stale()) return;
  const best = found.slice(0, SHOWN);
  // The first screen's results first (a fragment each, fetched at once), then the rest.
  const first = await withData(best.slice(0, FIRST_SHOWN), holds);
  if (stale()) return;
  // A word the rules lack, in a query that found nothing or in one of several words (where
  // the others found something without it), gets its correction.
  const known = new Set([...book.stop, ...Object.keys(book.same)]);
  const several = words(query).length > 1;
  const fixed = query.trim() && (!best.length || several) ? await fix(loaded, query, known) : null;
  if (stale()) return;
  const done = best.length <= FIRST_SHOWN;
  const said = { query, fixed, done, most };
  scope.postMessage({ type: RESULT, data: { items: grouped(first, wordGroups) }, scrollhammer: said });
  if (done) return;
  const rest = await withData(best.slice(FIRST_SHOWN), holds);
  if (stale()) return;
  const items = grouped([...first, ...rest], wordGroups);
  scope.postMessage({ type: RESULT, data: { items }, scrollhammer: { ...said, fixed: null, done: true } });
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
