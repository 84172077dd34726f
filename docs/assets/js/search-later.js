// @ts-check
// Scrollhammer Rules: the site's search worker in place of Material's, started when it is
// wanted, not at load.
//
// Material's search box talks to a worker it creates as soon as a page loads (its own,
// which builds a lunr index of the whole site in the phone's memory). This classic script,
// right before Material's bundle, gives Material the site's own worker instead
// (search/worker.mjs: the same messages, answered from Pagefind's index, which loads only
// what a query needs), and starts it only when the search is wanted: what Material posts
// is kept until then and handed over in order. The search is wanted when it is opened
// (the search toggle, the search field focused), when the page's first calculator answer
// has come (the page scripts call scrollhammerSearch.start()), or, on a page without a
// calculator, once the page has loaded and is idle. A result that carries a correction
// for a mistyped word is passed on to the page as an "sh-search:fix" event (search-typos.mjs
// offers it); "sh-search:start" says the worker has started.
//
// Our worker answers Material's messages. Another theme's bundle may name its worker the
// same way and speak otherwise (Zensical's posts its own index, not Material's `docs`): the
// first message decides, and a setup that is not Material's gets the theme's own worker.
(() => {
  const Real = window.Worker;
  const SEARCH_WORKER = /assets\/javascripts\/workers\/search\.[0-9a-f]+\.min\.js$/;
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const OURS = new URL("search/worker.mjs", script?.src || document.baseURI);
  /** @type {(() => void)[]} */
  const waiting = [];
  let wanted = false;

  function start() {
    if (wanted) return;
    wanted = true;
    for (const begin of waiting.splice(0)) begin();
    document.dispatchEvent(new CustomEvent("sh-search:start"));
  }

  /**
   * Whether a message is Material's search setup (`{type: 0, data: {docs: [...]}}`), which our worker answers.
   * @param {unknown} message
   */
  function materials(message) {
    const setup = /** @type {{type?: unknown, data?: {docs?: unknown}} | null} */ (message);
    return setup?.type === 0 && Array.isArray(setup.data?.docs);
  }

  /** A worker that starts when the search is wanted, keeping what is posted until then. */
  class LaterWorker extends EventTarget {
    /**
     * @param {string | URL} url the theme's worker
     * @param {WorkerOptions} [options]
     */
    constructor(url, options) {
      super();
      /** @type {unknown[]} */
      this.queue = [];
      /** @type {Worker | null} */
      this.real = null;
      /** Wanted before anything was posted: the first message starts it. */
      this.unsure = false;
      /** A bundle may listen as `worker.onmessage = …` (Zensical's does), not only with addEventListener. */
      /** @type {((event: MessageEvent) => void) | null} */
      this.onmessage = null;
      /** @type {((event: Event) => void) | null} */
      this.onerror = null;
      const begin = () => {
        if (!this.queue.length) {
          this.unsure = true;
          return;
        }
        const worker = materials(this.queue[0]) ? new Real(OURS, { type: "module" }) : new Real(url, options);
        this.real = worker;
        worker.addEventListener("message", (event) => {
          const fix = event.data?.scrollhammer;
          if (fix) document.dispatchEvent(new CustomEvent("sh-search:fix", { detail: fix }));
          const passed = new MessageEvent("message", { data: event.data });
          this.dispatchEvent(passed);
          this.onmessage?.(passed);
        });
        worker.addEventListener("error", () => {
          const passed = new Event("error", { cancelable: true });
          this.dispatchEvent(passed);
          this.onerror?.(passed);
        });
        for (const message of this.queue.splice(0)) worker.postMessage(message);
      };
      this.begin = begin;
      if (wanted) begin();
      else waiting.push(begin);
    }

    /** @param {unknown} message */
    postMessage(message) {
      if (this.real) this.real.postMessage(message);
      else this.queue.push(message);
      if (this.unsure) {
        this.unsure = false;
        this.begin();
      }
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
