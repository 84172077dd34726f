"""What the unit tier may not start or ask for (its ``conftest.py`` holds every unit test to it)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

#: The fixtures of the slower tiers, which build, serve or drive a browser.
SLOWER = frozenset(
    {
        "built_site",
        "site_port",
        "site_server",
        "site_url",
        "slow_site_url",
        "late_scripts_url",
        "zensical_site",
        "zensical_url",
        "nginx_host",
        "caddy_host",
        "playwright",
        "browser",
        "context",
        "page",
        "wiki",
    }
)


def slower_fixtures(fixtures: object) -> list[str]:
    """Which of ``fixtures`` (a test's fixture names) belong to the slower tiers."""
    return sorted(SLOWER & set(fixtures))  # type: ignore[call-overload]


def only_python(command: Any) -> None:
    """Refuse to start anything but this interpreter."""
    program = command if isinstance(command, str | Path) else next(iter(command), "")
    if Path(str(program)).name != Path(sys.executable).name and str(program) != sys.executable:
        pytest.fail(
            f"a unit test started {program!r}: only this Python runs here (Node, servers and browsers: a tier up)"
        )
