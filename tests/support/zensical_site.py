"""The site built by the second generator, as ``make build GENERATOR=zensical`` builds it:
``make pages`` (stages 1-3 as Markdown), ``zensical build`` (the pinned Zensical in
``.venv-zensical``, which ``make test`` installs), then ``python -m build_scripts.finish``;
our two steps with MkDocs unimportable (:mod:`support.without_mkdocs`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from harness.project import ROOT
from support import copy_project, without_mkdocs

ZENSICAL = ROOT / ".venv-zensical" / "bin" / "zensical"


def build_with_zensical(dest: Path, *, port: int) -> Path:
    """Build a copy of the project in ``dest`` with Zensical for a server on ``port``; return the site."""
    if not ZENSICAL.exists():
        raise RuntimeError(f"{ZENSICAL} is missing: run `make zensical` (make test does)")
    project = copy_project(dest / "project")
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/", "NO_MKDOCS_2_WARNING": "1"}
    env["SCROLLHAMMER_FROZEN_ANCHORS"] = "true"

    def ran(done: subprocess.CompletedProcess[str]) -> None:
        assert done.returncode == 0, f"{done.args}: {done.stdout[-2000:]}{done.stderr[-2000:]}"

    # Our stages run with MkDocs unimportable, as they would with only Zensical installed.
    ran(without_mkdocs.run("build_scripts.steps.pages_command", cwd=project, env=env))
    zensical = [str(ZENSICAL), "build", "-f", "build/pages/mkdocs.yml"]
    ran(subprocess.run(zensical, cwd=project, env=env, capture_output=True, text=True, check=False))
    site = dest / "site"
    shutil.move(project / "build" / "pages" / "site", site)
    ran(without_mkdocs.run("build_scripts.finish", site, cwd=project, env=env))
    return site
