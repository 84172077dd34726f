"""How long each stage of the build takes: the build's report of its stages.

The build writes the times to ``build/reports/build-times.json`` (``make bench-scale`` reads
it: time per stage at each size of the book).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["StageTimer"]


class StageTimer:
    """Wall seconds per named stage, in the order the stages ran."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time the block as the stage ``name`` (added to it when it ran before)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = round(self.seconds.get(name, 0.0) + time.perf_counter() - start, 3)

    def mark(self, name: str, since: float) -> None:
        """Record ``name`` as the time from ``since`` (a ``time.perf_counter()``) until now."""
        self.seconds[name] = round(time.perf_counter() - since, 3)
