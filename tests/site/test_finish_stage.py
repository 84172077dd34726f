"""Stage 4 on its own: a site MkDocs left unfinished (``SCROLLHAMMER_FINISH=false``), finished
by ``python -m build_scripts.finish`` from the state file and the built HTML alone, is byte
for byte the site the one-step build makes; a missing or foreign state file is named."""

from __future__ import annotations

import filecmp
import subprocess
from pathlib import Path

import pytest
from support import build_site, copy_project, without_mkdocs

from build_scripts.core.errors import RulebookError
from build_scripts.finish.stage import FINISH_STATE, FinishState
from harness.project import ROOT


def finish(site: Path, project: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Stage 4 alone, with MkDocs unimportable: it reads the built HTML, not the theme's internals."""
    return without_mkdocs.run("build_scripts.finish", site, "--project", project, *extra, cwd=ROOT)


def differences(left: Path, right: Path) -> list[str]:
    """Every path that is in one tree only or whose bytes differ."""
    found: list[str] = []

    def walk(cmp: filecmp.dircmp[str], at: str) -> None:
        found.extend(f"{at}{name}" for name in cmp.left_only + cmp.right_only + cmp.funny_files)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        found.extend(f"{at}{name}" for name in mismatch + errors)
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{at}{name}/")

    walk(filecmp.dircmp(left, right), "")
    return found


def test_the_finish_stage_alone_makes_the_same_site_as_the_one_step_build(
    built_site: Path, site_port: int, tmp_path: Path
) -> None:
    project = copy_project(tmp_path / "project")
    site = tmp_path / "site"
    build_site(project, site, port=site_port, env={"SCROLLHAMMER_FINISH": "false"})
    assert not (site / "sw.js").exists(), "MkDocs alone wrote no service worker"
    assert "Content-Security-Policy" not in (site / "buildings" / "index.html").read_text("utf-8")
    done = finish(site, project)
    assert done.returncode == 0, done.stderr
    assert "finish: service worker: build" in done.stdout
    assert differences(built_site, site) == []


def test_a_missing_or_foreign_state_is_named(tmp_path: Path) -> None:
    done = finish(tmp_path, tmp_path)
    assert done.returncode == 1
    assert done.stderr == f"finish: {tmp_path / FINISH_STATE} is not there; build the pages first (make build)\n"
    with pytest.raises(RulebookError, match="is not the finish stage's state"):
        FinishState.loads('{"site_url": "/"}')
