// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: a throwaway module worker that imports Pyodide's JavaScript once more.
//
// Chromium keeps the compiled code of a module a worker imports only once it has seen the
// module twice (the second load compiles and stores it; the third reuses it). Python's
// first start imports Pyodide's 1.2 MB module once; without a second import, the player's
// next visit would compile it again (about 125 ms here, four times that on a slow phone).
// And this visit's worker loaded it before the service worker was in control, so the
// next visit's load, through the service worker, would be its first from there. After the
// first start, with the snapshot kept and the service worker in control, the page starts
// this worker, which imports the same modules through it and says when it is done.
const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));

scope.addEventListener("message", async (event) => {
  const urls = /** @type {string[]} */ (event.data);
  for (const url of urls) {
    try {
      await import(url);
    } catch {
      // nothing is lost: the next visit compiles it, as it would have
    }
  }
  scope.postMessage("done");
});
