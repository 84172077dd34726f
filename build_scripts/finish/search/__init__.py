"""The site's search, made after the pages are built, from their HTML alone.

:func:`write_search` reads every built page (the cards under ``r/`` and the 404 page
aside), takes the rules it shows (:mod:`.rule_text`), writes one Pagefind record per rule
(:mod:`.records`, ``pagefind_index.mjs``) into ``pagefind/``, the rules' words by length
into ``search/words-N.json`` for "Did you mean", the words for questions into
``search/words.json`` (:mod:`build_scripts.finish.search.question_words`), and leaves the theme's own search index
without documents (its search box stays; the page's search worker answers from Pagefind).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_scripts.core.node import run_node_script
from build_scripts.finish.search.records import SearchRecord, records, word_counts, words_by_length
from build_scripts.finish.search.rule_text import PageRules, page_rules

__all__ = ["SearchWritten", "write_search"]

_INDEXER = Path(__file__).with_name("pagefind_index.mjs")
#: Where Pagefind's bundle goes in the site.
PAGEFIND_DIR = "pagefind"
#: The theme's search index (its documents are dropped: Pagefind answers).
THEME_INDEX = "search/search_index.json"
#: The search's words for questions, in ``search/``: a question's stop words, the book's words for the game's.
QUESTION_WORDS = "words.json"
#: At most this many fragment files (Pagefind bundles the rest together).
MAX_FRAGMENTS = 1000


@dataclass(frozen=True)
class SearchWritten:
    """What the search's step wrote: records, Pagefind's files, and the word lists."""

    records: int
    files: int
    words: int


def _built_pages(site_dir: Path) -> list[tuple[str, PageRules]]:
    """Each built page with rules: its URL from the site root and its rules, in path order."""
    out = []
    for path in sorted(site_dir.rglob("index.html")):
        relative = path.parent.relative_to(site_dir).as_posix()
        if relative.split("/", 1)[0] in {"r", PAGEFIND_DIR}:
            continue
        page = page_rules(path.read_text("utf-8"))
        if page.rules:
            out.append(("" if relative == "." else f"{relative}/", page))
    return out


def _run_indexer(found: list[SearchRecord], output: Path, project_dir: Path) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "records.json"
        data = {"maxFragments": MAX_FRAGMENTS, "records": [{"url": r.url, "html": r.html} for r in found]}
        spec.write_text(json.dumps(data), "utf-8")
        done = run_node_script(_INDEXER, [str(spec), str(output)], cwd=project_dir, what="search: Pagefind")
    return int(done["files"])


def write_search(
    site_dir: Path, *, project_dir: Path, question_words: Mapping[str, Any] | None = None
) -> SearchWritten:
    """Write the search's files into the built site (see the module's docstring).

    ``question_words`` (a question's stop words, the book's words for the game's) is written
    as ``search/words.json`` for the search's worker.

    Raises:
        RulebookError: when Node or Pagefind fails (with its message).
    """
    pages = _built_pages(site_dir)
    found = [record for url, page in pages for record in records(url, page)]
    files = _run_indexer(found, site_dir / PAGEFIND_DIR, project_dir)
    shards = words_by_length(word_counts(page for _, page in pages))
    words_dir = site_dir / "search"
    words_dir.mkdir(exist_ok=True)
    for old in words_dir.glob("words-*.json"):
        old.unlink()
    for length, words in shards.items():
        (words_dir / f"words-{length}.json").write_text(json.dumps(words, separators=(",", ":")), "utf-8")
    book = {"stop": [], "same": {}, **(question_words or {})}
    (words_dir / QUESTION_WORDS).write_text(json.dumps(book, separators=(",", ":"), sort_keys=True), "utf-8")
    theme_index = site_dir / THEME_INDEX
    if theme_index.exists():
        index = json.loads(theme_index.read_text("utf-8"))
        theme_index.write_text(json.dumps({**index, "docs": []}, separators=(",", ":")), "utf-8")
    return SearchWritten(len(found), files, sum(len(words) for words in shards.values()))
