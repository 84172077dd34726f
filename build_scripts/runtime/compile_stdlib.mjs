// Compile the site's reduced stdlib zip to bytecode with the pinned Pyodide itself.
//
// Usage: node build_scripts/runtime/compile_stdlib.mjs PYODIDE_DIR SOURCE_ZIP TARGET_ZIP
// Boots Pyodide in Node (its magic number is the one the browser's Python checks) and runs
// build_scripts/runtime/pyc_stdlib.py there; see that module for what is compiled and why.
// Called by build_scripts/runtime/assets.py (through build_scripts/core/node.py), which caches
// the result by content. Prints {"modules": N} on success, the reason on stderr otherwise.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [pyodideDir, source, target] = process.argv.slice(2);
if (!pyodideDir || !source || !target) {
  console.error("usage: node build_scripts/runtime/compile_stdlib.mjs PYODIDE_DIR SOURCE_ZIP TARGET_ZIP");
  process.exit(2);
}
try {
  const indexURL = `${path.resolve(pyodideDir)}/`;
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const py = await loadPyodide({ indexURL });
  py.FS.mkdirTree("/build");
  py.FS.writeFile("/build/source.zip", new Uint8Array(fs.readFileSync(source)));
  // The compiler module is installed where Python keeps installed modules; its path is left as it is.
  const sitePackages = py.pyimport("site").getsitepackages().toJs()[0];
  py.FS.writeFile(`${sitePackages}/pyc_stdlib.py`, fs.readFileSync(path.join(here, "pyc_stdlib.py")));
  const modules = py.pyimport("pyc_stdlib").compile_zip("/build/source.zip", "/build/target.zip");
  fs.writeFileSync(target, py.FS.readFile("/build/target.zip"));
  process.stdout.write(`${JSON.stringify({ modules })}\n`);
} catch (error) {
  // A Python error's message is its traceback: its last line says what went wrong.
  const reason = String(error?.message || error)
    .trim()
    .split("\n")
    .pop();
  console.error(`stdlib: ${reason}`);
  process.exit(1);
}
