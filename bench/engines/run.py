"""make bench-engines: the first and the warm answer in each engine a phone may run.

Chromium (Playwright), WebKit (WebKitGTK's MiniBrowser, WebKitWebDriver) and Firefox ESR
(Marionette), driven as the cross-engine tests drive them (``tests/engines/drivers.py``),
in one run, CPU and network unthrottled, the site served on loopback by the project's
server. Each run is a new profile and a new origin:

* **first**: the Buildings page opened cold (nothing cached), to its first answer;
* **warm**: then the Ruins page in the same session, to its first answer (Python from the
  snapshot the first page kept, files from the service worker);
* **the page alone**: the Buildings page cold in another new profile, its calculators'
  worker replaced by a stand-in that never starts Python (``PAGE_ALONE``), to its load event.

Each engine runs so twice: CPU free, then under ``make bench``'s slow-cores model
(``cpu/slow_cores.py``: every thread of the browser in a cgroup of its own at a quarter-core,
as the watcher finds it; each browser is started through the model's launcher, so its own
processes start in the model's groups), at the quota calibrated in Chromium as ``make bench``
calibrates it (about 4x on a loop in a worker): the quota rations CPU time, so one quota
slows a thread alike in any engine. One variant runs beside them, CPU free: **WebKit with a
phone's compiler threads** (``VARIANTS``). JavaScriptCore gives WebAssembly's compiles one
thread fewer than the machine has cores, so one here and five on a six-core iPhone; the
variant sets the option (``JSC_numberOfWasmCompilerThreads``) to a phone's five, so what a
second compiler thread changes is measured (issue 38: the first page's optimising compiles
hold the one thread when the second page starts).

Each answer comes with the worker's steps (``phone_runs.steps``: its own marks and the
page's clock, as ``make bench`` reads them in Chromium), cold and warm, so where an engine
spends its time is read beside Chromium's (issue 38).

An answer's time is the page's own clock (``performance.now()`` from navigation start)
when the calculator fires ``sh-calc:answered``, read by a script the benchmark puts first
in every page of its copy of the site. Medians of ``RUNS``, with the range. Writes
``bench/results/engines.json``, the answers' table between the ``engines`` markers of ``README.md``
and ``bench/README.md``, and the steps' table between the ``engine-steps`` markers of
``bench/README.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.cpu.models import CPU_TARGET, FIRST_QUOTA_US
from bench.cpu.quota import calibrate
from bench.cpu.slow_cores import slow_cores
from bench.engines.report import ENGINES, answers_table, steps_digest, steps_table, summary
from bench.phone.profile import ANSWER_PROBE, PAGE_ALONE
from bench.phone.runs import steps
from bench.reports.output import BENCH_README, RESULTS, write_block
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.engines.drivers import BINARIES, STARTERS, Engine, missing, virtual_screen, wait
from harness.engines.probed_site import probed_copy
from harness.project import ROOT
from site_server import serve, serving

RUNS = 3
SITE = ROOT / "site"
ENGINES_FILE = RESULTS / "engines.json"
#: Runs beside the engines, CPU free: name -> (engine, the environment it starts with).
VARIANTS = {"webkit-phone-threads": ("webkit", {"JSC_numberOfWasmCompilerThreads": "5"})}


#: What the page saw of its calculators' start, as JSON (plain data, whatever the driver).
SEEN = """return JSON.parse(JSON.stringify({
  ...window.scrollhammerCalculators, answer: window.__firstAnswer, pageOrigin: performance.timeOrigin,
}))"""


def answer(engine: Engine, url: str, visit: str) -> dict[str, Any]:
    """Seconds from navigation start to the page's first answer, and the worker's steps (ms)."""
    engine.open(url)
    wait(engine, "return window.__firstAnswer", what="the first answer")
    seen = engine.run(SEEN)
    return {
        f"{visit}_s": float(seen["answer"]) / 1000,
        f"{visit}_source": seen["source"],
        **{f"{visit}_{name}_ms": value for name, value in steps(seen).items()},
    }


@contextlib.contextmanager
def environment(extra: dict[str, str]) -> Iterator[None]:
    """``extra`` in the environment the browsers start with (their drivers pass it on), then as it was."""
    before = {key: os.environ.get(key) for key in extra}
    os.environ.update(extra)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


#: True once the service worker has stored the site's core (it installs whole, then activates).
OFFLINE_COPY = "return navigator.serviceWorker.ready.then((r) => r.active && r.active.state === 'activated')"
#: Milliseconds from the first answer to the snapshot for the next page kept (the page's clock).
SNAPSHOT_KEPT = """return window.__snapshotKept === null ? null
  : Math.max(window.__snapshotKept - window.__firstAnswer, 0.001)"""


def one_run(
    name: str, site: Path, display: str, tmp: Path, binary: Path | None = None, pause_s: float = 0.0
) -> dict[str, Any]:
    """A new profile and a new origin: the first answer cold, then a second page's, then (where the engine
    starts again on its profile) the next day's, the browser restarted with the network off (``binary``: a
    launcher; ``pause_s``: seconds between the first answer and the second page, as a player reads)."""
    server = serve(site, port=0)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display, binary=binary or BINARIES[name])
    try:
        first = answer(engine, base + "buildings/", "first")
        kept_ms = float(wait(engine, SNAPSHOT_KEPT, what="the snapshot kept"))
        time.sleep(pause_s)
        warm = answer(engine, base + "ruins/", "warm")
        found = {**first, **warm, "snapshot_after_answer_s": kept_ms / 1000, "version": engine.version}
        found["warm_from_snapshot"] = warm["warm_source"] == "snapshot"
        wait(engine, OFFLINE_COPY, what="the offline copy stored")
        server.shutdown()
        server.server_close()  # the network off: the next day is the phone's own copy
        if engine.relaunch():
            found |= answer(engine, base + "unit-types/", "next_day")
        return found
    finally:
        engine.close()
        server.shutdown()  # again, if it went on: it returns at once once stopped
        server.server_close()


def page_alone(name: str, site: Path, display: str, tmp: Path, binary: Path | None = None) -> dict[str, float]:
    """The Buildings page cold in a new profile with its calculators off: seconds to its load event."""
    with serving(site) as server:
        engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display, binary=binary or BINARIES[name])
        try:
            engine.open(f"http://127.0.0.1:{server.server_address[1]}/buildings/")
            load = wait(engine, "return performance.getEntriesByType('navigation')[0].loadEventEnd", what="the load")
            return {"alone_load_s": float(load) / 1000}
        finally:
            engine.close()


def clocked_copy(built: Path, dest: Path) -> Path:
    """A copy of a built site whose pages note when the first answer came (``ANSWER_PROBE``)."""
    return probed_copy(built, dest, "__clock.js", script=ANSWER_PROBE)


def require(names: list[str], what: str) -> None:
    """Stop with what this machine lacks to run the engines ``names`` (none for Chromium, which ``make`` installs)."""
    lacking = {name: missing(name) for name in names if name != "chromium" and missing(name)}
    if lacking:
        sys.exit(f"{what}: cannot run {lacking} (make engines installs them)")


def write_reports(data: dict[str, Any]) -> None:
    """The tables into bench/README.md, from a run's data (the top-level README links them)."""
    write_block(BENCH_README, "engines", answers_table(data))
    write_block(BENCH_README, "engine-steps", steps_digest(data) + "\n\n" + steps_table(data))


