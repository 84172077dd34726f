"""A copy of the built site with a script of the tests' first in every page's ``<head>``.

The files are hard links to the build's (no copy of Pyodide); each page is written anew
(and its ``.br``/``.gz`` twins dropped, so the server sends the page with the script).
The cross-engine tests put their probe there; the engines' benchmark, its answer clock.
The added files are also in the service worker's list of files to keep (``sw.js``, written
anew), so a page opened offline, or after the browser's restart, still has its probe.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

_HEAD = re.compile(r"<head>", re.IGNORECASE)
#: How the service worker's precache list begins (workbox_source.js, as the build writes it).
_MANIFEST = "const MANIFEST = ["


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
    _kept_offline(dest, [first, *(extra or {})])
    return dest


def _kept_offline(site: Path, names: list[str]) -> None:
    """Add ``names`` (files at the site's root) to the service worker's core list, when it has one."""
    worker = site / "sw.js"
    if not worker.exists():
        return
    text = worker.read_text("utf-8")
    if _MANIFEST not in text:
        raise ValueError(f"{worker}: no precache list ({_MANIFEST!r}) to add the probe's files to")
    entries = "".join(f'{{"revision":"probe","url":"{name}"}},' for name in sorted(set(names)))
    worker.unlink()  # a new file, not the build's
    worker.write_text(text.replace(_MANIFEST, _MANIFEST + entries, 1), "utf-8")
    for twin in (site / "sw.js.br", site / "sw.js.gz"):
        twin.unlink(missing_ok=True)
