"""Each change of issue 20 on and off, alternately, in one run (``make bench-changes``).

For a change to be kept it must help: this measures the warm answer (a second page of
the same session, offline, the first warm start after a first visit) with each change as
shipped and with it undone by an init script (nothing shipped reads a switch):

* ``search-later``: undone by starting Material's search worker as the page loads, as
  the theme does (the init script starts it the moment search-later.js defines it);
* ``code-cache``: undone by refusing the throwaway worker that imports Pyodide's
  JavaScript again after the first visit (so the next start compiles it).

CPU unthrottled, no network throttling (the effects are CPU; the runs stay short), each
variant RUNS times, alternating; medians and the runs. Writes ``bench/results/changes.json``.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.phone import profile as pb
from bench.phone import runs as visits
from bench.reports.output import RESULTS
from harness.chromium import CHROMIUM

RUNS = 3
UNDO = {
    "search-later": """
Object.defineProperty(window, 'scrollhammerSearch', {
  configurable: true,
  set(value) { Object.defineProperty(window, 'scrollhammerSearch', { value, configurable: true }); value.start(); },
});
""",
    "code-cache": """
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  if (String(url).includes('code-cache.mjs')) throw new Error('undone for the benchmark');
  return new RealWorker(url, options);
};
window.Worker.prototype = RealWorker.prototype;
""",
}


def warm_answer(pw: object, profile: Path, base: str, undo: str) -> float:
    """A first visit (settled), then the first answer of a second page offline, seconds."""
    phone = pb.Phone(pw, CHROMIUM)  # type: ignore[arg-type]
    context = phone.open(profile, fresh=True)
    if undo:
        context.add_init_script(undo)
    page = context.new_page()
    visits.first_answer(page, base + pb.PAGE)
    visits.settle_site(page)
    page.wait_for_function("() => window.scrollhammerCalculators.codeCache !== 'warming'", timeout=pb.TIMEOUT_MS)
    context.set_offline(True)
    warm = visits.first_answer(context.new_page(), base + pb.WARM_PAGE)
    context.close()
    return warm


def main() -> None:
    started = time.monotonic()
    result: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp, visits.served(pb.SITE, slow=False) as (base, _):
        profile = Path(tmp) / "profile"
        for change, undo in UNDO.items():
            runs: dict[str, list[float]] = {"on": [], "off": []}
            for _ in range(RUNS):
                runs["on"].append(warm_answer(pw, profile, base, ""))
                runs["off"].append(warm_answer(pw, profile, base, undo))
                shutil.rmtree(profile, ignore_errors=True)
            result[change] = runs
            print(change, {k: [round(v, 3) for v in vals] for k, vals in runs.items()}, flush=True)
    summary = {
        change: {
            "on_s": round(statistics.median(runs["on"]), 3),
            "off_s": round(statistics.median(runs["off"]), 3),
            "runs": runs,
        }
        for change, runs in result.items()
    }
    summary["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())  # type: ignore[assignment]
    summary["duration_s"] = round(time.monotonic() - started)  # type: ignore[assignment]
    (RESULTS / "changes.json").write_text(json.dumps(summary, indent=1) + "\n", "utf-8")
    for change, s in summary.items():
        if isinstance(s, dict):
            print(f"{change}: on {s['on_s']} s, off {s['off_s']} s (warm answer, medians of {RUNS})")


if __name__ == "__main__":
    main()
