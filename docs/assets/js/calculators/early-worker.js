// @ts-check
// Scrollhammer Rules: start Python from the page's <head>, on a visit after the first.
//
// A classic script, loaded async right after the tag that names the page's runtime, so it
// runs as soon as it arrives: before the page has been parsed and before its modules load.
// On a visit after the first (a service worker answers from this device) it starts the
// calculators' worker and sends it the start message at once, so Python's start overlaps
// the page's own loading on a phone's other cores; the engine (engine.mjs) takes the
// worker over when the page's modules run, with every reply the worker sent meanwhile.
// On a first visit it does nothing (forms.mjs starts Python once the page has painted, so
// the rule text never shares the line with the runtime), and with Data Saver on it leaves
// the choice to early-start.mjs, which starts only a runtime already on the device.
//
// Measured against starting when the page's modules run (`make bench-ab`, bench/README.md):
// on slow cores side by side the warm answer 2.38 -> 2.16 s, the next day's 2.48 -> 2.21 s.
(() => {
  const meta = document.querySelector('meta[name="scrollhammer:runtime"]');
  const script = document.currentScript;
  const connection = /** @type {{saveData?: boolean} | undefined} */ (
    /** @type {{connection?: unknown}} */ (navigator).connection
  );
  if (!(meta instanceof HTMLMetaElement) || !(script instanceof HTMLScriptElement)) return;
  if (!navigator.serviceWorker?.controller || connection?.saveData) return;
  /** @type {unknown} */
  let runtime;
  try {
    runtime = JSON.parse(meta.content);
  } catch {
    return; // the engine says what is wrong with it, when it starts
  }
  /** @type {Worker} */
  let worker;
  try {
    worker = new Worker(new URL("worker.mjs", script.src), { type: "module" });
  } catch {
    return; // the engine tries again, and says why it failed
  }
  /** What the engine takes over: the worker, when it started, what it said, and why it failed. */
  const early = { worker, startedAt: performance.now(), replies: /** @type {unknown[]} */ ([]), failure: "" };
  worker.onmessage = (event) => early.replies.push(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    early.failure = event.message || "the worker could not start";
  };
  worker.postMessage({ type: "start", runtime, prefetch: false, snapshot: true });
  Object.defineProperty(window, "scrollhammerEarlyWorker", { value: early, configurable: true });
})();
