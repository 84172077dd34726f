"""The unit tier's guard (``tests/unit/conftest.py``) refuses what the tier must not start: any
program but this Python, and the slower tiers' fixtures."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support.unit_tier import only_python, slower_fixtures


def test_a_unit_test_cannot_start_node_or_a_browser() -> None:
    for program in (["node", "--version"], ["/usr/bin/chromium", "--version"], "nginx -v"):
        with pytest.raises(pytest.fail.Exception, match="only this Python runs here"):
            subprocess.run(program, capture_output=True, check=False)


def test_this_python_runs() -> None:
    only_python([sys.executable, "-c", "pass"])
    done = subprocess.run([sys.executable, "-c", "print(6 * 7)"], capture_output=True, text=True, check=True)
    assert done.stdout == "42\n"


def test_the_slower_tiers_fixtures_are_named() -> None:
    assert slower_fixtures(["tmp_path", "built_site", "page", "monkeypatch"]) == ["built_site", "page"]
    assert slower_fixtures(["tmp_path", "monkeypatch"]) == []
