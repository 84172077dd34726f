// @ts-check
// Scrollhammer Rules: have Chromium keep Pyodide's compiled JavaScript for the next visit.
//
// Chromium keeps a module that workers import only once it has seen it loaded twice from the
// same place; this visit's worker loaded it before the service worker was in control. So,
// once it is, a throwaway module worker (code-cache.mjs) imports the same files through it.

/** @typedef {import("../types/protocol").RuntimeIdentity} RuntimeIdentity */

/**
 * Import Pyodide's JavaScript once more, through the service worker, in a throwaway worker.
 * @param {RuntimeIdentity} runtime
 * @returns {Promise<"warmed" | "unavailable">}
 */
export async function warmPyodideCode(runtime) {
  const sw = navigator.serviceWorker;
  await sw.ready;
  if (!sw.controller) await new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
  const dir = new URL(`../../pyodide/${runtime.pyodide}/`, import.meta.url);
  try {
    await new Promise((resolve, reject) => {
      const helper = new Worker(new URL("code-cache.mjs", import.meta.url), { type: "module" });
      const done = () => {
        helper.terminate();
        resolve(undefined);
      };
      helper.addEventListener("message", done);
      helper.addEventListener("error", () => {
        helper.terminate();
        reject(new Error("the helper could not start"));
      });
      setTimeout(() => {
        helper.terminate();
        reject(new Error("given up after 60 s")); // slow: given up alone, nothing else waits for it
      }, 60_000);
      helper.postMessage([`${dir}pyodide.mjs`, `${dir}pyodide.asm.mjs`]);
    });
    return "warmed";
  } catch {
    return "unavailable"; // the next visit compiles Pyodide's JavaScript, as it would have
  }
}
