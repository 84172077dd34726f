"""``python -m bench.engines.wasm``: does each engine compile Pyodide's WebAssembly anew on every visit?

A candidate cause of WebKit's slow start (issue 38), measured apart from Pyodide: a page
compiles ``pyodide.asm.wasm`` with ``WebAssembly.compileStreaming`` and notes how long it
took; the same engine opens it five times in one profile (the file from the HTTP cache after
the first), so an engine that keeps compiled code shows it from the second visit on. Needs
``site/`` (make build) and the engines (make engines). Prints each engine's five times (ms).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from harness.engines.drivers import STARTERS, virtual_screen, wait
from harness.project import ROOT
from site_server import serving

VISITS = 5
COMPILE = """
window.__compiled = null;
(async () => {
  const wasm = [...document.scripts].find((s) => s.dataset.wasm).dataset.wasm;
  const started = performance.now();
  await WebAssembly.compileStreaming(fetch(wasm));
  window.__compiled = Math.round(performance.now() - started);
})();
"""


def main() -> None:
    wasm = next((ROOT / "site" / "assets" / "pyodide").rglob("pyodide.asm.wasm"))
    names = sys.argv[1:] or ["chromium", "webkit", "firefox"]
    with tempfile.TemporaryDirectory() as tmp, virtual_screen() as display:
        site = Path(tmp) / "site"
        shutil.copytree(ROOT / "site", site, copy_function=os.link)
        (site / "__compile.js").write_text(COMPILE, "utf-8")
        src = "/" + wasm.relative_to(ROOT / "site").as_posix()
        page = f'<!doctype html><html><head><script src="/__compile.js" data-wasm="{src}"></script></head></html>'
        (site / "__compile.html").write_text(page, "utf-8")
        with serving(site) as server:
            url = f"http://127.0.0.1:{server.server_address[1]}/__compile.html"
            for name in names:
                engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display)
                times = []
                try:
                    for visit in range(VISITS):
                        engine.open(f"{url}?visit={visit}")
                        times.append(wait(engine, "return window.__compiled", what="the compile"))
                        time.sleep(1.5)  # an engine may keep compiled code once the compile is done
                finally:
                    engine.close()
                print(f"{name}: {times} ms", flush=True)


if __name__ == "__main__":
    main()
