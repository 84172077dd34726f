"""The build of a synthetic book, measured: its time, CPU and peak memory, and what it made.

``timed_build`` runs ``python -m mkdocs build`` in a book's folder as ``make build`` does
(the lock and the history not frozen: a new book records its ids) and reads, while it runs,
the memory of the whole process tree (the build's worker processes included) every 50 ms,
and the moment each line of its log arrives; the build's own report of its stages
(``build/reports/build-times.json``, where the build writes one) gives the time per stage.
``site_figures`` reads the built site: files and bytes, the cards, a rule page's bytes and
its navigation's share, the search's files, what the service worker precaches, and the
lock and the history.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import resource
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import brotli
import psutil

#: A fixed date for new rules' history lines, so two runs write the same bytes.
SOURCE_DATE_EPOCH = "1796083200"  # 2026-12-01
#: The rule page whose bytes are measured (a rulebook page of today's book, with no calculator).
RULE_PAGE = "terrain/index.html"


@dataclass
class BuildRun:
    """One build: wall and CPU seconds, peak memory of the process tree, and its stages."""

    wall_s: float
    cpu_s: float
    peak_mb: float
    stages: dict[str, float] = field(default_factory=dict)
    log: list[tuple[float, str]] = field(default_factory=list)


def _tree_rss(proc: psutil.Process) -> int:
    try:
        procs = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total


def timed_build(book: Path, *, python: str = sys.executable) -> BuildRun:
    """Build ``book`` as ``make build`` does and measure it.

    Raises:
        RuntimeError: when the build fails (with its log).
    """
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "SCROLLHAMMER_FROZEN_ANCHORS": "false",
        "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
    }
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.Popen(
        [python, "-m", "mkdocs", "build"],
        cwd=book,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    peak = [0]
    done = threading.Event()

    def watch() -> None:
        ps = psutil.Process(proc.pid)
        while not done.is_set():
            peak[0] = max(peak[0], _tree_rss(ps))
            done.wait(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    log = [(round(time.monotonic() - start, 2), line.rstrip()) for line in proc.stdout or []]
    code = proc.wait()
    wall = time.monotonic() - start
    done.set()
    watcher.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code != 0:
        raise RuntimeError(f"the build of {book} failed:\n" + "\n".join(text for _, text in log[-30:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    report = book / "build" / "reports" / "build-times.json"
    stages = json.loads(report.read_text("utf-8")) if report.exists() else _stages_from_log(log)
    return BuildRun(round(wall, 2), round(cpu, 2), round(peak[0] / 1e6, 1), stages, log)


def _stages_from_log(log: list[tuple[float, str]]) -> dict[str, float]:
    """For a build that reports no stages: the time until each of its log's landmarks."""
    marks = {"rulebook": "references resolved", "pages and finish": "Documentation built"}
    out: dict[str, float] = {}
    last = 0.0
    for name, words in marks.items():
        at = next((t for t, text in log if words in text), None)
        if at is not None:
            out[name] = round(at - last, 2)
            last = at
    return out


def _element(html: str, start: int, tag: str) -> str:
    """The element that opens at ``start`` (nested elements of the same tag included)."""
    depth = 0
    for match in re.finditer(rf"<{tag}\b|</{tag}>", html[start:]):
        depth += -1 if match.group().startswith("</") else 1
        if depth == 0:
            return html[start : start + match.end()]
    return html[start:]


def _nav_share(html: str) -> tuple[int, int]:
    """The primary navigation's bytes (the page's own table of contents inside it included)
    and its links to pages and groups (the table of contents' links left out)."""
    start = html.find('<nav class="md-nav md-nav--primary"')
    if start < 0:
        return 0, 0
    nav = _element(html, start, "nav")
    toc_at = nav.find('<nav class="md-nav md-nav--secondary"')
    outside = nav.replace(_element(nav, toc_at, "nav"), "") if toc_at >= 0 else nav
    return len(nav.encode()), len(re.findall(r'class="md-nav__link[" ]', outside))


def _versions_bytes(html: str) -> int:
    """The bytes of the page's rule-versions data (what a pinned link's notice and ``?as-of=`` read)."""
    found = re.search(r"<div id=\"rule-versions\" data-json='[^']*'", html)
    return len(found.group(0).encode()) if found else 0


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _tree(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []
    return len(files), sum(p.stat().st_size for p in files)


def _precache(site: Path) -> dict[str, Any]:
    """What ``sw.js`` precaches (its manifest, read from the file): entries and bytes."""
    sw = site / "sw.js"
    if not sw.exists():
        return {}
    urls = re.findall(r'(?:"url"|url):\s*"([^"]+)"', sw.read_text("utf-8"))
    size = sum(_size(site / url) for url in urls)
    return {"entries": len(urls), "mb": round(size / 1e6, 2)}


def _book(site: Path) -> dict[str, Any]:
    """What keeping the whole book adds (``offline-book.json``, where the build writes one)."""
    listed = site / "offline-book.json"
    if not listed.exists():
        return {}
    files = json.loads(listed.read_text("utf-8"))["files"]
    return {"files": len(files), "mb": round(sum(f["size"] for f in files) / 1e6, 2)}


def site_figures(book: Path) -> dict[str, Any]:
    """The figures of the site built in ``book/site`` (see the module's docstring)."""
    site = book / "site"
    files, size = _tree(site)
    cards_files, cards_size = _tree(site / "r")
    images = list((site / "r").rglob("card.png")) if (site / "r").exists() else []
    page = (site / RULE_PAGE).read_bytes()
    nav_bytes, nav_links = _nav_share(page.decode())
    search_files, search_size = _tree(site / "search")
    pagefind_files, pagefind_size = _tree(site / "pagefind")
    index = site / "search" / "search_index.json"
    api_files, api_size = _tree(site / "api" / "v1" / "rules")
    return {
        "files": files,
        "mb": round(size / 1e6, 1),
        "card_files": cards_files,
        "card_mb": round(cards_size / 1e6, 1),
        "card_images": len(images),
        "card_images_mb": round(sum(p.stat().st_size for p in images) / 1e6, 1),
        "rule_page_kb": round(len(page) / 1e3, 1),
        "rule_page_gzip_kb": round(len(gzip.compress(page, 9)) / 1e3, 1),
        "rule_page_brotli_kb": round(len(brotli.compress(page, quality=11)) / 1e3, 1),
        "rule_page_versions_kb": round(_versions_bytes(page.decode()) / 1e3, 1),
        "nav_share": round(nav_bytes / len(page), 3),
        "nav_links": nav_links,
        "search_index_kb": round(_size(index) / 1e3, 1),
        "search_index_gzip_kb": round(len(gzip.compress(index.read_bytes(), 9)) / 1e3, 1) if index.exists() else 0,
        "search_files": search_files + pagefind_files,
        "search_mb": round((search_size + pagefind_size) / 1e6, 2),
        "precache": _precache(site),
        "book": _book(site),
        "api_bulk_kb": round(_size(site / "api" / "v1" / "rules.jsonl.gz") / 1e3, 1),
        "api_rule_files": api_files,
        "api_rule_files_mb": round(api_size / 1e6, 1),
        "api_changes_kb": round(_size(site / "api" / "v1" / "changes.json") / 1e3, 1),
        "lock_kb": round(_size(book / "anchors.lock.json") / 1e3, 1),
        "history_kb": round(_size(book / "rules.history.jsonl") / 1e3, 1),
    }


def as_dict(run: BuildRun) -> dict[str, Any]:
    """A build run for ``scale.json`` (without its log)."""
    data = asdict(run)
    data.pop("log")
    return data
