"""The site built by the second generator, as ``make build GENERATOR=zensical`` builds it:
``make pages`` (stages 1-3 as Markdown), ``zensical build`` (the pinned Zensical in
``.venv-zensical``, which ``make test`` installs), then ``python -m build_scripts.finish``;
our two steps with MkDocs unimportable (``without_mkdocs.py``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from support import copy_project

from harness.project import ROOT

ZENSICAL = ROOT / ".venv-zensical" / "bin" / "zensical"
#: Our stages run with MkDocs unimportable, as they would with only Zensical installed.
WITHOUT_MKDOCS = ROOT / "tests" / "without_mkdocs.py"


def build_with_zensical(dest: Path, *, port: int) -> Path:
    """Build a copy of the project in ``dest`` with Zensical for a server on ``port``; return the site."""
    if not ZENSICAL.exists():
        raise RuntimeError(f"{ZENSICAL} is missing: run `make zensical` (make test does)")
    project = copy_project(dest / "project")
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/", "NO_MKDOCS_2_WARNING": "1"}
    env["SCROLLHAMMER_FROZEN_ANCHORS"] = "true"

    def run(*command: str | Path) -> None:
        done = subprocess.run(
            [str(c) for c in command], cwd=project, env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"

    run(sys.executable, WITHOUT_MKDOCS, "build_scripts.steps.pages_command")
    run(ZENSICAL, "build", "-f", "build/pages/mkdocs.yml")
    site = dest / "site"
    shutil.move(project / "build" / "pages" / "site", site)
    run(sys.executable, WITHOUT_MKDOCS, "build_scripts.finish", site)
    return site
