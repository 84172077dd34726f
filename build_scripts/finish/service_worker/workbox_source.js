// Scrollhammer Rules service worker (source; the build injects the precache manifest with
// Workbox's injectManifest, the build id and the size of the book's second tier, and
// writes the result to site/sw.js).
//
// Two tiers, so that what a first visit stores does not grow with the book:
// - "core" (the cache "scrollhammer-<build>"): the site's shell, the Python runtime, the
//   search and the core rulebook's pages, stored at install. A file whose URL and revision
//   an older build's cache already holds is copied from there, so an update downloads only
//   what changed (never the unchanged 2.7 MB Python runtime).
// - "book" (the cache "scrollhammer-book-<build>"): every other page of the book, listed
//   with their revisions in offline-book.json, stored only when the player asks to keep
//   the whole book (message KEEP_BOOK; progress is posted to every page as BOOK_PROGRESS).
//   A new build that finds a kept book keeps it too, copying what did not change.
// Pages of the book that were not kept are stored as they are read ("scrollhammer-visited-<build>").
//
// - activate: delete every other build's caches, then take control of open pages.
// - fetch: answer from this build's caches (a page URL with ?calc=… or ?h=… is the same
//   page), else from the network (and keep what was read); a page that is on neither sends
//   the player to offline/ ("not on this phone yet"); book-kept.txt is left to the network.
//   A rule card's address (r/<page>/<id>/, not precached) is answered with a redirect to
//   the rule in its page, as the card's own script would send the reader (?v= kept).
//   WebAssembly is the exception: it is left to the browser's HTTP cache, where Chrome
//   also keeps its compiled code across visits; the calculators' worker falls back to
//   this cache's copy when that one is gone and the network is off.
// - message {type: "SKIP_WAITING"}: the page's "Reload" button activates this build;
//   {type: "BOOK"}: how large the book's second tier is and how much of it is kept;
//   {type: "KEEP_BOOK"}: keep it all.
// @ts-check
/// <reference lib="webworker" />

/** This worker's own global scope, typed (the file is a service worker). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = "__SCROLLHAMMER_BUILD__";
const PREFIX = "scrollhammer-";
const CACHE = PREFIX + BUILD;
const BOOK_CACHE = `${PREFIX}book-${BUILD}`;
const VISITED_CACHE = `${PREFIX}visited-${BUILD}`;
/** The book's second tier: how many files, how many bytes, and of them how many pages and
 * PDFs to print (the build puts them in; the offer says what it adds). */
const BOOK = {
  files: Number("__SCROLLHAMMER_BOOK_FILES__"),
  bytes: Number("__SCROLLHAMMER_BOOK_BYTES__"),
  pages: Number("__SCROLLHAMMER_BOOK_PAGES__"),
  pdfs: Number("__SCROLLHAMMER_BOOK_PDFS__"),
};
/** Its list, with each file's revision and size (fetched only to keep the book). */
const BOOK_LIST = "offline-book.json";
const MARK_FILE = "book-kept.txt"; // the mark of a kept book (its answer sets a cookie)
/** Where a page that is not on this phone sends the player, offline. */
const NOT_HERE = "offline/";
/** The answer to any other file that is not on this phone, offline. */
const OFFLINE = { status: 504, statusText: "Offline", headers: { "Content-Type": "text/plain; charset=utf-8" } };
// Workbox replaces this expression with the precache list (url and revision of each file).
const MANIFEST = self.__WB_MANIFEST;
const SCOPE = new URL(sw.registration.scope);

/**
 * A file's cache key: its path with its revision.
 * @param {{url: string, revision?: string | null}} entry
 */
function keyOf(entry) {
  const url = new URL(entry.url, SCOPE);
  return entry.revision ? `${url.pathname}?__rev=${entry.revision}` : url.pathname;
}

