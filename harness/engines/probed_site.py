"""A copy of the built site with a script of the tests' first in every page's ``<head>``.

The files are hard links to the build's (no copy of Pyodide); each page is written anew
(and its ``.br``/``.gz`` twins dropped, so the server sends the page with the script).
The cross-engine tests put their probe there; the engines' benchmark, its answer clock.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

_HEAD = re.compile(r"<head>", re.IGNORECASE)


def probed_copy(
    built: Path, dest: Path, first: str, extra: dict[str, Path] | None = None, script: str | None = None
) -> Path:
    """``built`` copied to ``dest`` with ``<script src="/{first}">`` first in every page.

    ``extra``: more files to add at the root (name → file); ``script``: the first script's
    text, written at the root as ``first``.
    """
    shutil.copytree(built, dest, copy_function=os.link)
    for page in dest.rglob("*.html"):
        html = page.read_text("utf-8")
        page.unlink()  # a new file, not the build's (they share the inode)
        page.write_text(_HEAD.sub(f'<head><script src="/{first}"></script>', html, count=1), "utf-8")
        for twin in (page.with_name(page.name + ".br"), page.with_name(page.name + ".gz")):
            twin.unlink(missing_ok=True)
    for name, source in (extra or {}).items():
        shutil.copy(source, dest / name)
    if script is not None:
        (dest / first).write_text(script, "utf-8")
    return dest
