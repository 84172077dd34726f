// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: the calculators' Python runtime, in a module Web Worker.
//
// Started once per visit by engine.mjs, whose first message (a Start) names the runtime,
// which the page checked (the build writes it into the page, so no manifest has to be
// fetched first; not in the worker's URL: a service worker answers with its cache's URL,
// and the query is lost). The messages both ways are typed once, in
// calculators/protocol.py (types/protocol.d.ts is generated from it).
//
// Boot: from a memory snapshot of an already started Python when this browser has a
// valid one for exactly this runtime (Pyodide's version, the stdlib's and the
// calculators' hashes), else from the files. A missing, truncated, corrupt or mismatched
// snapshot falls back to booting from the files, and is replaced: after the first
// answer, when the page is idle, it asks for a new one (a Snapshot request).
//
// Inputs cross as JSON text into plain Python calls; no Python source is built here.

/** @typedef {import("../types/protocol").Request} Request */
/** @typedef {import("../types/protocol").Reply} Reply */
/** @typedef {import("../types/protocol").RuntimeIdentity} RuntimeIdentity */
/** @typedef {import("../types/protocol").Start} Start */
/** @typedef {import("../types/protocol").SnapshotStored} SnapshotStored */

/** This worker's own global scope, typed (the file runs as a module Web Worker). */
const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const base = new URL("../../", import.meta.url); // assets/
const SITE_PACKAGES = "/home/pyodide/scrollhammer";
/** The Cache Storage of snapshots (not "scrollhammer-…": the service worker owns those). */
const SNAPSHOTS = "scrollhammer.python-snapshots";

/**
 * Where this build's runtime lives, from the page's start message (checked by the page).
 * @param {RuntimeIdentity} runtime
 */
function locate({ pyodide, stdlib, calculators }) {
  return {
    indexURL: new URL(`pyodide/${pyodide}/`, base).href,
    archiveURL: new URL(`py/${calculators}`, base).href,
    snapshotKey: new URL(`py/snapshot/${pyodide}-${stdlib}-${calculators.replace(/\.zip$/, "")}`, base).href,
  };
}

/** @type {{indexURL: string, archiveURL: string, snapshotKey: string}} */
let where;

/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {{compute(name: string, inputs: string): string, play(name: string, inputs: string, faces: string): string, canary(name?: string): string}} Web */

/**
 * On a first visit (no service worker yet) start every download at once, so the line is
 * busy while the loader's JavaScript arrives; Pyodide's own requests for the same URLs
 * then come from the HTTP cache (or wait for these). The bodies are drained, never
 * copied. From the service worker's cache there is nothing to gain: no prefetch.
 */
function prefetch() {
  for (const url of [`${where.indexURL}pyodide.asm.wasm`, `${where.indexURL}python_stdlib.zip`, where.archiveURL]) {
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
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

// Pyodide 314 catches a failed WebAssembly download or compile, warns "wasm
// instantiation failed!" and then never settles loadPyodide(). Turn that warning into a
// failure the page can show, for as long as the boot lasts.
function instantiationFailure() {
  const warn = console.warn;
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    console.warn = (...args) => {
      if (String(args[0]).includes("wasm instantiation failed")) {
        reject(new Error("the Python runtime (WebAssembly) could not be downloaded"));
      }
      warn.apply(console, args);
    };
  });
  return {
    failed,
    restore: () => {
      console.warn = warn;
    },
  };
}

/** @type {Promise<typeof import("pyodide")> | null} */
let loading = null;
/** Pyodide's loader module, imported once (started while the snapshot is read). */
function loader() {
  loading ??= import(`${where.indexURL}pyodide.mjs`).then((module) => {
    mark("loader");
    return module;
  });
  return loading;
}

/**
 * @typedef {object} SnapshotMemory
 * @property {Uint8Array} memory memory of the snapshot's size, given out at once and
 *   written only when the whole stored form has been read and checked
 * @property {Promise<void>} filled settles when it has been (rejects when the stored form
 *   is truncated, damaged or in another format; `memory` then stays zeros)
 */

/**
 * Start Pyodide: from a snapshot, or fresh and ready to make one.
 *
 * From a snapshot, Pyodide sizes the interpreter's memory by it, then fetches, compiles
 * and instantiates the WebAssembly, and only then copies the snapshot in. So it is given
 * the memory at once, and the stored form is read into it meanwhile (it used to wait for
 * the read: one read of ~15 MB on the way to every warm answer). Pyodide's file-system
 * hook, which it awaits before it goes on to the copy, waits for the read; when the read
 * fails the hook never returns, so zeros are never restored, and the boot fails with the
 * read's reason (and falls back to the files).
 * @param {SnapshotMemory | null} snapshot
 * @returns {Promise<Pyodide>}
 */
