"""The unit tier holds to what it promises: no build, server, browser, Node or apt.

A unit test that asks for a fixture of the slower tiers (a built site, a server, a browser, a
wiki) fails at once, and so does one that starts any program but this Python: what a test
needs from the tiers above belongs in them (``tests/site``, ``tests/hosting``, ``tests/js``...).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.unit_tier import only_python, slower_fixtures


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if not item.path.resolve().is_relative_to(here):
            continue
        slower = slower_fixtures(getattr(item, "fixturenames", ()))
        if slower:
            raise pytest.UsageError(f"{item.nodeid} is a unit test but asks for {', '.join(slower)}: move it up a tier")


@pytest.fixture(autouse=True)
def _no_other_programs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``subprocess`` start goes through ``Popen``: each is held to :func:`only_python`."""
    real = subprocess.Popen.__init__

    def guarded(self: subprocess.Popen[Any], args: Any, *rest: Any, **options: Any) -> None:
        only_python(args)
        real(self, args, *rest, **options)

    monkeypatch.setattr(subprocess.Popen, "__init__", guarded)
