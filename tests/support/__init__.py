"""What the tests share beyond the harness: the build of a site, a working copy of the project,
the rulebook's pages and exports, Node's test runner, an icepool oracle."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import icepool
import pytest

from build_scripts.settings.options import PageOption
from harness.project import PROJECT, ROOT

RULEBOOK = PROJECT.path(PROJECT.options.source_dir)
EXPORTS = list(PROJECT.options.exports)
PHONE = {"width": 360, "height": 740}


def build_site(project: Path, site: Path, *, port: int, frozen: bool = True, env: dict[str, str] | None = None) -> None:
    """`mkdocs build --strict` of ``project`` into ``site`` for a server on ``port``.

    ``frozen``: the lock and the rules' history must already describe the build (as in CI);
    otherwise the build records new ids and words in the project's copy. ``env``: more
    variables (``SOURCE_DATE_EPOCH`` dates new words).
    """
    env = {
        **os.environ,
        "SCROLLHAMMER_FROZEN_ANCHORS": "true" if frozen else "false",
        "NO_MKDOCS_2_WARNING": "1",
        "SITE_URL": f"http://127.0.0.1:{port}/",
        **(env or {}),
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


def site_pages() -> list[PageOption]:
    """Every page of the site, in the order of the navigation (the plugin's ``pages``)."""
    return list(PROJECT.options.pages)


#: The rulebook pages' names.
RULEBOOK_PAGES = [p.name for p in site_pages() if p.kind == "rulebook"]


#: What a working copy of the project leaves out: these at its top (``tests/site/`` is copied), ...
_NOT_COPIED_AT_TOP = {".venv", ".venv-zensical", "node_modules", "site", ".git", "test-results", "mutants"}
#: ... and these at any depth.
_NOT_COPIED = shutil.ignore_patterns("*.pyc", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache")


def copy_project(dest: Path) -> Path:
    """A working copy of the project to change and build: no venv, site or history;
    node_modules and the build's cache linked (the cache is shared by design: its entries
    are named by what makes them, and builds at once make each entry once)."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        top = _NOT_COPIED_AT_TOP if Path(folder) == ROOT else set()
        return (
            set(_NOT_COPIED(folder, names))
            | (top & set(names))
            | ({"cache"} if Path(folder) == ROOT / "build" else set())
        )

    shutil.copytree(ROOT, dest, ignore=ignore)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    (dest / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "cache").mkdir(parents=True, exist_ok=True)
    (dest / "build" / "cache").symlink_to(ROOT / "build" / "cache")
    return dest


def made_once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name``, shared by every test process of this run: the first to ask for it
    fills it with ``make`` while the others wait (a lock, released by the system if that
    process dies), the rest find it made. For what takes long to make and is the same for
    every process (a site built for no process's own port)."""
    base = factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # the run's own folder either way
    folder = shared / name
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            (folder / ".made").touch()
    return folder


def node_tests(files: list[Path], *, least: int, env: dict[str, str] | None = None) -> None:
    """Run Node test files (``node --test``) and hold that every test ran (at least ``least``) and passed."""
    run = subprocess.run(
        ["node", "--test", "--test-reporter=tap", *map(str, files)],
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # Every test ran and passed (a file that fails to load would report no tests at all).
    counts = dict(re.findall(r"^# (tests|pass|fail) (\d+)$", run.stdout, re.MULTILINE))
    assert int(counts["tests"]) >= least, run.stdout[-2000:]
    assert counts["pass"] == counts["tests"], run.stdout[-2000:]


def icepool_distribution(die: icepool.Die) -> dict[int, Fraction]:
    """An icepool die as outcome → exact probability: the independent oracle the dice tests compare with."""
    return {int(k): die.probability(k) for k in die.outcomes()}