// URL path (from the site root, "index.html" for folders) -> cache key with its revision.
const KEYS = new Map(MANIFEST.map((entry) => [new URL(entry.url, SCOPE).pathname, keyOf(entry)]));

/**
 * The same file, at the same revision, from an older build's cache.
 * @param {string} key
 */
async function fromOlderCache(key) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || name === BOOK_CACHE) continue;
    const hit = await (await caches.open(name)).match(key);
    if (hit) return hit;
  }
  return null;
}

/** How many files are fetched at once (a phone's browser opens about six connections a host). */
const AT_ONCE = 6;

/**
 * Put every file of a list into a cache: from an older build's cache when it holds the
 * same revision, else from the network, a few at once.
 * @param {Cache} cache
 * @param {readonly {url: string, revision?: string | null, size?: number}[]} entries
 * @param {(entry: {url: string, size?: number}) => void} [done] called after each file
 */
async function store(cache, entries, done) {
  const have = new Set(
    (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search),
  );
  let next = 0;
  const fetchOne = async () => {
    while (next < entries.length) {
      const entry = /** @type {{url: string, revision?: string | null, size?: number}} */ (entries[next++]);
      const key = keyOf(entry);
      if (!have.has(key)) {
        let response = await fromOlderCache(key);
        if (!response) {
          response = await fetch(new URL(entry.url, SCOPE), { cache: "no-cache", credentials: "same-origin" });
          if (!response.ok) throw new Error(`${entry.url} answered ${response.status}`);
        }
        await cache.put(new URL(key, SCOPE), response);
      }
      done?.(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, entries.length) }, fetchOne));
}

/** @type {Map<string, string> | null} URL path -> cache key, for the book's kept files */
let bookKeys = null;

/** The book's list (path -> cache key), when the book is kept. */
async function keptBook() {
  if (bookKeys) return bookKeys;
  if (!(await caches.has(BOOK_CACHE))) return null;
  const keys = new Map();
  for (const request of await (await caches.open(BOOK_CACHE)).keys()) {
    const url = new URL(request.url);
    keys.set(url.pathname, url.pathname + url.search);
  }
  bookKeys = keys;
  return keys;
}

/** @type {Promise<void> | null} */
let keeping = null;
let kept = { files: 0, bytes: 0 };

/**
 * Tell every page how far keeping the book has come.
 * @param {Record<string, unknown>} message
 */
async function tell(message) {
  for (const client of await sw.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

/** Keep the whole book: every file of its list, with progress posted to the pages. */
function keepBook() {
  keeping ??= (async () => {
    const response = await fetch(new URL(BOOK_LIST, SCOPE), { cache: "no-cache" });
    if (!response.ok) throw new Error(`${BOOK_LIST} answered ${response.status}`);
    /** @type {{build: string, files: {url: string, revision: string, size: number}[]}} */
    const list = await response.json();
    if (list.build !== BUILD) throw new Error("a newer build is on the site: reload first");
    kept = { files: 0, bytes: 0 };
    const cache = await caches.open(BOOK_CACHE);
    let last = 0;
    await store(cache, list.files, (entry) => {
      kept = { files: kept.files + 1, bytes: kept.bytes + (entry.size || 0) };
      if (Date.now() - last > 200 || kept.files === list.files.length) {
        last = Date.now();
        tell({ type: "BOOK_PROGRESS", ...kept, total: BOOK });
      }
    });
    bookKeys = null;
    await tell({ type: "BOOK_KEPT", ...kept, total: BOOK });
  })().catch(async (error) => {
    await caches.delete(BOOK_CACHE);
    bookKeys = null;
    await tell({ type: "BOOK_FAILED", reason: String(error?.message || error), total: BOOK });
  });
  const running = keeping.finally(() => {
    keeping = null;
  });
  return running;
}

/** Whether an older build's book was kept (so this build keeps its own). */
async function olderBookKept() {
  return (await caches.keys()).some((name) => name.startsWith(`${PREFIX}book-`) && name !== BOOK_CACHE);
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await store(await caches.open(CACHE), MANIFEST);
      if (BOOK.files && (await olderBookKept())) await keepBook();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && ![CACHE, BOOK_CACHE, VISITED_CACHE].includes(name)) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const type = event.data?.type;
  if (type === "SKIP_WAITING") sw.skipWaiting();
  if (type === "GET_BUILD" && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
  if (type === "BOOK" && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(
      (async () => {
        const keys = await keptBook();
        const whole = Boolean(keys && keys.size >= BOOK.files);
        const done = keeping ? kept : { files: keys?.size || 0, bytes: whole ? BOOK.bytes : 0 };
        port.postMessage({ build: BUILD, total: BOOK, kept: done, keeping: Boolean(keeping) });
      })(),
    );
  }
  if (type === "KEEP_BOOK") event.waitUntil(keepBook());
});

/**
 * This build's cache key for a request, or null when it is not one of the site's files.
 * @param {Request} request
 * @param {Map<string, string>} keys
 */
function keyFor(request, keys) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return null;
  let path = url.pathname;
  if (path.endsWith("/")) path += "index.html";
  return keys.get(path) || keys.get(`${path}/index.html`) || null;
}

