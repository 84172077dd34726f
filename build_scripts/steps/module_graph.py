"""The page scripts' module graph, so every page can ask for all of it at once.

A module script's imports are found only when it arrives, so a graph three deep costs
three round trips before the last module is even requested. The build reads the static
``import … from "./x.mjs"`` lines of the entry scripts and lists every module they reach;
the page's ``<head>`` then names them all (``<link rel="modulepreload">``). Dynamic
``import()`` calls are left out on purpose: they are loaded when needed.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from pathlib import Path

from build_scripts.core.errors import RulebookError

__all__ = ["module_graph"]

# `import x from "./a.mjs"`, `import { a, b } from '../b.mjs'` (across lines), `import "./c.mjs"`.
_STATIC_IMPORT = re.compile(r"""^\s*import\s+(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']""", re.MULTILINE)


def module_graph(docs_dir: Path, entries: Iterable[str]) -> list[str]:
    """Every module the entries reach by static imports, entries first, each once.

    Args:
        docs_dir: The folder the paths are relative to (the site's ``docs``).
        entries: The entry scripts, as ``assets/js/main.mjs``.

    Returns:
        Paths relative to ``docs_dir``, in the order they were found (breadth first).

    Raises:
        RulebookError: when a script imports a file that does not exist, naming both.
    """
    found: list[str] = []
    queue = list(entries)
    while queue:
        path = queue.pop(0)
        if path in found:
            continue
        file = docs_dir / path
        if not file.is_file():
            raise RulebookError(f"{path}: no such script in {docs_dir}")
        found.append(path)
        text = file.read_text("utf-8")
        for match in _STATIC_IMPORT.finditer(text):
            target = match.group(1)
            if not target.startswith("."):
                continue  # a bare name: not a file of the site
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            if not (docs_dir / resolved).is_file():
                line = text.count("\n", 0, match.start(1)) + 1
                raise RulebookError(f"{path}:{line}: imports {target!r}, which is not in {docs_dir}")
            queue.append(resolved)
    return found
