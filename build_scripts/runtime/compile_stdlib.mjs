// Compile the site's reduced stdlib zip to bytecode with the pinned Pyodide itself.
//
// Usage: node build_scripts/runtime/compile_stdlib.mjs PYODIDE_DIR SOURCE_ZIP TARGET_ZIP
// Boots Pyodide in Node (its magic number is the one the browser's Python checks) and
// runs build_scripts/runtime/pyc_stdlib.py there; see that module for what is compiled and why.
// Called by build_scripts/runtime/assets.py, which caches the result by content.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [pyodideDir, source, target] = process.argv.slice(2);
if (!pyodideDir || !source || !target) {
  console.error("usage: node build_scripts/runtime/compile_stdlib.mjs PYODIDE_DIR SOURCE_ZIP TARGET_ZIP");
  process.exit(2);
}
const indexURL = `${path.resolve(pyodideDir)}/`;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const py = await loadPyodide({ indexURL });
py.FS.mkdirTree("/build");
py.FS.writeFile("/build/pyc_stdlib.py", fs.readFileSync(path.join(here, "pyc_stdlib.py")));
py.FS.writeFile("/build/source.zip", new Uint8Array(fs.readFileSync(source)));
py.pyimport("sys").path.insert(0, "/build");
const count = py.pyimport("pyc_stdlib").compile_zip("/build/source.zip", "/build/target.zip");
fs.writeFileSync(target, py.FS.readFile("/build/target.zip"));
console.error(`compile_stdlib: ${count} modules compiled`);
