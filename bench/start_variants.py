"""When Python starts on a visit after the first: the moments, as copies of the built site, measured alternately.

``make bench-start`` (``python bench/start_variants.py [--model NAME] [--runs N] [MOMENT...]``)
copies the built ``site/`` once per moment, changes only what starts the worker, and runs
``ab_bench.py`` over the copies in turn (a settled first visit, then the warm and the next
day's first answers, with the worker's steps; ``bench/ab-start-cores.json`` under slow cores,
``ab-start-quota.json`` under one quarter-core). Nothing shipped reads a switch: each copy is
the site as it would be built with that moment. The moments:

* ``modules`` (the site as built): ``calculators/early-start.mjs``, an async module at the
  end of ``<head>``, starts the worker once it and its imports have loaded;
* ``head``: a classic script in ``<head>`` (the theme's head script, which every page runs
  before its body) starts the worker and sends it the start message before the page is
  parsed; ``engine.mjs`` adopts that worker and the replies it has sent meanwhile;
* ``paint``: the module waits for the page's first paint;
* ``idle``: the module waits until the page's main thread is idle (``requestIdleCallback``);
* ``load``: the module waits for the page's load event.

A changed file loses its precompressed copies (the server then sends it as it is); the
service worker precaches whatever the server sends, so each copy works offline as the site
does. Copies are hard links, the changed files excepted.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
EARLY_START = Path("assets/js/calculators/early-start.mjs")
ENGINE = Path("assets/js/calculators/engine.mjs")

_START = """import { savingData } from "../site.mjs";
import { runtimeOnDevice, startEngine } from "./engine.mjs";

const start = () => {
  if (!savingData()) startEngine();
  else runtimeOnDevice().then((local) => local && startEngine());
};
"""
#: early-start.mjs for each moment the module waits for (on a page a service worker controls).
MODULE_WAITS = {
    "paint": _START
    + """if (navigator.serviceWorker?.controller) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
}
""",
    "idle": _START + "if (navigator.serviceWorker?.controller) requestIdleCallback(start, { timeout: 10000 });\n",
    "load": _START
    + """if (navigator.serviceWorker?.controller) {
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
""",
}

#: Appended to the theme's head script: the worker started before the page is parsed.
HEAD_START = """
;(() => {
  const meta = document.querySelector('meta[name="scrollhammer:runtime"]');
  if (!meta || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  const script = document.currentScript;
  const worker = new Worker(new URL("../js/calculators/worker.mjs", script.src), { type: "module" });
  const early = { worker, replies: [], startedAt: performance.now() };
  worker.onmessage = (event) => early.replies.push(event.data);
  worker.postMessage({ type: "start", runtime: JSON.parse(meta.content), prefetch: false });
  window.__shEarlyWorker = early;
})();
"""
#: engine.mjs's start, and the same adopting the head's worker.
ENGINE_CREATE = 'worker = new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });'
ENGINE_ADOPT = (
    "const early = /** @type {any} */ (window).__shEarlyWorker;\n"
    '    worker = early ? early.worker : new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });'
)
ENGINE_POST = "  worker.postMessage(start);\n"
ENGINE_REPLAY = """  const adopted = /** @type {any} */ (window).__shEarlyWorker;
  if (adopted) {
    engine.startedAt = adopted.startedAt;
    worker.onmessage = null;
    for (const reply of adopted.replies) onReply(reply);
    return;
  }
  worker.postMessage(start);
"""
_HEAD_SCRIPT = re.compile(r'<script src="\.\./assets/inline/([0-9a-f]+\.js)"></script>')
MOMENTS = ("modules", "head", "paint", "idle", "load")


def replace(site: Path, path: Path, text: str) -> None:
    """Write ``text`` to ``site/path`` (a file of its own, not the link) and drop its precompressed copies."""
    target = site / path
    target.unlink()
    target.write_text(text, "utf-8")
    for suffix in (".br", ".gz"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)


def head_script(site: Path) -> Path:
    """The theme's head script that the pages with calculators run (the same file on each)."""
    found = {
        match.group(1)
        for page in ("buildings", "ruins")
        for match in [_HEAD_SCRIPT.search((site / page / "index.html").read_text("utf-8").split("</head>")[0])]
        if match
    }
    if len(found) != 1:
        sys.exit(f"start variants: expected one theme head script on the calculator pages, found {sorted(found)}")
    return Path("assets/inline") / found.pop()


def make(site: Path, moment: str, out: Path) -> Path:
    """A copy of ``site`` at ``out/moment`` whose worker starts at ``moment``."""
    target = out / moment
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(site, target, copy_function=os.link)
    if moment in MODULE_WAITS:
        replace(target, EARLY_START, MODULE_WAITS[moment])
    elif moment == "head":
        engine = (site / ENGINE).read_text("utf-8")
        if engine.count(ENGINE_CREATE) != 1 or engine.count(ENGINE_POST) != 1:
            sys.exit(f"start variants: {ENGINE} no longer starts the worker as this script expects")
        replace(target, ENGINE, engine.replace(ENGINE_CREATE, ENGINE_ADOPT).replace(ENGINE_POST, ENGINE_REPLAY))
        script = head_script(site)
        replace(target, script, (site / script).read_text("utf-8") + HEAD_START)
    elif moment != "modules":
        sys.exit(f"start variants: no moment {moment!r}: the moments are {', '.join(MOMENTS)}")
    return target


def main() -> None:
    args = sys.argv[1:]
    options: list[str] = []
    while args and args[0] in ("--model", "--runs"):
        options += args[:2]
        args = args[2:]
    moments = args or list(MOMENTS)
    if not (SITE / "sw.js").is_file():
        sys.exit("start variants: no built site (make build)")
    out = ROOT / "build" / "start-variants"
    sites = [f"{moment}={make(SITE, moment, out)}" for moment in moments]
    model = options[options.index("--model") + 1] if "--model" in options else ""
    name = {"": "start", "slow cores": "start-cores", "one quarter-core": "start-quota"}.get(model, "start")
    command = [sys.executable, str(Path(__file__).with_name("ab_bench.py")), *options, "--out", name, *sites]
    code = subprocess.call(command)
    shutil.rmtree(out, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
