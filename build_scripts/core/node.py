"""Running one of the build's Node scripts (Pyodide's stdlib compiler, Workbox, Pagefind).

The build's npm packages are used from Node, by a small script of ours beside the step
that needs it; the script prints one JSON object on success, and its reason on standard
error otherwise. This is the one place the build starts Node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from build_scripts.core.errors import RulebookError

__all__ = ["run_node_script"]


def run_node_script(script: Path, arguments: list[str], *, cwd: Path, what: str) -> dict[str, Any]:
    """Run ``node script arguments…`` in ``cwd`` and return the JSON object it printed.

    Args:
        script: The script (the project's own).
        arguments: Its arguments (paths, ids, JSON).
        cwd: Where it runs (the project, whose ``node_modules`` it imports from).
        what: The step, for messages (``search: Pagefind``).

    Raises:
        RulebookError: when Node is missing or the script fails (with its message).
    """
    node = shutil.which("node")
    if node is None:
        raise RulebookError(f"{what}: Node.js is needed (install Node 20, or run `make setup`)")
    proc = subprocess.run(  # noqa: S603 - the project's own script; its arguments are data
        [node, str(script), *arguments], cwd=cwd, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RulebookError(proc.stderr.strip() or f"{what} failed")
    try:
        found = json.loads(proc.stdout)
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise RulebookError(f"{what}: the script printed {proc.stdout[:80]!r}, not a JSON object")
    return found
