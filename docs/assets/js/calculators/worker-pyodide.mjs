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

/** @type {Promise<typeof import("pyodide")> | null} */
let loading = null;

/** Pyodide's loader module, imported once (started while the snapshot is read). */
export function loader() {
  loading ??= import(`${where.indexURL}pyodide.mjs`).then((module) => {
    mark("loader");
    return module;
  });
  return loading;
}

/** @typedef {NonNullable<NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>["createPyodideModule"]>} CreateModule */

/**
 * Pyodide's module factory (pyodide.asm.mjs), imported when Pyodide's loader asks for it
 * (as the loader would import it itself), wrapped so that the steps inside Pyodide's start
 * are marked: the WebAssembly instantiated ("wasm-instantiated", its compile included) and
 * the runtime started ("runtime": the standard library written, the file-system hook and,
 * from the files, the interpreter's own start). The rest, up to "python", is the snapshot
 * copied in (from a snapshot) and Pyodide's bootstrap.
 * @type {CreateModule}
 */
const markedFactory = async (settings) => {
  const { default: create } = await import(`${where.indexURL}pyodide.asm.mjs`);
  mark("factory");
  /** @typedef {(instance: WebAssembly.Instance, module: WebAssembly.Module) => void} Done */
  const module = /** @type {{instantiateWasm?: (imports: object, done: Done) => void}} */ (
    /** @type {unknown} */ (settings)
  );
  const instantiate = module.instantiateWasm;
  if (instantiate) {
    module.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, compiled) => {
        mark("wasm-instantiated");
        done(instance, compiled);
      });
  }
  const runtime = await create(settings);
  mark("runtime");
  return runtime;
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
  const { loadPyodide } = await loader();
  const watch = instantiationFailure();
  try {
    const { indexURL } = where;
    if (!snapshot) {
      const fresh = { indexURL, _makeSnapshot: true, createPyodideModule: markedFactory };
      return await Promise.race([loadPyodide(fresh), watch.failed]);
    }
    /** @type {Promise<never>} */
    const never = new Promise(() => undefined);
    const options = {
      indexURL,
      createPyodideModule: markedFactory,
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
