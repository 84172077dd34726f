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
// answer, when the page is idle, it asks for a new one (a Snapshot request). A worker the
// page started again after one failed boots from the files (Start.snapshot is false): the
// snapshot is set aside, not deleted; the next visit checks it again, calculator by
// calculator, and a snapshot of this start replaces it.
//
// Inputs cross as JSON text into plain Python calls; no Python source is built here.
//
// This module answers the page; beside it, worker-boot.mjs (where the runtime lives, the
// files, the marks), worker-pyodide.mjs (Pyodide's start) and worker-snapshot.mjs
// (reading and storing snapshots).
import {
  importedWeb,
  install,
  locateRuntime,
  mark,
  markWasmRead,
  message,
  prefetch,
  scope,
  timings,
  unpackCalculators,
} from "./worker-boot.mjs";
import { runtimeParts, startPyodide } from "./worker-pyodide.mjs";
import { makeSnapshot, SNAPSHOTS, snapshotMemory, snapshotSoon } from "./worker-snapshot.mjs";

/** @typedef {import("../types/protocol").Request} Request */
/** @typedef {import("../types/protocol").Reply} Reply */
/** @typedef {import("../types/protocol").Start} Start */
/** @typedef {import("./worker-boot.mjs").Pyodide} Pyodide */
/** @typedef {import("./worker-boot.mjs").Web} Web */

/** @returns {Promise<{pyodide: Pyodide, web: Web, source: "files"}>} */
async function bootFromFiles() {
  const pyodide = await startPyodide(null);
  mark("python");
  const web = await install(pyodide);
  mark("installed");
  return { pyodide, web, source: "files" };
}

/** @type {{pyodide: Pyodide, web: Web, source: "snapshot" | "files", fallback: string}} */
let booted;

/** On a start from a snapshot: the calculators whose sample it has answered (each is checked on its first use). */
const checked = new Set();

/** On a start from a snapshot: the package's files, unpacked after the first answer (null until then). */
let unpacked = /** @type {Promise<void> | null} */ (null);

/** A start from the files that replaces a restored interpreter which failed a check (null until one does). */
let replacing = /** @type {Promise<void> | null} */ (null);

/** @param {boolean} fromSnapshot whether a stored snapshot may be used (not on a start again after a failure) */
async function boot(fromSnapshot) {
  mark("start");
  runtimeParts(); // Pyodide's parts load and compile while the cache is asked
  const stored = fromSnapshot ? await snapshotSoon() : null;
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
  locateRuntime(start.runtime);
  if (start.prefetch) prefetch();
  return boot(start.snapshot);
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
    reply({ type: "taken", id: request.id }); // its time limit runs from now
    if (request.type === "snapshot") {
      reply({ type: "answer", id: request.id, answer: await makeSnapshot(booted) });
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
