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

Each answer comes with the worker's steps (``phone_runs.steps``: its own marks and the
page's clock, as ``make bench`` reads them in Chromium), cold and warm, so where an engine
spends its time is read beside Chromium's (issue 38).

An answer's time is the page's own clock (``performance.now()`` from navigation start)
when the calculator fires ``sh-calc:answered``, read by a script the benchmark puts first
in every page of its copy of the site. Medians of ``RUNS``, with the range. Writes
``bench/engines.json``, the answers' table between the ``engines`` markers of ``README.md``
and ``bench/README.md``, and the steps' table between the ``engine-steps`` markers of
``bench/README.md``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "engines")]

from drivers import STARTERS, Engine, missing, virtual_screen, wait  # noqa: E402 - after the path
from engines_report import ENGINES, answers_table, steps_table, summary  # noqa: E402
from phone_profile import ANSWER_PROBE, PAGE_ALONE  # noqa: E402 - the phone bench's clock and stand-in, the same
from phone_report import write_block  # noqa: E402
from phone_runs import steps  # noqa: E402
from probed_site import probed_copy  # noqa: E402

from site_server import serving  # noqa: E402

RUNS = 3
SITE = ROOT / "site"
RESULTS = ROOT / "bench" / "engines.json"


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


def one_run(name: str, site: Path, display: str, tmp: Path) -> dict[str, Any]:
    """A new profile and a new origin: the first answer cold, then a second page's."""
    with serving(site) as server:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display)
        try:
            first = answer(engine, base + "buildings/", "first")
            wait(engine, "return window.scrollhammerCalculators.snapshot", what="the snapshot kept")
            warm = answer(engine, base + "ruins/", "warm")
            return {**first, **warm, "warm_from_snapshot": warm["warm_source"] == "snapshot", "version": engine.version}
        finally:
            engine.close()


def page_alone(name: str, site: Path, display: str, tmp: Path) -> dict[str, float]:
    """The Buildings page cold in a new profile with its calculators off: seconds to its load event."""
    with serving(site) as server:
        engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display)
        try:
            engine.open(f"http://127.0.0.1:{server.server_address[1]}/buildings/")
            load = wait(engine, "return performance.getEntriesByType('navigation')[0].loadEventEnd", what="the load")
            return {"alone_load_s": float(load) / 1000}
        finally:
            engine.close()


def write_reports(data: dict[str, Any]) -> None:
    """The tables into the READMEs, from a run's data."""
    write_block(ROOT / "README.md", "engines", answers_table(data, ranges=False))
    write_block(ROOT / "bench" / "README.md", "engines", answers_table(data))
    write_block(ROOT / "bench" / "README.md", "engine-steps", steps_table(data))


def main() -> None:
    lacking = {name: missing(name) for name in ENGINES if name != "chromium" and missing(name)}
    if lacking:
        sys.exit(f"bench-engines: cannot run {lacking} (make engines installs them)")
    if not (SITE / "index.html").is_file():
        sys.exit("bench-engines: no site/ (make build)")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp_dir, virtual_screen() as display:
        tmp = Path(tmp_dir)
        site = probed_copy(SITE, tmp / "site", "__clock.js")
        (site / "__clock.js").write_text(ANSWER_PROBE, "utf-8")
        alone = probed_copy(SITE, tmp / "alone", "__alone.js")
        (alone / "__alone.js").write_text(PAGE_ALONE, "utf-8")
        engines = {}
        for name in ENGINES:
            runs = []
            for n in range(RUNS):
                runs.append(one_run(name, site, display, tmp) | page_alone(name, alone, display, tmp))
                print(f"{name} run {n + 1}: {runs[-1]}", flush=True)
            engines[name] = summary(runs)
    data = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "runs": RUNS,
        "seconds": round(time.monotonic() - started),
        "engines": engines,
    }
    RESULTS.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    write_reports(data)
    print(answers_table(data), steps_table(data), sep="\n\n")


if __name__ == "__main__":
    main()
