// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: the calculators' worker, its boot: where the runtime lives, the
// calculators' files unpacked, and when each step ended. worker.mjs decides which boot and
// answers the page; worker-pyodide.mjs starts Pyodide; worker-snapshot.mjs reads and
// stores the snapshots.

/** @typedef {import("../types/protocol").RuntimeIdentity} RuntimeIdentity */
/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {{compute(name: string, inputs: string): string, play(name: string, inputs: string, faces: string): string, canary(name?: string): string}} Web */

/** This worker's own global scope, typed (the file runs as a module Web Worker). */
export const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const base = new URL("../../", import.meta.url); // assets/
const SITE_PACKAGES = "/home/pyodide/scrollhammer";

/** Where this build's runtime lives (set by locateRuntime, from the page's start message). */
export const where = { indexURL: "", archiveURL: "", snapshotKey: "" };

/**
 * Where this build's runtime lives, from the page's start message (checked by the page).
 * @param {RuntimeIdentity} runtime
 */
export function locateRuntime({ pyodide, stdlib, calculators }) {
  Object.assign(where, {
    indexURL: new URL(`pyodide/${pyodide}/`, base).href,
    archiveURL: new URL(`py/${calculators}`, base).href,
    snapshotKey: new URL(`py/snapshot/${pyodide}-${stdlib}-${calculators.replace(/\.zip$/, "")}`, base).href,
  });
}

/**
 * On a first visit (no service worker yet) start every download at once, so the line is
 * busy while the loader's JavaScript arrives; Pyodide's own requests for the same URLs
 * then come from the HTTP cache (or wait for these). The bodies are drained, never
 * copied. From the service worker's cache there is nothing to gain: no prefetch. (The
 * WebAssembly is not among them: its compile starts with the boot, see runtimeParts.)
 */
export function prefetch() {
  for (const url of [`${where.indexURL}python_stdlib.zip`, where.archiveURL]) {
    fetch(url)
      .then((response) => response.body?.pipeTo(new WritableStream()))
      .catch(() => undefined);
  }
}

/**
 * The WebAssembly comes from the browser's HTTP cache, not from the service worker (which
 * leaves .wasm requests alone): Chrome keeps the compiled code of a streamed module next
 * to an HTTP-cached response and reuses it on the next visit, but not for a response a
 * service worker hands over. When that copy is gone and the network is off, the service
 * worker's own copy (Cache Storage, kept for offline use) is used instead. Pyodide
 * fetches through the global fetch, so this worker's fetch gets that fallback.
 */
const networkFetch = scope.fetch.bind(scope);
/** @type {typeof fetch} */
scope.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
  if (!url.endsWith(".wasm")) return networkFetch(input, init);
  try {
    const response = await networkFetch(input, init);
    if (response.ok) return response;
  } catch {
    // offline, and the HTTP cache no longer has it: the service worker's copy below
  }
  const kept = await caches.match(url, { ignoreSearch: true }).catch(() => undefined);
  return kept || networkFetch(input, init);
};

/** @param {unknown} error */
export function message(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Put the calculators package (the same files pytest imports) on the file system and
 * sys.path. A snapshot holds the imported modules but not the file system, so this runs
 * after either boot: before the first import on a start from the files, after the first
 * answer on a start from a snapshot (see importedWeb).
 * @param {Pyodide} pyodide
 */
export async function unpackCalculators(pyodide) {
  const archive = await fetch(where.archiveURL);
  if (!archive.ok) throw new Error(`the calculators package is missing (${archive.status})`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: SITE_PACKAGES });
  const path = pyodide.pyimport("sys").path;
  if (!path.includes(SITE_PACKAGES)) path.insert(0, SITE_PACKAGES);
}

/**
 * The browser's entry points, with the package's files unpacked first.
 * @param {Pyodide} pyodide
 * @returns {Promise<Web>}
 */
export async function install(pyodide) {
  await unpackCalculators(pyodide);
  return /** @type {Web} */ (/** @type {unknown} */ (pyodide.pyimport("calculators.web")));
}

/**
 * The browser's entry points in an interpreter restored from a snapshot: the snapshot
 * was made after a fresh start's first answer, when every module of the package the
 * entry points use had been imported (a CPython test holds every module to that), so
 * they are in sys.modules and the files can wait until after the first answer. Should
 * the import need them after all, they are unpacked first.
 * @param {Pyodide} pyodide
 * @returns {Promise<{web: Web, unpacked: boolean}>}
 */
export async function importedWeb(pyodide) {
  const modules = pyodide.pyimport("sys").modules;
  if (!modules.has("calculators.web")) return { web: await install(pyodide), unpacked: true };
  return { web: /** @type {Web} */ (/** @type {unknown} */ (modules.get("calculators.web"))), unpacked: false };
}

/**
 * When each step of the boot ended (ms since the worker started), for the benchmark; and
 * when the worker started ("time-origin", ms since the epoch), to put them on the page's clock.
 */
export const timings = /** @type {Record<string, number>} */ ({ "time-origin": Math.round(performance.timeOrigin) });

/** @param {string} step */
export function mark(step) {
  timings[step] = Math.round(performance.now());
}

/** When the WebAssembly had been read (from the HTTP cache on a warm start), from its resource timing. */
export function markWasmRead() {
  const wasm = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(".wasm"));
  if (wasm instanceof PerformanceResourceTiming) timings["wasm-read"] = Math.round(wasm.responseEnd);
}
