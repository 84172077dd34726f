"""``make bench``: the phone benchmark under both CPU models, then every engine, in one run.

    python -m bench

The phone's figures (:mod:`bench.phone.measure`) and every engine's (:mod:`bench.engines.run`)
go to ``bench/results/results.json`` (the engines' under ``engines``), the whole report
between the ``bench`` markers of ``bench/README.md`` and its headline table between those of
the top-level README. (``make bench`` runs the calculators on CPython first:
``python -m bench.cpython``.)
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.engines import run as engines_bench
from bench.phone.measure import measure
from bench.phone.profile import SITE
from bench.phone.report import report, write_readme
from bench.reports.output import RESULTS


def main() -> None:
    """Measure the phone and every engine; write the results and the READMEs' tables."""
    if not (SITE / "sw.js").is_file():
        sys.exit("no built site: run `make build` (make bench does)")
    started = time.monotonic()

    def log(text: str) -> None:
        print(f"[{time.monotonic() - started:5.0f} s] {text}", flush=True)

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        result = measure(pw, Path(tmp), log)
    log("every engine (make bench-engines)")
    result["engines"] = engines_bench.bench()
    result["table"] = report(result)
    result["duration_s"] = round(time.monotonic() - started)
    (RESULTS / "results.json").write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    write_readme(result["table"], result["when"])
    print(result["table"])
    print(f"({result['duration_s']} s)")


if __name__ == "__main__":
    main()
