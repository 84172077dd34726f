"""The order a mutant's tests run in under mutmut (``tests/conftest.py`` calls it)."""

from __future__ import annotations

import json
from collections.abc import MutableSequence
from pathlib import Path
from typing import Protocol


class _Test(Protocol):
    @property
    def nodeid(self) -> str: ...


def cheapest_files_first(items: MutableSequence[_Test], stats: Path) -> None:
    """Under mutmut, a mutant's tests file by file, the files that took least time first.

    mutmut runs a mutant's tests with ``-x`` in no set order, so a mutant a unit test kills
    in a millisecond could first wait for the golden files to build the whole book. The
    times are mutmut's own (``mutmut-stats.json``, each test's call); a file's tests stay
    together and in their order, so module fixtures are set up once.
    """
    if not stats.is_file():
        return
    took: dict[str, float] = json.loads(stats.read_text("utf-8")).get("duration_by_test", {})
    by_file: dict[str, float] = {}
    for item in items:
        file = item.nodeid.split("::", 1)[0]
        by_file[file] = by_file.get(file, 0.0) + took.get(item.nodeid, 0.0)
    items[:] = sorted(items, key=lambda item: by_file[item.nodeid.split("::", 1)[0]])
