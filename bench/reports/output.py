"""Where the benchmarks write: ``bench/results/`` (one JSON file per benchmark or A/B) and the
blocks between ``<!-- name:start -->`` and ``<!-- name:end -->`` in the READMEs."""

from __future__ import annotations

import sys
from pathlib import Path

from harness.project import ROOT

__all__ = ["BENCH_README", "README", "RESULTS", "write_block"]

#: Every benchmark's results, as JSON.
RESULTS = ROOT / "bench" / "results"
#: The benchmarks' own README: method, targets and every table.
BENCH_README = ROOT / "bench" / "README.md"
#: The project's README, with the headline tables.
README = ROOT / "README.md"


def write_block(readme: Path, name: str, text: str) -> None:
    """Replace what stands between ``<!-- name:start -->`` and ``<!-- name:end -->`` in ``readme``."""
    content = readme.read_text("utf-8")
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    if start not in content or end not in content:
        print(f"{readme.relative_to(ROOT)} has no {name} markers; not written there", file=sys.stderr)
        return
    head, rest = content.split(start, 1)
    readme.write_text(f"{head}{start}\n{text}\n{end}{rest.split(end, 1)[1]}", "utf-8")
