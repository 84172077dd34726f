// @ts-check
// Scrollhammer Rules: Material's search worker, started when it is wanted, not at load.
//
// Material creates its search worker as soon as a page loads, and the worker builds the
// search index at once: work that competes with the page and with Python's start for the
// phone's CPU, for a search the player may not open. This classic script, right before
// Material's bundle, hands Material a stand-in for that one worker: what Material posts
// is kept, and the real worker starts (and gets it, in order) when the search is opened
// (the search toggle, the search field focused), when the page's first calculator answer
// has come (the page scripts call scrollhammerSearch.start()), or, on a page without a
// calculator, once the page has loaded and is idle. The search then works as before,
// online or off; "Did you mean" loads its words at the same moment (the event below).
(() => {
  const Real = window.Worker;
  const SEARCH_WORKER = /assets\/javascripts\/workers\/search\.[0-9a-f]+\.min\.js$/;
  /** @type {(() => void)[]} */
  const waiting = [];
  let wanted = false;

  function start() {
    if (wanted) return;
    wanted = true;
    for (const begin of waiting.splice(0)) begin();
    document.dispatchEvent(new CustomEvent("sh-search:start"));
  }

  /** A worker that starts when the search is wanted, keeping what is posted until then. */
  class LaterWorker extends EventTarget {
    /**
     * @param {string | URL} url
     * @param {WorkerOptions} [options]
     */
    constructor(url, options) {
      super();
      /** @type {unknown[]} */
      this.queue = [];
      /** @type {Worker | null} */
      this.real = null;
      const begin = () => {
        const worker = new Real(url, options);
        this.real = worker;
        worker.addEventListener("message", (event) =>
          this.dispatchEvent(new MessageEvent("message", { data: event.data })),
        );
        worker.addEventListener("error", () => this.dispatchEvent(new Event("error")));
        for (const message of this.queue.splice(0)) worker.postMessage(message);
      };
      if (wanted) begin();
      else waiting.push(begin);
    }

    /** @param {unknown} message */
    postMessage(message) {
      if (this.real) this.real.postMessage(message);
      else this.queue.push(message);
    }

    terminate() {
      this.real?.terminate();
    }
  }

  /**
   * @param {string | URL} url
   * @param {WorkerOptions} [options]
   */
  function Worker(url, options) {
    const address = new URL(String(url), document.baseURI).pathname;
    return SEARCH_WORKER.test(address) ? new LaterWorker(url, options) : new Real(url, options);
  }
  Worker.prototype = Real.prototype;
  window.Worker = /** @type {typeof window.Worker} */ (/** @type {unknown} */ (Worker));

  document.addEventListener("change", (event) => {
    const toggle = event.target;
    if (toggle instanceof HTMLInputElement && toggle.id === "__search" && toggle.checked) start();
  });
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches("[data-md-component=search-query]")) start();
  });
  window.addEventListener("load", () => {
    // A page without a calculator has nothing to wait for: start once it is idle.
    if (document.querySelector("section.sh-calc")) return;
    const idle = window.requestIdleCallback || ((fn) => window.setTimeout(fn, 1000));
    idle(() => start(), { timeout: 3000 });
  });
  window.scrollhammerSearch = {
    start,
    get started() {
      return wanted;
    },
  };
})();
