"""When Python starts on a visit after the first: the moments, as copies of the built site, measured alternately.

``make bench-start`` (``python -m bench.ab.start [--model NAME] [--runs N] [MOMENT...]``)
copies the built ``site/`` once per moment, changes only what starts the worker, and runs
``ab/__main__.py`` over the copies in turn (a settled first visit, then the warm and the next
day's first answers, with the worker's steps; ``bench/results/ab-start-cores.json`` under slow cores,
``ab-start-quota.json`` under one quarter-core). Nothing shipped reads a switch: each copy is
the site as it would be built with that moment. The moments:

* ``head`` (the site as built): ``calculators/early-worker.js``, a classic script right
  after the runtime's tag in ``<head>``, starts the worker and sends it the start message
  before the page is parsed; ``early-start.mjs`` hands the worker to the engine;
* ``modules``: ``early-worker.js`` does nothing, and ``early-start.mjs``, an async module at
  the end of ``<head>``, starts the worker once it and its imports have loaded (as built
  until 2026-12-04);
* ``paint``: as ``modules``, and the module waits for the page's first paint;
* ``idle``: as ``modules``, and the module waits until the page's main thread is idle
  (``requestIdleCallback``);
* ``load``: as ``modules``, and the module waits for the page's load event.

A changed file loses its precompressed copies (the server then sends it as it is); the
service worker precaches whatever the server sends, so each copy works offline as the site
does. Copies are hard links, the changed files excepted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from bench.cpu.models import FILE_WORDS
from harness.project import ROOT

SITE = ROOT / "site"
EARLY_START = Path("assets/js/calculators/early-start.mjs")
EARLY_WORKER = Path("assets/js/calculators/early-worker.js")

#: Where the built early-start.mjs starts the engine: the start itself is what follows, inside it.
START_GUARD = "if (navigator.serviceWorker?.controller) {\n"
#: What early-start.mjs waits for before its start (``start``), for each moment it waits (on a
#: page a service worker controls).
MODULE_WAITS = {
    "paint": """if (navigator.serviceWorker?.controller) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
}
""",
    "idle": "if (navigator.serviceWorker?.controller) requestIdleCallback(start, { timeout: 10000 });\n",
    "load": """if (navigator.serviceWorker?.controller) {
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
""",
}

#: early-worker.js in the copies that start later than the head.
NO_EARLY_WORKER = "// start variants: this copy starts Python later than the head\n"
MOMENTS = ("head", "modules", "paint", "idle", "load")


def replace(site: Path, path: Path, text: str) -> None:
    """Write ``text`` to ``site/path`` (a file of its own, not the link) and drop its precompressed copies."""
    target = site / path
    target.unlink()
    target.write_text(text, "utf-8")
    for suffix in (".br", ".gz"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)


def waiting_start(built: str, moment: str) -> str:
    """The built early-start.mjs (its imports and its start as they are) with its start waiting for ``moment``."""
    imports, found, guarded = built.partition(START_GUARD)
    if not found or not guarded.rstrip().endswith("}"):
        sys.exit(f"start variants: {EARLY_START} no longer starts the engine inside {START_GUARD.strip()} ... }}")
    start = guarded.rstrip()[:-1]  # the start, without the guard's closing brace
    return f"{imports}const start = () => {{\n{start}}};\n{MODULE_WAITS[moment]}"


def make(site: Path, moment: str, out: Path) -> Path:
    """A copy of ``site`` at ``out/moment`` whose worker starts at ``moment``."""
    target = out / moment
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(site, target, copy_function=os.link)
    if moment not in MOMENTS:
        sys.exit(f"start variants: no moment {moment!r}: the moments are {', '.join(MOMENTS)}")
    if moment != "head":
        replace(target, EARLY_WORKER, NO_EARLY_WORKER)
    if moment in MODULE_WAITS:
        replace(target, EARLY_START, waiting_start((site / EARLY_START).read_text("utf-8"), moment))
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
    name = f"start-{FILE_WORDS[model]}" if model in FILE_WORDS else "start"
    command = [sys.executable, "-m", "bench.ab", *options, "--out", name, *sites]
    code = subprocess.call(command)
    shutil.rmtree(out, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
