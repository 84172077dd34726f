// @ts-check
// Scrollhammer Rules: the calculators' Python engine, seen from the page.
//
// One module Web Worker (worker.mjs) runs Pyodide; it is started once per visit and kept
// across Material's instant navigation. Messages carry JSON data only:
//   {id, op: "run",  name, inputs}        -> {id, answer: {result, view} | {errors}}
//   {id, op: "roll", name, inputs, faces} -> {id, answer: {lines} | {errors}}

/** @typedef {import("../types/view").Answer} Answer */
/** @typedef {import("../types/view").RollAnswer} RollAnswer */
/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineState */

/**
 * @typedef {object} Waiter
 * @property {(answer: any) => void} resolve
 * @property {(error: Error) => void} reject
 */

const engine = {
  /** @type {Worker | null} */
  worker: null,
  /** @type {EngineState} */
  state: "idle",
  failure: "",
  starts: 0,
  nextId: 1,
  /** @type {Map<number, Waiter>} */
  pending: new Map(),
  /** @type {Set<() => void>} */
  listeners: new Set(),
};

// Tests and the benchmark read how often Python was started.
Object.defineProperty(window, "scrollhammerCalculators", {
  value: Object.freeze({
    get starts() {
      return engine.starts;
    },
    get state() {
      return engine.state;
    },
  }),
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

/** Start the worker (once per visit). */
export function startEngine() {
  if (engine.worker || engine.state === "failed") return;
  engine.state = "loading";
  engine.starts += 1;
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
}

/**
 * Send a message to Python and wait for its answer.
 * @param {{op: "run", name: string, inputs: Record<string, string>} | {op: "roll", name: string, inputs: Record<string, string>, faces: number[]}} message
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
