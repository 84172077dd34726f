"""Two builds of the site in each engine, alternately, in one run (``make bench-engines-ab BEFORE=<site dir>``).

``make bench-ab`` compares two builds in Chromium alone. A change made for one engine
(issue 38: WebKit) is kept only when it helps that engine and harms no other, so this
serves the site built before a change and the site built with it side by side and opens
each in turn in Chromium, WebKit and Firefox, each round starting with the other build,
``RUNS`` times each. A run is ``make bench-engines``' run (``engines_bench.one_run``): a new
profile and origin, the first answer cold, then a second page's warm answer, each with
the worker's steps; CPU and network unthrottled.

Usage: ``python -m bench.engines.ab BEFORE AFTER [--runs N] [--engines chromium,webkit,firefox] [--out NAME]``.
Writes ``bench/results/engines-ab.json`` (``bench/results/engines-ab-NAME.json`` with ``--out``) and prints, per
engine, each build's medians and the change, and each step's.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.engines.report import ENGINES, summary
from bench.engines.run import clocked_copy, one_run, require
from bench.reports.output import RESULTS
from harness.engines.drivers import virtual_screen

RUNS = 5
AB_FILE = RESULTS / "engines-ab.json"
#: The figures compared (seconds, from navigation).
FIGURES = {"first_s": "first answer, cold", "warm_s": "warm answer, second page"}


def compare(data: dict[str, Any]) -> str:
    """Each engine's medians before and after, and the change (the table printed and kept)."""
    lines = [
        f"Two builds alternately in one run ({data['when']}, {data['runs']} runs each, medians, min–max):",
        "",
        "| engine | figure | before | after | change |",
        "| --- | --- | --- | --- | --- |",
    ]
    for builds in data["engines"].values():
        before, after = builds["before"], builds["after"]
        for key, words in FIGURES.items():
            b, a = before[key], after[key]
            change = (a["median"] - b["median"]) / b["median"] * 100
            lines.append(
                f"| {before['version']} | {words} | {b['median']} s ({b['min']}–{b['max']}) "
                f"| {a['median']} s ({a['min']}–{a['max']}) | {change:+.0f}% |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--out", default="", help="the results' name: bench/results/engines-ab-NAME.json")
    args = parser.parse_args()
    names = args.engines.split(",")
    require(names, "bench-engines-ab")
    for built in (args.before, args.after):
        if not (built / "index.html").is_file():
            sys.exit(f"bench-engines-ab: {built} is not a built site")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp_dir, virtual_screen() as display:
        tmp = Path(tmp_dir)
        sites = {}
        for label, built in (("before", args.before), ("after", args.after)):
            sites[label] = clocked_copy(built, tmp / label)
        engines: dict[str, dict[str, Any]] = {}
        for name in names:
            runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
            for n in range(args.runs):
                for label in ("before", "after") if n % 2 == 0 else ("after", "before"):
                    runs[label].append(one_run(name, sites[label], display, tmp))
                    print(
                        f"{name} {label} {n + 1}: first {runs[label][-1]['first_s']:.2f} s, "
                        f"warm {runs[label][-1]['warm_s']:.2f} s",
                        flush=True,
                    )
            engines[name] = {label: summary(found) for label, found in runs.items()}
    data = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "runs": args.runs,
        "seconds": round(time.monotonic() - started),
        "before": str(args.before),
        "after": str(args.after),
        "engines": engines,
    }
    results = AB_FILE.with_name(f"engines-ab-{args.out}.json") if args.out else AB_FILE
    results.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    print(compare(data))
    for name, builds in engines.items():
        steps = sorted({k for k in builds["after"] if k.endswith("_ms")})
        print(f"\n{name} steps (ms, medians): before → after")
        for key in steps:
            b = builds["before"].get(key, {}).get("median")
            a = builds["after"][key]["median"]
            print(f"  {key:32s} {b} → {a}")


if __name__ == "__main__":
    main()
