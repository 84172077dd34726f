"""Lighthouse 12's four scores of every page (``make bench-lighthouse``): performance,
accessibility, best practices and SEO.

Lighthouse's own mobile settings (simulated slow 4G, 4x CPU) against the built site
served by the project's server on this machine, each page once in one Chromium, three
times over, and Buildings shown as of the first day of its history (``?as-of=``: its
script puts in the words of then); the median of each score, the LCP, Total Blocking Time
and layout shift of each page, every check that failed (even one Lighthouse leaves out of
the score, such as label-content-name-mismatch), and the longest tasks of the last run.
Writes ``bench/results/lighthouse.json`` and the table between the ``lighthouse`` markers of
``bench/README.md``. Kept apart from ``make bench`` (its budget is 12 minutes); a score is
a figure, so it lives here, not in a test: the tests hold the accessibility rules
themselves (axe-core, which Lighthouse's accessibility category runs, on every page and
calculator state: ``tests/browser/test_accessibility.py``).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.reports.output import BENCH_README, RESULTS, write_block
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.project import PAGE_URLS, SITE, first_day
from site_server import serving

RUNS = 3
TARGET = 100
#: Lighthouse's categories, in its order, and how the table names them.
CATEGORIES = {
    "performance": "performance",
    "accessibility": "accessibility",
    "best-practices": "best practices",
    "seo": "SEO",
}


def main() -> None:
    as_of = f"buildings/?as-of={first_day(SITE, 'buildings/')}"
    urls = [*PAGE_URLS, as_of]
    env = {**os.environ, "CHROME_PATH": CHROMIUM, "CHROME_FLAGS": json.dumps(CHROMIUM_ARGS)}
    runs = []
    with serving(SITE) as server:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for _ in range(RUNS):
            out = subprocess.run(
                ["node", str(Path(__file__).with_name("scores.mjs")), *[base + url for url in urls]],
                env=env, capture_output=True, text=True, check=True, timeout=1800,
            )  # fmt: skip
            report = json.loads(out.stdout)
            for crash in report["crashes"]:  # audited again in a fresh Chromium (harness/lighthouse.mjs)
                print(f"Chromium's tab crashed on {crash['url']}; audited again. Its log:\n{crash['log']}")
            runs.append(report["results"])
    pages = {}
    for n, url in enumerate(urls):
        results = [run[n] for run in runs]
        pages[url or "home"] = {
            "scores": {c: round(statistics.median(r["scores"][c] for r in results) * 100) for c in CATEGORIES},
            "runs": {c: [round(r["scores"][c] * 100) for r in results] for c in CATEGORIES},
            "failed": sorted({f for r in results for checks in r["failed"].values() for f in checks}),
            "lcp_s": round(statistics.median(r["lcp_ms"] for r in results) / 1000, 2),
            "tbt_ms": round(statistics.median(r["tbt_ms"] for r in results)),
            "cls": statistics.median(r["cls"] for r in results),
            "long_tasks": results[-1]["long_tasks"],
        }
    rows = []
    for page, p in pages.items():
        cells = []
        for category in CATEGORIES:
            spread = sorted(set(p["runs"][category]))
            cells.append(str(p["scores"][category]) + (f" ({'–'.join(map(str, spread))})" if len(spread) > 1 else ""))
        rows.append(f"| {page} | {' | '.join(cells)} | {p['lcp_s']} s | {p['tbt_ms']} ms | {p['cls']} |")
    failed = [f"- {page}: {', '.join(p['failed'])}" for page, p in pages.items() if p["failed"]]
    failures = ["Checks that failed in any run (besides performance's):", "", *failed] if failed else []
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    table = "\n".join(
        [
            (
                f"Measured by `make bench-lighthouse` on {when} (Lighthouse 12.2.3, mobile, medians of {RUNS}, "
                f"the runs' spread in brackets; target {TARGET} in every category on every page, LCP <= 1.0 s, "
                "TBT <= 100 ms, layout shift 0):"
            ),
            "",
            f"| page | {' | '.join(CATEGORIES.values())} | LCP | Total Blocking Time | layout shift |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            *(failures or ["No check failed in any run besides performance's."]),
        ]
    )
    (RESULTS / "lighthouse.json").write_text(json.dumps({"when": when, "pages": pages}, indent=1) + "\n")
    write_block(BENCH_README, "lighthouse", table)
    print(table)
    below = {page: p["scores"]["accessibility"] for page, p in pages.items() if p["scores"]["accessibility"] < TARGET}
    if below:
        sys.exit(f"accessibility below {TARGET}: {below}")


if __name__ == "__main__":
    main()