/** A card's address, relative to the scope: r/<page>/<id>/ (with its query). */
const CARD = /^r\/([a-z0-9-]+)\/([a-z0-9-]+)\/(?:index\.html)?$/;

/**
 * Where a card sends its reader: the rule in its page (null when not a card of a page of this build).
 * @param {Request} request
 */
function cardTarget(request) {
  if (request.mode !== "navigate") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const card = CARD.exec(url.pathname.slice(SCOPE.pathname.length));
  if (!card || KEYS.has(url.pathname) || KEYS.has(`${url.pathname}index.html`)) return null;
  const [, page, id] = card;
  if (!KEYS.has(`${SCOPE.pathname}${page}/index.html`)) return null;
  const target = new URL(`${page}/`, SCOPE);
  const version = url.searchParams.get("v");
  if (version && /^[0-9a-f]{8}$/.test(version)) target.search = `?v=${version}`;
  target.hash = id;
  return target.href;
}

/**
 * A file of the site that is in neither tier's list for this build: from the pages read
 * before, else the network (kept for next time); a page not on the phone, offline, sends
 * the player to offline/, and any other file is answered "504 Offline" (a promise that
 * rejected would be logged by the browser as the page's error).
 * @param {Request} request
 */
async function visited(request) {
  const url = new URL(request.url);
  const cache = await caches.open(VISITED_CACHE);
  const key = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
  const hit = await cache.match(new URL(key, SCOPE));
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(new URL(key, SCOPE), response.clone());
    return response;
  } catch {
    if (hit) return hit;
    if (request.mode !== "navigate") return new Response("Offline: not on this phone.", OFFLINE);
    const missing = new URL(NOT_HERE, SCOPE);
    missing.searchParams.set("from", url.pathname + url.search + url.hash);
    return Response.redirect(missing.href, 302);
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const card = cardTarget(request);
  if (card) {
    event.respondWith(Response.redirect(card, 302));
    return;
  }
  if (request.url.endsWith(".wasm")) return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  if (url.pathname === new URL(MARK_FILE, SCOPE).pathname) return;
  event.respondWith(
    (async () => {
      const key = keyFor(request, KEYS);
      if (key) {
        const hit = await (await caches.open(CACHE)).match(new URL(key, SCOPE));
        if (hit) return hit;
        return visited(request); // the core tier lost it (the browser evicted it): as any other file
      }
      const book = await keptBook();
      const bookKey = book && keyFor(request, book);
      if (bookKey) {
        const hit = await (await caches.open(BOOK_CACHE)).match(new URL(bookKey, SCOPE));
        if (hit) return hit;
      }
      return visited(request);
    })(),
  );
});
