"""make bench-engines: the first and the warm answer in each engine a phone may run.

Chromium (Playwright), WebKit (WebKitGTK's MiniBrowser, WebKitWebDriver) and Firefox ESR
(Marionette), driven as the cross-engine tests drive them (``tests/engines/drivers.py``),
in one run, CPU and network unthrottled, the site served on loopback by the project's
server. Each run is a new profile and a new origin:

* **first**: the Buildings page opened cold (nothing cached), to its first answer;
* **warm**: then the Ruins page in the same session, to its first answer (Python from the
  snapshot the first page kept, files from the service worker).

An answer's time is the page's own clock (``performance.now()`` from navigation start)
when the calculator fires ``sh-calc:answered``, read by a script the benchmark puts first
in every page of its copy of the site. Medians of ``RUNS``, with the range. Writes
``bench/engines.json`` and the table between the ``engines`` markers of ``README.md`` and
``bench/README.md``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "engines")]

from drivers import STARTERS, Engine, missing, virtual_screen, wait  # noqa: E402 - after the path
from phone_profile import ANSWER_PROBE  # noqa: E402 - the phone bench's answer clock, the same definition
from phone_report import write_block  # noqa: E402
from probed_site import probed_copy  # noqa: E402

from site_server import serving  # noqa: E402

RUNS = 3
ENGINES = ["chromium", "webkit", "firefox"]
SITE = ROOT / "site"
RESULTS = ROOT / "bench" / "engines.json"


def answer_s(engine: Engine, url: str) -> float:
    """Seconds from navigation start to the page's first answer."""
    engine.open(url)
    return float(wait(engine, "return window.__firstAnswer", what="the first answer")) / 1000


def one_run(name: str, site: Path, display: str, tmp: Path) -> dict[str, float]:
    """A new profile and a new origin: the first answer cold, then a second page's."""
    with serving(site) as server:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        engine = STARTERS[name](Path(tempfile.mkdtemp(dir=tmp)), display)
        try:
            first = answer_s(engine, base + "buildings/")
            wait(engine, "return window.scrollhammerCalculators.snapshot", what="the snapshot kept")
            warm = answer_s(engine, base + "ruins/")
            source = engine.run("return window.scrollhammerCalculators.source")
            return {
                "first_s": first,
                "warm_s": warm,
                "warm_from_snapshot": source == "snapshot",
                "version": engine.version,
            }
        finally:
            engine.close()


def summary(runs: list[dict[str, float]]) -> dict[str, object]:
    out: dict[str, object] = {"version": runs[0]["version"], "runs": runs}
    for key in ("first_s", "warm_s"):
        values = [float(r[key]) for r in runs]
        out[key] = {
            "median": round(statistics.median(values), 2),
            "min": round(min(values), 2),
            "max": round(max(values), 2),
        }
    out["warm_from_snapshot"] = all(r["warm_from_snapshot"] for r in runs)
    return out


def table(data: dict[str, object]) -> str:
    """The README's table of the run."""
    lines = [
        (
            f"Measured by `make bench-engines` on {data['when']}: CPU and network unthrottled, medians of "
            f"{data['runs']} (min–max), each run a new profile and origin:"
        ),
        "",
        "| engine | first answer, cold | warm answer, second page | warm from the snapshot |",
        "| --- | --- | --- | --- |",
    ]
    for name in ENGINES:
        e = data["engines"][name]  # type: ignore[index]
        lines.append(
            f"| {e['version']} | {e['first_s']['median']} s ({e['first_s']['min']}–{e['first_s']['max']}) "
            f"| {e['warm_s']['median']} s ({e['warm_s']['min']}–{e['warm_s']['max']}) "
            f"| {'yes' if e['warm_from_snapshot'] else 'NO'} |"
        )
    return "\n".join(lines)


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
        engines = {}
        for name in ENGINES:
            runs = []
            for n in range(RUNS):
                runs.append(one_run(name, site, display, tmp))
                print(f"{name} run {n + 1}: {runs[-1]}", flush=True)
            engines[name] = summary(runs)
    data = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "runs": RUNS,
        "seconds": round(time.monotonic() - started),
        "engines": engines,
    }
    RESULTS.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    for readme in (ROOT / "README.md", ROOT / "bench" / "README.md"):
        write_block(readme, "engines", table(data))
    print(table(data))


if __name__ == "__main__":
    main()
