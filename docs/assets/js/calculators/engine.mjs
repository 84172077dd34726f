// @ts-check
// Scrollhammer Rules: the calculators' Python engine, seen from the page.
//
// One module Web Worker (worker.mjs) runs Pyodide; it is started once per visit and kept
// across Material's instant navigation. It boots from a memory snapshot when this browser
// has one for this build's runtime; after the first answer from a fresh boot, when the
// page is idle, the page asks it to store one. The messages both ways are typed once, in
// calculators/protocol.py (types/protocol.d.ts and protocol.mjs are generated from it).
import { runtimeIdentity } from "./runtime.mjs";
import { warmPyodideCode } from "./warm-code-cache.mjs";

/** @typedef {import("../types/protocol").Answer} Answer */
/** @typedef {import("../types/protocol").RollAnswer} RollAnswer */
/** @typedef {import("../types/protocol").SnapshotStored} SnapshotAnswer */
/** @typedef {import("../types/protocol").Request} Request */
/** @typedef {import("../types/protocol").Reply} Reply */
/** @typedef {import("../types/protocol").Compute} Compute */
/** @typedef {import("../types/protocol").Play} Play */
/** @typedef {import("../types/protocol").Snapshot} Snapshot */
/** @typedef {import("../types/protocol").RuntimeIdentity} RuntimeIdentity */
/** @typedef {import("../types/protocol").Answered["answer"]} AnyAnswer */
/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineState */

/**
 * @typedef {object} Waiter
 * @property {(answer: AnyAnswer) => void} resolve
 * @property {(error: Error) => void} reject
 */

const engine = {
  /** @type {Worker | null} */
  worker: null,
  /** @type {EngineState} */
  state: "idle",
  failure: "",
  starts: 0,
  /** When the worker was started, and when it said it was ready (ms since navigation), for tests and the benchmark. */
  startedAt: -1,
  readyAt: -1,
  /** How Python started: "snapshot" or "files" (and why a snapshot was not used). */
  source: "",
  fallback: "",
  /** @type {SnapshotAnswer | null} */
  snapshot: null,
  /** @type {Record<string, number>} when each step of the worker's boot ended */
  timings: {},
  snapshotAsked: false,
  /** Pyodide's compiled JavaScript, kept for the next visit: "" (not asked), "warming", "warmed", "unavailable". */
  codeCache: "",
  nextId: 1,
  /** @type {Map<number, Waiter>} */
  pending: new Map(),
  /** @type {Set<() => void>} */
  listeners: new Set(),
};

// Tests and the benchmark read how often and how Python was started (read-only).
const OBSERVED = /** @type {const} */ ([
  "starts",
  "state",
  "startedAt",
  "readyAt",
  "source",
  "fallback",
  "snapshot",
  "timings",
  "codeCache",
]);
Object.defineProperty(window, "scrollhammerCalculators", {
  value: Object.freeze(
    Object.defineProperties(
      {},
      Object.fromEntries(OBSERVED.map((key) => [key, { get: () => engine[key], enumerable: true }])),
    ),
  ),
});

/** @returns {EngineState} */
export function engineState() {
  return engine.state;
}

/** Why the engine could not start (when its state is "failed"). */
export function engineFailure() {
  return engine.failure;
}

/**
 * Call `listener` whenever the engine's state changes.
 * @param {() => void} listener
 */
export function onEngineChange(listener) {
  engine.listeners.add(listener);
}

function notify() {
  for (const listener of engine.listeners) listener();
}

/** @param {string} message */
function fail(message) {
  engine.state = "failed";
  engine.failure = message || "unknown error";
  document.dispatchEvent(new CustomEvent("sh-calc:failed"));
  for (const waiter of engine.pending.values()) waiter.reject(new Error(engine.failure));
  engine.pending.clear();
  notify();
}

/**
 * @typedef {object} EarlyWorker the worker early-worker.js started from the page's head
 * @property {Worker} worker
 * @property {number} startedAt when it was started (ms since navigation)
 * @property {Reply[]} replies what it said before the engine listened
 * @property {string} failure why it failed before the engine listened ("" if it did not)
 */

/**
 * The worker early-worker.js started from the page's head, if it did, taken over once:
 * its own listeners are removed, so what it says from now on reaches only the engine.
 * @returns {EarlyWorker | null}
 */
