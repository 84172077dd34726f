"""Run a module as ``python -m`` does, with MkDocs (and so Material) unimportable.

    python tests/without_mkdocs.py build_scripts.steps.pages_command [args...]
    python tests/without_mkdocs.py -c "import build_scripts.steps.make_pages"

The stages a generator stands between (``make pages``, ``make finish``) must run so: only
the MkDocs plugin may import MkDocs (``test_rooms.py`` reads the imports; this runs them).
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType


class NoMkDocs:
    """A finder that refuses ``mkdocs`` and its modules, before any other finder is asked."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:  # noqa: ARG002
        if name == "mkdocs" or name.startswith("mkdocs."):
            raise ModuleNotFoundError(f"No module named {name!r} (tests/without_mkdocs.py)", name=name)
        return None


if __name__ == "__main__":
    sys.meta_path.insert(0, NoMkDocs())
    sys.path[0] = str(Path.cwd())  # as `python -m` has it: the project in the working folder
    if sys.argv[1] == "-c":
        exec(sys.argv[2], {"__name__": "__main__"})  # noqa: S102 - the test's own line
    else:
        sys.argv = sys.argv[1:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
