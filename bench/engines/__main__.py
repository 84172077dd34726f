"""``make bench-engines``: the first and the warm answer in Chromium, WebKit and Firefox, in one run.

    python -m bench.engines

What it measures and writes: :mod:`bench.engines.run`.
"""

from __future__ import annotations

from bench.engines.report import answers_table, steps_table
from bench.engines.run import bench


def main() -> None:
    """Run every engine; print the answers' and the steps' tables."""
    data = bench()
    print(answers_table(data), steps_table(data), sep="\n\n")


if __name__ == "__main__":
    main()
