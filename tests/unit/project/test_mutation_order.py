"""Under mutmut, a mutant's tests run the cheapest files first (``tests/support/mutation_order.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from support.mutation_order import cheapest_files_first


@dataclass
class Item:
    nodeid: str


def test_files_run_cheapest_first_each_kept_whole_and_in_its_order(tmp_path: Path) -> None:
    stats = tmp_path / "mutmut-stats.json"
    took = {"g.py::a": 3.0, "g.py::b": 0.5, "u.py::a": 0.1, "u.py::b": 0.2, "v.py::a": 1.0}
    stats.write_text(json.dumps({"duration_by_test": took}), "utf-8")
    items = [Item(n) for n in ("g.py::a", "v.py::a", "u.py::b", "g.py::b", "u.py::a", "new.py::a")]
    cheapest_files_first(items, stats)
    assert [t.nodeid for t in items] == ["new.py::a", "u.py::b", "u.py::a", "v.py::a", "g.py::a", "g.py::b"]


def test_without_mutmuts_times_the_order_is_left_alone(tmp_path: Path) -> None:
    items = [Item("g.py::a"), Item("u.py::a")]
    cheapest_files_first(items, tmp_path / "none.json")
    assert [t.nodeid for t in items] == ["g.py::a", "u.py::a"]
