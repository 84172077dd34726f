// @ts-check
// Scrollhammer Rules: the calculators' Python engine, seen from the page.
//
// One module Web Worker (worker.mjs) runs Pyodide; it is started once per visit and kept
// across Material's instant navigation. It boots from a memory snapshot when this browser
// has one for this build's runtime; after the first answer from a fresh boot, when the
// page is idle, the page asks it to store one. Messages carry JSON data only:
//   {id, op: "run",  name, inputs}        -> {id, answer: {result, view} | {errors}}
//   {id, op: "roll", name, inputs, faces} -> {id, answer: {lines} | {errors}}
//   {id, op: "snapshot"}                  -> {id, answer: {stored, bytes, reason}}

/** @typedef {import("../types/view").Answer} Answer */
/** @typedef {import("../types/view").RollAnswer} RollAnswer */
/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineState */

/**
 * @typedef {object} Waiter
 * @property {(answer: any) => void} resolve
 * @property {(error: Error) => void} reject
 */

/** @typedef {{stored: boolean, bytes: number, reason: string}} SnapshotAnswer */

const engine = {
  /** @type {Worker | null} */
  worker: null,
  /** @type {EngineState} */
  state: "idle",
  failure: "",
  starts: 0,
  /** When the worker was started (ms since navigation), for tests and the benchmark. */
  startedAt: -1,
  /** How Python started: "snapshot" or "files" (and why a snapshot was not used). */
  source: "",
  fallback: "",
  /** @type {SnapshotAnswer | null} */
  snapshot: null,
  /** @type {Record<string, number>} when each step of the worker's boot ended */
  timings: {},
  snapshotAsked: false,
  nextId: 1,
  /** @type {Map<number, Waiter>} */
  pending: new Map(),
  /** @type {Set<() => void>} */
  listeners: new Set(),
};

// Tests and the benchmark read how often and how Python was started (read-only).
const OBSERVED = /** @type {const} */ (["starts", "state", "startedAt", "source", "fallback", "snapshot", "timings"]);
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
 * The worker's start message: the runtime this build ships (the build writes it into the
 * head of each page with calculators, and into each calculator), and whether to start
 * every download at once (a first visit: no service worker answers yet).
 */
function startMessage() {
  const meta = document.querySelector('meta[name="scrollhammer:runtime"]');
  const holder = document.querySelector("section.sh-calc[data-runtime]");
  const text =
    meta instanceof HTMLMetaElement
      ? meta.content
      : holder instanceof HTMLElement
        ? holder.dataset.runtime || "{}"
        : "{}";
  let runtime = {};
  try {
    runtime = JSON.parse(text);
  } catch {
    runtime = {};
  }
  return { type: "start", runtime, prefetch: !navigator.serviceWorker?.controller };
}

/** Start the worker (once per visit). */
export function startEngine() {
  if (engine.worker || engine.state === "failed") return;
  engine.state = "loading";
  engine.starts += 1;
  engine.startedAt = performance.now();
  notify();
  let worker;
  try {
    worker = new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    fail(String((error instanceof Error && error.message) || error));
    return;
  }
  engine.worker = worker;
  worker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "ready") {
      engine.state = "ready";
      engine.source = String(data.source || "");
      engine.fallback = String(data.fallback || "");
      engine.timings = data.timings || {};
      notify();
      return;
    }
    if (data.type === "failed") {
      fail(data.message);
      return;
    }
    const waiter = engine.pending.get(data.id);
    if (!waiter) return;
    engine.pending.delete(data.id);
    if (data.failed) waiter.reject(new Error(data.failed));
    else waiter.resolve(data.answer);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.message || "the worker could not start");
  });
  worker.postMessage(startMessage());
}

/**
 * Send a message to Python and wait for its answer.
 * @param {{op: "run", name: string, inputs: Record<string, string>} | {op: "roll", name: string, inputs: Record<string, string>, faces: number[]} | {op: "snapshot"}} message
 * @returns {Promise<any>}
 */
function ask(message) {
  startEngine();
  const worker = engine.worker;
  if (engine.state === "failed" || !worker) return Promise.reject(new Error(engine.failure));
  const id = engine.nextId++;
  return new Promise((resolve, reject) => {
    engine.pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  });
}

/**
 * Calculate.
 * @param {string} name
 * @param {Record<string, string>} inputs
 * @returns {Promise<Answer>}
 */
export function calculate(name, inputs) {
  return ask({ op: "run", name, inputs });
}

/**
 * Play a calculation out with the given d6 faces.
 * @param {string} name
 * @param {Record<string, string>} inputs
 * @param {number[]} faces
 * @returns {Promise<RollAnswer>}
 */
export function rollDice(name, inputs, faces) {
  return ask({ op: "roll", name, inputs, faces });
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
    engine.snapshot = await ask({ op: "snapshot" });
  } catch (error) {
    engine.snapshot = { stored: false, bytes: 0, reason: error instanceof Error ? error.message : String(error) };
  }
  document.dispatchEvent(new CustomEvent("sh-calc:snapshot", { detail: engine.snapshot }));
  return engine.snapshot;
}
