// Scrollhammer Rules service worker (source; the build injects the precache manifest with
// Workbox's injectManifest and the build id, and writes the result to site/sw.js).
//
// - install: put every file of this build in the cache "scrollhammer-<build>". A file
//   whose URL and revision an older build's cache already holds is copied from there, so
//   an update downloads only what changed (never the unchanged 2.7 MB Python runtime).
// - activate: delete every other "scrollhammer-" cache, then take control of open pages.
// - fetch: answer from this build's cache (a page URL with ?calc=… or ?h=… is the same
//   page), else from the network. With the network off, the whole site still works.
//   A rule card's address (r/<page>/<id>/, not precached) is answered with a redirect to
//   the rule in its page, as the card's own script would send the reader (?v= kept).
//   WebAssembly is the exception: it is left to the browser's HTTP cache, where Chrome
//   also keeps its compiled code across visits; the calculators' worker falls back to
//   this cache's copy when that one is gone and the network is off.
// - message {type: "SKIP_WAITING"}: the page's "Reload" button activates this build.
// @ts-check
/// <reference lib="webworker" />

/** This worker's own global scope, typed (the file is a service worker). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = "__SCROLLHAMMER_BUILD__";
const PREFIX = "scrollhammer-";
const CACHE = PREFIX + BUILD;
// Workbox replaces this expression with the precache list (url and revision of each file).
const MANIFEST = self.__WB_MANIFEST;
const SCOPE = new URL(sw.registration.scope);

// URL path (from the site root, "index.html" for folders) -> cache key with its revision.
const KEYS = new Map(
  MANIFEST.map((entry) => {
    const url = new URL(entry.url, SCOPE);
    const key = entry.revision ? `${url.pathname}?__rev=${entry.revision}` : url.pathname;
    return [url.pathname, key];
  }),
);

/**
 * The same file, at the same revision, from an older build's cache.
 * @param {string} key
 */
async function fromOlderCache(key) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(key);
    if (hit) return hit;
  }
  return null;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set(
    (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search),
  );
  for (const [path, key] of KEYS) {
    if (have.has(key)) continue;
    let response = await fromOlderCache(key);
    if (!response) {
      response = await fetch(new URL(path, SCOPE), { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
    }
    await cache.put(new URL(key, SCOPE), response);
  }
}

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") sw.skipWaiting();
  if (event.data && event.data.type === "GET_BUILD" && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
});

/**
 * This build's cache key for a request, or null when it is not one of the site's files.
 * @param {Request} request
 */
function keyFor(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return null;
  let path = url.pathname;
  if (path.endsWith("/")) path += "index.html";
  return KEYS.get(path) || KEYS.get(`${path}/index.html`) || null;
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

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const card = cardTarget(request);
  if (card) {
    event.respondWith(Response.redirect(card, 302));
    return;
  }
  const key = keyFor(request);
  if (!key || request.url.endsWith(".wasm")) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(new URL(key, SCOPE));
      if (hit) return hit;
      return fetch(request);
    })(),
  );
});
