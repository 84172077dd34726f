// List the standard-library files Pyodide and the calculators actually import.
//
// Usage: node build_scripts/runtime/trace_stdlib.mjs CALCULATORS_ZIP > build_scripts/runtime/stdlib_keep.txt
// Boots the pinned Pyodide in Node with the full stdlib, unpacks the calculators archive,
// exercises every calculator (answers, bad input, rolls, an uncaught error) and prints
// every file under the stdlib zip that ended up imported, one per line. The build keeps
// only these in the site's reduced stdlib; the browser tests prove it is enough.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(path.join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));
const zipPath = process.argv[2];
if (!zipPath) {
  console.error("usage: node build_scripts/runtime/trace_stdlib.mjs CALCULATORS_ZIP");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: `${path.join(here, "..", "node_modules", "pyodide")}/` });
py.unpackArchive(new Uint8Array(fs.readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/scrollhammer" });
py.pyimport("sys").path.insert(0, "/home/pyodide/scrollhammer");
const web = py.pyimport("calculators.web");
const registry = py.pyimport("calculators.registry");
const names = [...registry.all_calculators().keys()];
const faces = JSON.stringify(Array.from({ length: 600 }, (_, i) => (i % 6) + 1));
for (const name of names) {
  web.compute(name, "{}");
  web.compute(name, JSON.stringify({ nonsense: "1" }));
  web.compute(name, "not json");
  web.play(name, "{}", faces);
}
web.compute("building-damage", JSON.stringify({ strength: "NaN", hits: "1e309", building: "custom" }));
try {
  web.compute(null, null); // an error that escapes to JavaScript: formats a Python traceback
} catch {
  // expected
}
const prefix = "/lib/python314.zip/";
const files = new Set();
for (const module of py.pyimport("sys").modules.values()) {
  const file = module && typeof module === "object" ? module.__file__ : undefined;
  if (typeof file === "string" && file.startsWith(prefix)) files.add(file.slice(prefix.length));
}
process.stdout.write(`${[...files].sort().join("\n")}\n`);