async function startPyodide(snapshot) {
  const { loadPyodide } = await loader();
  const watch = instantiationFailure();
  try {
    const { indexURL } = where;
    if (!snapshot) return await Promise.race([loadPyodide({ indexURL, _makeSnapshot: true }), watch.failed]);
    /** @type {Promise<never>} */
    const never = new Promise(() => undefined);
    const options = {
      indexURL,
      _loadSnapshot: snapshot.memory,
      fsInit: () => snapshot.filled.catch(() => never),
    };
    /** @type {Promise<never>} */
    const unread = snapshot.filled.then(() => never);
    return await Promise.race([loadPyodide(options), watch.failed, unread]);
  } finally {
    watch.restore();
  }
}

/**
 * Put the calculators package (the same files pytest imports) on the file system and
 * sys.path. A snapshot holds the imported modules but not the file system, so this runs
 * after either boot: before the first import on a start from the files, after the first
 * answer on a start from a snapshot (see importedWeb).
 * @param {Pyodide} pyodide
 */
async function unpackCalculators(pyodide) {
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
async function install(pyodide) {
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
async function importedWeb(pyodide) {
  const modules = pyodide.pyimport("sys").modules;
  if (!modules.has("calculators.web")) return { web: await install(pyodide), unpacked: true };
  return { web: /** @type {Web} */ (/** @type {unknown} */ (modules.get("calculators.web"))), unpacked: false };
}

/** The snapshot format, imported when there is a snapshot to read or make (never on a first visit's path). */
function snapshotFormat() {
  return import("./snapshot-format.mjs");
}

/**
 * The stored snapshot for this runtime, or null. Snapshots of other runtimes (an older
 * build) are deleted on the way.
 * @returns {Promise<Response | null>}
 */
async function storedSnapshot() {
  if (!("caches" in scope)) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
      if (request.url !== where.snapshotKey) await cache.delete(request);
    }
    const hit = await cache.match(where.snapshotKey);
    return hit?.body ? hit : null;
  } catch {
    return null; // no Cache Storage (private mode, storage blocked): boot from the files
  }
}

/**
 * A stored snapshot, as startPyodide takes it: its memory at once, filled as it is read.
 * @param {Response} stored
 * @returns {Promise<SnapshotMemory>}
 * @throws {Error} when it is in another format or names no size.
 */
async function snapshotMemory(stored) {
  const { FORMAT, unpackInto } = await snapshotFormat();
  if (stored.headers.get("x-format") !== FORMAT) throw new Error("the stored snapshot is in another format");
  const rawBytes = Number(stored.headers.get("x-raw-bytes"));
  if (!Number.isSafeInteger(rawBytes) || rawBytes <= 0) throw new Error("the stored snapshot has no size");
  const memory = new Uint8Array(rawBytes);
  const check = String(stored.headers.get("x-check"));
  const filled = stored.arrayBuffer().then((body) => {
    unpackInto(new Uint8Array(body), memory, check);
    mark("snapshot-read");
  });
  filled.catch(() => undefined); // startPyodide reports it
  return { memory, filled };
}

/** @type {{pyodide: Pyodide, web: Web, source: "snapshot" | "files", fallback: string}} */
let booted;
/** On a start from a snapshot: the calculators whose sample it has answered (each is checked on its first use). */
const checked = new Set();
/** On a start from a snapshot: the package's files, unpacked after the first answer (null until then). */
let unpacked = /** @type {Promise<void> | null} */ (null);
/** A start from the files that replaces a restored interpreter which failed a check (null until one does). */
let replacing = /** @type {Promise<void> | null} */ (null);
/**
 * When each step of the boot ended (ms since the worker started), for the benchmark; and
 * when the worker started ("time-origin", ms since the epoch), to put them on the page's clock.
 */
const timings = /** @type {Record<string, number>} */ ({ "time-origin": Math.round(performance.timeOrigin) });
/** @param {string} step */
function mark(step) {
  timings[step] = Math.round(performance.now());
}
/** When the WebAssembly had been read (from the HTTP cache on a warm start), from its resource timing. */
function markWasmRead() {
  const wasm = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(".wasm"));
  if (wasm instanceof PerformanceResourceTiming) timings["wasm-read"] = Math.round(wasm.responseEnd);
}

