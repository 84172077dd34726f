"""The naive embed the site is measured against: one page whose module worker loads the raw
npm Pyodide (full stdlib as source, nothing compressed, no service worker, no snapshot)
and answers one calculation."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from bench.phone.profile import PYODIDE, ROOT
from build_scripts.runtime.assets import calculators_archive

NAIVE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Naive baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Naive Pyodide baseline</h1><p id="state">starting</p>
<script src="naive.js"></script></body></html>
"""

NAIVE_JS = """
// A naive embed: a module worker that loads Pyodide, the calculators, and answers once.
const worker = new Worker(new URL("naive-worker.mjs", document.baseURI), { type: "module" });
worker.addEventListener("message", () => {
  window.__firstAnswer = performance.now();
  document.getElementById("state").textContent = "answered";
});
"""

NAIVE_WORKER = """
import { loadPyodide } from "./PYODIDE_DIRpyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("PYODIDE_DIR", import.meta.url).href });
const archive = await (await fetch(new URL("ARCHIVE", import.meta.url))).arrayBuffer();
pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/scrollhammer" });
pyodide.pyimport("sys").path.insert(0, "/home/pyodide/scrollhammer");
const web = pyodide.pyimport("calculators.web");
postMessage(JSON.parse(web.compute("building-damage", "{}")));
"""


def naive_site(folder: Path) -> Path:
    """A page embedding Pyodide the plain way, on the raw npm files, nothing compressed.

    The files sit where the site's do (``assets/pyodide/<version>/``, a content-named
    archive), so the server gives them the same year-long cache lifetime: the naive
    embed's warm visits come from its HTTP cache as fairly as the site's could.
    """
    version = json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"]
    runtime = folder / "assets" / "pyodide" / version
    shutil.copytree(PYODIDE, runtime, ignore=shutil.ignore_patterns("*.d.ts", "*.map", "*.md"))
    archive = calculators_archive(ROOT / "calculators")
    name = f"calculators-{hashlib.sha256(archive).hexdigest()[:12]}.zip"
    (folder / "assets" / "py").mkdir(parents=True)
    (folder / "assets" / "py" / name).write_bytes(archive)
    worker = NAIVE_WORKER.replace("PYODIDE_DIR", f"assets/pyodide/{version}/").replace("ARCHIVE", f"assets/py/{name}")
    (folder / "index.html").write_text(NAIVE_HTML, "utf-8")
    (folder / "naive.js").write_text(NAIVE_JS, "utf-8")
    (folder / "naive-worker.mjs").write_text(worker, "utf-8")
    return folder
