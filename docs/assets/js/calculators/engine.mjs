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
 * How long the engine waits for the worker, from the benchmark's figures (`make bench`,
 * README): a start, 4× the slowest cold first answer measured (29.1 s: a slow phone on slow
 * 4G, one quarter-core), for a phone or a network slower still; an answer, about 40× the
 * slowest calculation on slow cores (66 ms unthrottled, ×4); a snapshot kept, 60× its 0.5 s.
 * A test may set lower ones in `window.scrollhammerLimits` (ms) first.
 *
 * The policy, in one place (`taken`, `letGo`, `watch`):
 * - a start past its limit, or a calculation past its limit from when the worker took it,
 *   means the worker is hung: it is ended (and started again once, see `broken`);
 * - a snapshot is optional: past its limit from when the worker took it, it alone is given
 *   up; the worker, which answers the player, is kept;
 * - a request the worker has not taken waits its turn, with no limit of its own, while the
 *   worker holds something it took in time; when it holds nothing, it must take a waiting
 *   request within an answer's limit, or it is hung.
 */
const LIMITS = /** @type {const} */ ({ start: 120_000, answer: 10_000, snapshot: 30_000 });

/**
 * @param {keyof typeof LIMITS} kind
 * @returns {number} the limit in ms
 */
function limit(kind) {
  const given = /** @type {{scrollhammerLimits?: Record<string, unknown>}} */ (/** @type {unknown} */ (window))
    .scrollhammerLimits?.[kind];
  return typeof given === "number" && given > 0 ? given : LIMITS[kind];
}

/**
 * A request waiting for its answer: kept, to be sent again to a worker started after one failed.
 * @typedef {object} Waiter
 * @property {(answer: AnyAnswer) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {Compute | Play | Snapshot} request
 * @property {number} timer its time limit's timer (0 until the worker takes it)
 * @property {boolean} taken whether the worker has begun it (its limit runs)
 */

const engine = {
  /** @type {Worker | null} */
  worker: null,
  /** @type {EngineState} */
  state: "idle",
  failure: "",
  /** Failures in a row (a worker that died, errored or passed a time limit); an answer ends a run. */
  failures: 0,
  /** Whether the worker that failed last had started (it stopped, rather than could not start). */
  stopped: false,
  /** @type {string[]} why each worker of this visit was ended, for tests and whoever looks into it */
  ended: [],
  starts: 0,
  startTimer: 0,
  /** The watch on a worker that takes nothing while a request waits (see `watch`). */
  watchTimer: 0,
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
  "failures",
  "ended",
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

/** Why the engine failed (when its state is "failed"), for whoever looks into it. */
export function engineFailure() {
  return engine.failure;
}

/** Whether the failed engine had started and stopped (else it could not start). */
export function engineStopped() {
  return engine.stopped;
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

/**
 * Give up until the player asks again: every waiting request fails, and the calculators say so.
 * @param {string} message
 */
function giveUp(message) {
  engine.state = "failed";
  engine.failure = message || "unknown error";
  window.clearTimeout(engine.watchTimer);
  document.dispatchEvent(new CustomEvent("sh-calc:failed"));
  for (const waiter of engine.pending.values()) {
    window.clearTimeout(waiter.timer);
    waiter.reject(new Error(engine.failure));
  }
  engine.pending.clear();
  notify();
}

/**
 * A worker died, errored or passed a time limit: it is ended. The first failure in a row
 * starts another from the files and sends it every waiting request (the player's inputs
 * are in them); a second gives up. What an ended worker says after this is not heard.
 * @param {Worker | null} worker the worker that failed (null: none could be made)
 * @param {string} reason
 */
function broken(worker, reason) {
  if (worker && worker !== engine.worker) return;
  window.clearTimeout(engine.startTimer);
  window.clearTimeout(engine.watchTimer);
  worker?.terminate();
  engine.worker = null;
  engine.stopped = engine.state === "ready";
  engine.failures += 1;
  engine.ended.push(reason);
  for (const [id, waiter] of engine.pending) {
    window.clearTimeout(waiter.timer);
    waiter.timer = 0;
    waiter.taken = false;
    if (waiter.request.type === "snapshot") {
      // Not sent again: a snapshot of a start from the files is asked for after its first answer.
      engine.pending.delete(id);
      waiter.reject(new Error(reason));
    }
  }
  if (engine.failures >= 2) giveUp(reason);
  else launch(null, false);
}

/**
 * The worker has begun the request: its time limit runs. A calculation past it means a hung
 * worker; a snapshot past it is given up alone.
 * @param {Waiter} waiter
 */
function taken(waiter) {
  const worker = engine.worker;
  waiter.taken = true;
  if (waiter.request.type === "snapshot") {
    const ms = limit("snapshot");
    waiter.timer = window.setTimeout(() => letGo(waiter, `no snapshot within ${ms / 1000} s`), ms);
  } else {
    const ms = limit("answer");
    waiter.timer = window.setTimeout(() => broken(worker, `no answer within ${ms / 1000} s`), ms);
  }
}

/**
 * Give up an optional job alone (its answer, if it comes, is not heard); the worker is kept.
 * @param {Waiter} waiter
 * @param {string} reason
 */
function letGo(waiter, reason) {
  engine.pending.delete(waiter.request.id);
  waiter.reject(new Error(reason));
  watch();
}

/**
 * Watch a ready worker that holds nothing it took in time while a request waits untaken:
 * unless it takes or says something within an answer's limit, it is hung. Called whenever
 * that may have changed (a request sent, a reply heard, a job given up).
 */
function watch() {
  window.clearTimeout(engine.watchTimer);
  engine.watchTimer = 0;
  if (engine.state !== "ready") return;
  const waiters = [...engine.pending.values()];
  if (waiters.some((waiter) => waiter.taken) || !waiters.some((waiter) => !waiter.taken)) return;
  const worker = engine.worker;
  const ms = limit("answer");
  engine.watchTimer = window.setTimeout(() => broken(worker, `no answer within ${ms / 1000} s`), ms);
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
  if (engine.worker || engine.state !== "idle") return;
  launch(takeEarlyWorker(), true);
}

/**
 * After a second failure in a row, the player's Try again: one more worker, from the files.
 * Requests made after this wait for it.
 */
export function retryEngine() {
  if (engine.state !== "failed") return;
  engine.failures = 0;
  engine.failure = "";
  launch(null, false);
}

/**
 * Start a worker (or take over the head's), with its time limit.
 * @param {EarlyWorker | null} early
 * @param {boolean} fromSnapshot whether it may boot from a stored snapshot (not after a failure)
 */
function launch(early, fromSnapshot) {
  engine.state = "loading";
  engine.starts += 1;
  engine.startedAt = early ? early.startedAt : performance.now();
  notify();
  const runtime = runtimeIdentity();
  if (!runtime) {
    early?.worker.terminate();
    giveUp("the page did not say which Python runtime to start");
    return;
  }
  let worker;
  try {
    worker = early ? early.worker : new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    broken(null, String((error instanceof Error && error.message) || error));
    return;
  }
  engine.worker = worker;
  const ms = limit("start");
  engine.startTimer = window.setTimeout(() => broken(worker, `no start within ${ms / 1000} s`), ms);
  worker.addEventListener("message", (event) => onReply(worker, /** @type {Reply} */ (event.data)));
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    broken(worker, event.message || "the worker stopped");
  });
  if (early) {
    // Its start message went from the head, with the same runtime (the same tag).
    for (const reply of early.replies) onReply(worker, reply);
    if (early.failure) broken(worker, early.failure);
    return;
  }
  /** @type {Request} */
  const start = { type: "start", runtime, prefetch: !navigator.serviceWorker?.controller, snapshot: fromSnapshot };
  worker.postMessage(start);
  for (const waiter of engine.pending.values()) worker.postMessage(waiter.request);
}