function takeEarlyWorker() {
  const holder = /** @type {{scrollhammerEarlyWorker?: EarlyWorker}} */ (/** @type {unknown} */ (window));
  const early = holder.scrollhammerEarlyWorker;
  if (!early) return null;
  delete holder.scrollhammerEarlyWorker;
  early.worker.onmessage = null;
  early.worker.onerror = null;
  return early;
}

/** Start the worker (once per visit), or take over the one the page's head started. */
export function startEngine() {
  if (engine.worker || engine.state === "failed") return;
  engine.state = "loading";
  engine.starts += 1;
  const early = takeEarlyWorker();
  engine.startedAt = early ? early.startedAt : performance.now();
  notify();
  const runtime = runtimeIdentity();
  if (!runtime) {
    early?.worker.terminate();
    fail("the page did not say which Python runtime to start");
    return;
  }
  let worker;
  try {
    worker = early ? early.worker : new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    fail(String((error instanceof Error && error.message) || error));
    return;
  }
  engine.worker = worker;
  worker.addEventListener("message", (event) => onReply(/** @type {Reply} */ (event.data)));
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.message || "the worker could not start");
  });
  if (early) {
    // Its start message went from the head, with the same runtime (the same tag).
    for (const reply of early.replies) onReply(reply);
    if (early.failure) fail(early.failure);
    return;
  }
  /** @type {Request} */
  const start = { type: "start", runtime, prefetch: !navigator.serviceWorker?.controller };
  worker.postMessage(start);
}

/** @param {Reply} reply */
function onReply(reply) {
  if (reply.type === "ready") {
    engine.readyAt = performance.now();
    engine.state = "ready";
    engine.source = reply.source;
    engine.fallback = reply.fallback;
    engine.timings = reply.timings;
    notify();
    return;
  }
  if (reply.type === "failed") {
    fail(reply.message);
    return;
  }
  const waiter = engine.pending.get(reply.id);
  if (!waiter) return;
  engine.pending.delete(reply.id);
  if (reply.type === "error") waiter.reject(new Error(reply.message));
  else waiter.resolve(reply.answer);
}

/**
 * Send a request to Python and wait for its answer.
 * @param {(id: number) => Compute | Play | Snapshot} request the request, given its id
 * @returns {Promise<AnyAnswer>}
 */
function ask(request) {
  startEngine();
  const worker = engine.worker;
  if (engine.state === "failed" || !worker) return Promise.reject(new Error(engine.failure));
  const id = engine.nextId++;
  return new Promise((resolve, reject) => {
    engine.pending.set(id, { resolve, reject });
    worker.postMessage(request(id));
  });
}

/**
 * Calculate.
 * @param {string} name
 * @param {Record<string, string>} inputs
 * @returns {Promise<Answer>}
 */
export async function compute(name, inputs) {
  return /** @type {Answer} */ (await ask((id) => ({ type: "compute", id, name, inputs })));
}

/**
 * Play a calculation out with the given d6 faces.
 * @param {string} name
 * @param {Record<string, string>} inputs
 * @param {number[]} faces
 * @returns {Promise<RollAnswer>}
 */
export async function play(name, inputs, faces) {
  return /** @type {RollAnswer} */ (await ask((id) => ({ type: "play", id, name, inputs, faces })));
}

/**
 * Ask the worker, once, to store a snapshot of its freshly started Python for the next
 * visit (call it when the page is idle after an answer: it never delays one).
 * @returns {Promise<SnapshotAnswer | null>}
 */
export async function keepSnapshot() {
  if (engine.snapshotAsked || engine.state !== "ready" || engine.source !== "files") return null;
  engine.snapshotAsked = true;
  try {
    engine.snapshot = /** @type {SnapshotAnswer} */ (await ask((id) => ({ type: "snapshot", id })));
  } catch (error) {
    engine.snapshot = { stored: false, bytes: 0, reason: error instanceof Error ? error.message : String(error) };
  }
  document.dispatchEvent(new CustomEvent("sh-calc:snapshot", { detail: engine.snapshot }));
  if (engine.snapshot.stored) warmCodeCache();
  return engine.snapshot;
}

/** Have Chromium keep Pyodide's compiled JavaScript for the next visit (warm-code-cache.mjs). */
async function warmCodeCache() {
  const runtime = runtimeIdentity();
  if (!runtime || !navigator.serviceWorker) return;
  engine.codeCache = "warming";
  engine.codeCache = await warmPyodideCode(runtime);
}
