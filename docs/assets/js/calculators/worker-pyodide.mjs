// @ts-check
/// <reference lib="webworker" />
// Scrollhammer Rules: the calculators' worker, Pyodide's start: fresh, or from a snapshot's
// memory read beside it, with a failed WebAssembly download turned into a failure the page
// can show. worker-boot.mjs says where the runtime lives and marks the steps.
import { mark, where } from "./worker-boot.mjs";

/** @typedef {import("./worker-boot.mjs").Pyodide} Pyodide */

// Pyodide 314 catches a failed WebAssembly download or compile, warns "wasm
// instantiation failed!" and then never settles loadPyodide(). Turn that warning into a
// failure the page can show, for as long as the boot lasts.
function instantiationFailure() {
  const warn = console.warn;
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    console.warn = (...args) => {
      if (String(args[0]).includes("wasm instantiation failed")) {
        reject(new Error("the Python runtime (WebAssembly) could not be downloaded"));
      }
      warn.apply(console, args);
    };
  });
  return {
    failed,
    restore: () => {
      console.warn = warn;
    },
  };
}

/** @typedef {NonNullable<NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>["createPyodideModule"]>} CreateModule */

/**
 * @typedef {object} RuntimeParts
 * @property {Promise<typeof import("pyodide")>} loader Pyodide's loader (pyodide.mjs)
 * @property {Promise<CreateModule>} factory its runtime's module factory (pyodide.asm.mjs)
 * @property {Promise<WebAssembly.Module | null>} compiled its WebAssembly, compiled (null
 *   when it could not be: Pyodide then fetches and compiles it itself, and says why not)
 */

/** @type {RuntimeParts | null} */
let parts = null;

/**
 * Pyodide's three parts, started at once with the boot and beside the snapshot's read:
 * Pyodide's own loader imports its runtime's JavaScript only once it has started, and
 * compiles the WebAssembly only once that has run, one after the other. Each is started
 * once per worker (a fresh start that replaces a failed snapshot reuses them). The
 * WebAssembly is compiled as it streams in (from the HTTP cache, where Chrome keeps its
 * compiled code too, see scope.fetch in worker-boot.mjs).
 * @returns {RuntimeParts}
 */
export function runtimeParts() {
  if (parts) return parts;
  parts = {
    loader: import(`${where.indexURL}pyodide.mjs`).then((module) => {
      mark("loader");
      return module;
    }),
    factory: import(`${where.indexURL}pyodide.asm.mjs`).then((module) => {
      mark("factory");
      return module.default;
    }),
    compiled: WebAssembly.compileStreaming(fetch(`${where.indexURL}pyodide.asm.wasm`)).then(
      (module) => {
        mark("wasm-compiled");
        return module;
      },
      () => null,
    ),
  };
  // Started before anyone waits for them: a failure is reported where they are awaited.
  parts.loader.catch(() => undefined);
  parts.factory.catch(() => undefined);
  return parts;
}

/**
 * Pyodide's instantiation given the module compiled beside it: Pyodide instantiates its
 * WebAssembly with WebAssembly.instantiateStreaming (after adding its own imports), so
 * for as long as its runtime starts that call instantiates the compiled module instead,
 * and drops the response Pyodide fetched (its body is never read). Undone by the returned
 * function.
 * @param {WebAssembly.Module} compiled
 */
function instantiateCompiled(compiled) {
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    Promise.resolve(source)
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
    return { instance: await WebAssembly.instantiate(compiled, imports), module: compiled };
  };
  return () => {
    WebAssembly.instantiateStreaming = streaming;
  };
}

/**
 * Pyodide's module factory as Pyodide's loader is given it (createPyodideModule): the
 * runtime's JavaScript and its WebAssembly from runtimeParts, and the steps inside
 * Pyodide's start marked: the WebAssembly instantiated ("wasm-instantiated") and the
 * runtime started ("runtime": the standard library written, the file-system hook and,
 * from the files, the interpreter's own start). The rest, up to "python", is the snapshot
 * copied in (from a snapshot) and Pyodide's bootstrap.
 * @type {CreateModule}
 */
const partsFactory = async (settings) => {
  const [create, compiled] = await Promise.all([runtimeParts().factory, runtimeParts().compiled]);
  /** @typedef {(instance: WebAssembly.Instance, module: WebAssembly.Module) => void} Done */
  const module = /** @type {{instantiateWasm?: (imports: object, done: Done) => void}} */ (
    /** @type {unknown} */ (settings)
  );
  const instantiate = module.instantiateWasm;
  if (instantiate) {
    module.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, made) => {
        mark("wasm-instantiated");
        done(instance, made);
      });
  }
  const undo = compiled ? instantiateCompiled(compiled) : () => undefined;
  try {
    const runtime = await create(settings);
    mark("runtime");
    return runtime;
  } finally {
    undo();
  }
};

/**
 * @typedef {object} SnapshotMemory
 * @property {Uint8Array} memory memory of the snapshot's size, given out at once and
 *   written only when the whole stored form has been read and checked
 * @property {Promise<void>} filled settles when it has been (rejects when the stored form
 *   is truncated, damaged or in another format; `memory` then stays zeros)
 */

/**
 * Start Pyodide: from a snapshot, or fresh and ready to make one.
 *
 * From a snapshot, Pyodide sizes the interpreter's memory by it, then fetches, compiles
 * and instantiates the WebAssembly, and only then copies the snapshot in. So it is given
 * the memory at once, and the stored form is read into it meanwhile (it used to wait for
 * the read: one read of ~15 MB on the way to every warm answer). Pyodide's file-system
 * hook, which it awaits before it goes on to the copy, waits for the read; when the read
 * fails the hook never returns, so zeros are never restored, and the boot fails with the
 * read's reason (and falls back to the files).
 * @param {SnapshotMemory | null} snapshot
 * @returns {Promise<Pyodide>}
 */
export async function startPyodide(snapshot) {
  const { loadPyodide } = await runtimeParts().loader;
  const watch = instantiationFailure();
  try {
    const base = { indexURL: where.indexURL, createPyodideModule: partsFactory };
    if (!snapshot) return await Promise.race([loadPyodide({ ...base, _makeSnapshot: true }), watch.failed]);
    /** @type {Promise<never>} */
    const never = new Promise(() => undefined);
    const options = {
      ...base,
      _loadSnapshot: snapshot.memory,
      fsInit: () => snapshot.filled.catch(() => never),
    };
    /** @type {Promise<never>} */
    const unread = snapshot.filled.then(() => never);
    return await Promise.race([loadPyodide(options), watch.failed, unread]);
  } finally {
    watch.restore();
  }
}
