// The cross-engine tests' probe: their server puts it first in every page's <head> (it is
// never part of the site). WebDriver in WebKit and Marionette in Firefox cannot read a
// page's console, so the page's own errors, CSP violations and alerts are kept here, in
// window.__probe, for the tests to read.
(() => {
  const seen = { errors: [], csp: [], alerts: [], searchReady: false };
  window.__probe = seen;
  // The search worker's READY (Material's message type 1): its modules are in by then, so a
  // test that waits for it leaves the page with no request of that worker in flight.
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(url, options) {
      super(url, options);
      if (String(url).includes("search/worker.mjs")) {
        this.addEventListener("message", (event) => {
          if (event.data && event.data.type === 1) seen.searchReady = true;
        });
      }
    }
  };
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && /\b(prefetch|next|prerender)\b/.test(target.rel)) {
        return; // a hint (Firefox prefetches rel=next) cut short by leaving the page: no failure a player sees
      }
      if (target && target !== window && (target.src || target.href)) {
        seen.errors.push(`failed to load ${target.tagName.toLowerCase()} ${target.rel || ""} ${target.src || target.href}`);
      } else {
        seen.errors.push(`${event.message} (${event.filename}:${event.lineno})`);
      }
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    seen.errors.push(`unhandled rejection: ${reason && reason.stack ? reason.stack : String(reason)}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    seen.csp.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
  });
  const report = console.error.bind(console);
  console.error = (...args) => {
    seen.errors.push(args.map(String).join(" "));
    report(...args);
  };
  // The site as iOS runs it from the Home Screen (navigator.standalone), for this tab's
  // pages once a test has said so: the page's own scripts read it as they start.
  if (sessionStorage.getItem("__probe.standalone")) {
    Object.defineProperty(Navigator.prototype, "standalone", { get: () => true, configurable: true });
  }
  // A dialog would stop the driver; each is noted instead (confirm as a player who agrees).
  for (const name of ["alert", "confirm", "prompt"]) {
    window[name] = (message) => {
      seen.alerts.push(`${name}: ${message}`);
      return name === "confirm" ? true : null;
    };
  }
})();