def engine_runs(name: str, sites: tuple[Path, Path], display: str, tmp: Path, binary: Path | None = None) -> dict:
    """``RUNS`` runs of one engine (each with the page alone), summed up."""
    site, alone = sites
    runs = []
    for n in range(RUNS):
        runs.append(one_run(name, site, display, tmp, binary) | page_alone(name, alone, display, tmp, binary))
        print(f"{name} run {n + 1}: first {runs[-1]['first_s']:.2f} s, warm {runs[-1]['warm_s']:.2f} s", flush=True)
    return summary(runs)


def measure(display: str, tmp: Path) -> dict[str, Any]:
    """Every engine CPU free, the variants, then every engine under slow cores (calibrated in Chromium)."""
    sites = (clocked_copy(SITE, tmp / "site"), probed_copy(SITE, tmp / "alone", "__alone.js", script=PAGE_ALONE))
    engines = {name: engine_runs(name, sites, display, tmp) for name in ENGINES}
    variants = {}
    for variant, (name, extra) in VARIANTS.items():
        with environment(extra):
            variants[variant] = engine_runs(name, sites, display, tmp) | {"engine": name, "environment": extra}
    with slow_cores(CHROMIUM, FIRST_QUOTA_US) as cores:
        with sync_playwright() as pw:
            free_ms, factor = calibrate(pw, cores, CHROMIUM, CHROMIUM_ARGS, CPU_TARGET)
        slow = {name: engine_runs(name, sites, display, tmp, cores.launcher(str(BINARIES[name]))) for name in ENGINES}
        model = {
            "quota_us": cores.quota_us,
            "worker_loop_free_ms": round(free_ms, 1),
            "slowdown": round(factor, 2),
            "threads_moved": cores.lag_ms(),
            "engines": slow,
        }
    return {"engines": engines, "variants": variants, "slow_cores": model}


def bench() -> dict[str, Any]:
    """The whole benchmark: measured, written to ``bench/results/engines.json`` and the READMEs' tables; its data."""
    require(ENGINES, "bench-engines")
    if not (SITE / "index.html").is_file():
        sys.exit("bench-engines: no site/ (make build)")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp_dir, virtual_screen() as display:
        found = measure(display, Path(tmp_dir))
    data = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "runs": RUNS,
        "seconds": round(time.monotonic() - started),
        **found,
    }
    ENGINES_FILE.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    write_reports(data)
    return data
