"""Small modules with one job: no module of the calculators, the build or the server is
over 300 lines (a module that grows past it is split by job, as building damage's was)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import ROOT

MOST_LINES = 300
MODULES = sorted(p for folder in ("calculators", "build_scripts", "site_server") for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_is_over_300_lines(module: Path) -> None:
    lines = len(module.read_text("utf-8").splitlines())
    assert lines <= MOST_LINES, f"{module.relative_to(ROOT)} has {lines} lines; split it by job"
