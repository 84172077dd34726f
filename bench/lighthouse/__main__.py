"""Lighthouse 12's mobile performance score of every page (``make bench-lighthouse``).

Lighthouse's own mobile settings (simulated slow 4G, 4x CPU) against the built site
served by the project's server on this machine, each page once in one Chromium, three
times over, and Buildings shown as of the first day of its history (``?as-of=``: its
script puts in the words of then); the median score, LCP, Total Blocking Time and layout
shift of each page, and the longest tasks of the last run. Writes
``bench/results/lighthouse.json`` and the table between the ``lighthouse`` markers of
``bench/README.md``. Kept apart from ``make bench`` (its budget is 12
minutes); a score is a speed figure, so it lives here, not in a test.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import time
from pathlib import Path

from bench.reports.output import BENCH_README, RESULTS, write_block
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.project import PAGE_URLS, SITE, first_day
from site_server import serving

RUNS = 3
TARGET = 100


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
                env=env, capture_output=True, text=True, check=True, timeout=900,
            )  # fmt: skip
            report = json.loads(out.stdout)
            for crash in report["crashes"]:  # audited again in a fresh Chromium (harness/lighthouse.mjs)
                print(f"Chromium's tab crashed on {crash['url']}; audited again. Its log:\n{crash['log']}")
            runs.append(report["results"])
    pages = {}
    for n, url in enumerate(urls):
        results = [run[n] for run in runs]
        pages[url or "home"] = {
            "score": round(statistics.median(r["score"] for r in results) * 100),
            "scores": [round(r["score"] * 100) for r in results],
            "lcp_s": round(statistics.median(r["lcp_ms"] for r in results) / 1000, 2),
            "tbt_ms": round(statistics.median(r["tbt_ms"] for r in results)),
            "cls": statistics.median(r["cls"] for r in results),
            "long_tasks": results[-1]["long_tasks"],
        }
    rows = []
    for page, p in pages.items():
        spread = "–".join(map(str, sorted(set(p["scores"]))))
        rows.append(f"| {page} | {p['score']} ({spread}) | {p['lcp_s']} s | {p['tbt_ms']} ms | {p['cls']} |")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    table = "\n".join(
        [
            (
                f"Measured by `make bench-lighthouse` on {when} (Lighthouse 12.2.3, mobile, medians of {RUNS}; "
                f"target {TARGET} on every page, LCP <= 1.0 s, TBT <= 100 ms, layout shift 0):"
            ),
            "",
            "| page | performance (the runs) | LCP | Total Blocking Time | layout shift |",
            "| --- | --- | --- | --- | --- |",
            *rows,
        ]
    )
    (RESULTS / "lighthouse.json").write_text(json.dumps({"when": when, "pages": pages}, indent=1) + "\n")
    write_block(BENCH_README, "lighthouse", table)
    print(table)


if __name__ == "__main__":
    main()