/**
 * @param {Worker} worker the worker that sent it
 * @param {Reply} reply
 */
function onReply(worker, reply) {
  if (worker !== engine.worker) return;
  if (reply.type === "ready") {
    window.clearTimeout(engine.startTimer);
    engine.readyAt = performance.now();
    engine.state = "ready";
    engine.source = reply.source;
    engine.fallback = reply.fallback;
    engine.timings = reply.timings;
    watch();
    notify();
    return;
  }
  if (reply.type === "failed") {
    broken(worker, reply.message);
    return;
  }
  const waiter = engine.pending.get(reply.id);
  if (waiter && reply.type === "taken") taken(waiter);
  else if (waiter && reply.type !== "taken") settle(waiter, reply);
  watch(); // it is alive: a waiting request's watch starts again
}

/**
 * A request's answer (or its failure) has come.
 * @param {Waiter} waiter
 * @param {import("../types/protocol").Answered | import("../types/protocol").Unanswered} reply
 */
function settle(waiter, reply) {
  engine.pending.delete(reply.id);
  window.clearTimeout(waiter.timer);
  engine.failures = 0; // it answers: a run of failures ends
  if (reply.type === "error") waiter.reject(new Error(reply.message));
  else waiter.resolve(reply.answer);
}

/**
 * Send a request to Python and wait for its answer (within its time limit, from when the
 * worker takes it; a worker that fails is started once more and asked again).
 * @param {(id: number) => Compute | Play | Snapshot} make the request, given its id
 * @returns {Promise<AnyAnswer>}
 */
function ask(make) {
  startEngine();
  if (engine.state === "failed" || !engine.worker) return Promise.reject(new Error(engine.failure));
  const worker = engine.worker;
  const request = make(engine.nextId++);
  return new Promise((resolve, reject) => {
    /** @type {Waiter} */
    const waiter = { resolve, reject, request, timer: 0, taken: false };
    engine.pending.set(request.id, waiter);
    worker.postMessage(request);
    watch();
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
