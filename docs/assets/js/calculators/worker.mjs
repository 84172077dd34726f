// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: the calculators' Python runtime, in a module Web Worker.
//
// Boots the site's own copy of Pyodide once, unpacks the `calculators` package (the
// same files pytest imports, zipped at build time) and answers messages:
//   {id, op: "run",  name, inputs}        -> {id, answer: {result, view} | {errors}}
//   {id, op: "roll", name, inputs, faces} -> {id, answer: {lines} | {errors}}
// Inputs cross as JSON text into two plain Python calls; no Python source is built here.
/** This worker's own global scope, typed (the file runs as a module Web Worker). */
const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const base = new URL("../../", import.meta.url); // assets/
const SITE_PACKAGES = "/home/pyodide/scrollhammer";

// Pyodide 314 catches a failed WebAssembly download or compile, warns "wasm
// instantiation failed!" and then never settles loadPyodide(). Turn that warning into a
// failure the page can show, for as long as the boot lasts.
function instantiationFailure() {
  const warn = console.warn;
  const restore = () => {
    console.warn = warn;
  };
  const failed = new Promise((_, reject) => {
    console.warn = (...args) => {
      if (String(args[0]).includes("wasm instantiation failed")) {
        reject(new Error("the Python runtime (WebAssembly) could not be downloaded"));
      }
      warn.apply(console, args);
    };
  });
  return { failed, restore: () => restore() };
}

async function boot() {
  const manifestResponse = await fetch(new URL("py/manifest.json", base), { cache: "no-cache" });
  if (!manifestResponse.ok) throw new Error(`the calculators manifest is missing (${manifestResponse.status})`);
  const manifest = await manifestResponse.json();
  // Pyodide lives under its pinned version's folder (cached for a year by the server).
  const indexURL = new URL(`pyodide/${manifest.pyodide}/`, base).href;
  // Start the big downloads now, side by side, so the connection is busy while the
  // loader's JavaScript is fetched and compiled; Pyodide's own requests for these
  // files then come from the HTTP cache (or wait for these to finish, not re-download).
  for (const name of ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) {
    fetch(indexURL + name)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
  fetch(new URL(`py/${manifest.calculators}`, base))
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
  /** @type {typeof import("pyodide")} */
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const watch = instantiationFailure();
  let pyodide;
  try {
    pyodide = await Promise.race([loadPyodide({ indexURL }), watch.failed]);
  } finally {
    watch.restore();
  }
  const archive = await fetch(new URL(`py/${manifest.calculators}`, base));
  if (!archive.ok) throw new Error(`the calculators package is missing (${archive.status})`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: SITE_PACKAGES });
  pyodide.pyimport("sys").path.insert(0, SITE_PACKAGES);
  return pyodide.pyimport("calculators.web");
}

/** @param {unknown} error */
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

const ready = boot();
ready.then(
  () => scope.postMessage({ type: "ready" }),
  (error) => scope.postMessage({ type: "failed", message: message(error) }),
);

scope.addEventListener("message", async (event) => {
  const { id, op, name, inputs, faces } = event.data || {};
  try {
    const web = await ready;
    const text =
      op === "roll"
        ? web.roll(String(name), JSON.stringify(inputs || {}), JSON.stringify(faces || []))
        : web.run(String(name), JSON.stringify(inputs || {}));
    scope.postMessage({ id, answer: JSON.parse(text) });
  } catch (error) {
    scope.postMessage({ id, failed: message(error) });
  }
});
