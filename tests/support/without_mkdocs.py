"""Run a module as ``python -m`` does, with MkDocs (and so Material) unimportable.

    PYTHONPATH=tests python -m support.without_mkdocs build_scripts.steps.pages_command [args...]
    PYTHONPATH=tests python -m support.without_mkdocs -c "import build_scripts.steps.make_pages"

(:func:`run` does that from a test.) Run with ``-m`` from the project's folder (or a copy's),
Python finds that folder's ``build_scripts`` first, as ``python -m`` would.

The stages a generator stands between (``make pages``, ``make finish``) must run so: only
the MkDocs plugin may import MkDocs (``test_rooms.py`` reads the imports; this runs them).
"""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``args`` (a module and its arguments, or ``-c`` and a line) in ``cwd`` with MkDocs unimportable."""
    tests = str(Path(__file__).resolve().parent.parent)
    environment = {**os.environ, **(env or {})}
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (tests, environment.get("PYTHONPATH", "")) if p)
    return subprocess.run(
        [sys.executable, "-m", "support.without_mkdocs", *map(str, args)],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


class NoMkDocs:
    """A finder that refuses ``mkdocs`` and its modules, before any other finder is asked."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:  # noqa: ARG002
        if name == "mkdocs" or name.startswith("mkdocs."):
            raise ModuleNotFoundError(f"No module named {name!r} (without_mkdocs)", name=name)
        return None


if __name__ == "__main__":
    sys.meta_path.insert(0, NoMkDocs())
    if sys.argv[1] == "-c":
        exec(sys.argv[2], {"__name__": "__main__"})  # noqa: S102 - the test's own line
    else:
        sys.argv = sys.argv[1:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
