"""Paths and settings the tests share."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "docs" / "rulebook"
EXPORTS = ["battlefield-terrain.wiki", "buildings.wiki", "ruins.wiki", "unit-types.wiki"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}


def build_site(project: Path, site: Path, *, port: int) -> None:
    """`mkdocs build --strict` of ``project`` into ``site``, lock frozen, for a server on ``port``."""
    env = {
        **os.environ,
        "SCROLLHAMMER_FROZEN_ANCHORS": "true",
        "NO_MKDOCS_2_WARNING": "1",
        "SITE_URL": f"http://127.0.0.1:{port}/",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