async function boot() {
  mark("start");
  loader().catch(() => undefined); // fetch and compile the loader while the cache is asked
  const stored = await storedSnapshot();
  if (stored) {
    try {
      // The snapshot is read and unpacked while Pyodide fetches and compiles its files.
      const pyodide = await startPyodide(await snapshotMemory(stored));
      mark("python");
      markWasmRead();
      const { web, unpacked: already } = await importedWeb(pyodide);
      mark("installed");
      if (already) unpacked = Promise.resolve();
      booted = { pyodide, web, source: "snapshot", fallback: "" };
      return;
    } catch (error) {
      await caches.delete(SNAPSHOTS).catch(() => false);
      booted = { ...(await bootFromFiles()), fallback: message(error) };
      return;
    }
  }
  booted = { ...(await bootFromFiles()), fallback: "" };
}

/** @returns {Promise<{pyodide: Pyodide, web: Web, source: "files"}>} */
async function bootFromFiles() {
  const pyodide = await startPyodide(null);
  mark("python");
  const web = await install(pyodide);
  mark("installed");
  return { pyodide, web, source: "files" };
}

/**
 * Store a memory snapshot of this (freshly booted, already answering) interpreter for
 * the next visit; the page asks for it when idle after the first answer.
 * @returns {Promise<SnapshotStored>}
 */
async function makeSnapshot() {
  if (booted.source !== "files") return { stored: false, bytes: 0, reason: "booted from a snapshot" };
  try {
    const { FORMAT, pack } = await snapshotFormat();
    const { body, rawBytes, check } = pack(booted.pyodide.makeMemorySnapshot());
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) await cache.delete(request);
    const headers = {
      "content-type": "application/octet-stream",
      "x-format": FORMAT,
      "x-raw-bytes": String(rawBytes),
      "x-check": check,
    };
    await cache.put(where.snapshotKey, new Response(body, { headers }));
    return { stored: true, bytes: body.length, reason: "" };
  } catch (error) {
    const quota = error instanceof DOMException && error.name === "QuotaExceededError";
    return { stored: false, bytes: 0, reason: quota ? "the browser's storage for this site is full" : message(error) };
  }
}

/**
 * Before a restored interpreter answers anyone with a calculator, it answers that
 * calculator's declared sample (once per calculator: the first use of each costs one
 * extra calculation, not every calculator's at the start). One that fails is never used
 * again: the snapshot is deleted and Python starts from the files, which answer instead.
 * @param {string} name
 */
async function checkedFor(name) {
  if (replacing) await replacing;
  if (booted.source !== "snapshot" || checked.has(name)) return;
  try {
    booted.web.canary(name);
    checked.add(name);
  } catch (error) {
    replacing ??= (async () => {
      await caches.delete(SNAPSHOTS).catch(() => false);
      booted = { ...(await bootFromFiles()), fallback: message(error) };
    })();
    await replacing;
  }
}

/** After the first answer from a snapshot, the package's files (see importedWeb). */
function unpackAfterAnswer() {
  if (unpacked || booted.source !== "snapshot") return;
  const { pyodide } = booted;
  unpacked = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => unpackCalculators(pyodide))
    .catch(() => undefined); // its modules are loaded already; the files are for what might ask for them
}

/** @param {Reply} reply */
function reply(reply) {
  scope.postMessage(reply);
}

/** @type {(start: Start) => void} */
let started = () => undefined;
/** Booted once the page's start message has named the runtime. */
const ready = new Promise((resolve) => {
  started = resolve;
}).then((/** @type {Start} */ start) => {
  where = locate(start.runtime);
  if (start.prefetch) prefetch();
  return boot();
});
ready.then(
  () => {
    mark("ready");
    reply({ type: "ready", source: booted.source, fallback: booted.fallback, timings });
  },
  (error) => reply({ type: "failed", message: message(error) }),
);

scope.addEventListener("message", async (event) => {
  const request = /** @type {Request} */ (event.data);
  if (request.type === "start") {
    started(request);
    return;
  }
  try {
    await ready;
    if (request.type === "snapshot") {
      reply({ type: "answer", id: request.id, answer: await makeSnapshot() });
      return;
    }
    await checkedFor(request.name);
    const inputs = JSON.stringify(request.inputs);
    const text =
      request.type === "play"
        ? booted.web.play(request.name, inputs, JSON.stringify(request.faces))
        : booted.web.compute(request.name, inputs);
    reply({ type: "answer", id: request.id, answer: JSON.parse(text) });
    unpackAfterAnswer();
  } catch (error) {
    reply({ type: "error", id: request.id, message: message(error) });
  }
});
