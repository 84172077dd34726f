"""The Changes pages: the latest entries on the Changes page, older ones on pages of their own.

Each page holds at most :data:`PER_PAGE` entries, so a page costs the same however long the
history grows; the pages link to each other (newer, older). The page at ``<changes>/`` is
in the navigation; ``<changes>/page-2/`` and after are not, and the service worker keeps
them only when read (:data:`OLDER_GLOB`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass

from build_scripts.changes.entries import Entry
from build_scripts.core.model import RuleRef, page_url
from build_scripts.core.templates import environment

__all__ = ["FEED", "OLDER_GLOB", "PER_PAGE", "ChangesPage", "changes_pages", "diff_link", "rule_link"]

#: Entries on a page.
PER_PAGE = 20
#: The Atom feed of the latest entries, from the site root.
FEED = "changes.xml"
#: The older pages of the Changes page ``name``, as a glob from the site root.
OLDER_GLOB = "{name}/page-*/**"


@dataclass(frozen=True)
class ChangesPage:
    """One page of the changes: its file in the docs (``changes.md``, ``changes/page-2.md``) and its Markdown."""

    file: str
    markdown: str


def older_url(name: str, number: int) -> str:
    """The URL of page ``number`` of the changes, from the site root (page 1 is the Changes page)."""
    return page_url(name) if number == 1 else f"{page_url(name)}page-{number}/"


def rule_link(rule: RuleRef, from_url: str) -> str:
    """A rule's link from a page at ``from_url`` (from the site root)."""
    target = page_url(rule.page) or "./"
    return posixpath.relpath(target, from_url.rstrip("/") or ".") + f"/#{rule.id}"


def diff_link(wiki_index: str, rev: int) -> str:
    """The wiki's page of what revision ``rev`` changed ("" without a wiki)."""
    return f"{wiki_index}?diff=prev&oldid={rev}" if wiki_index and rev else ""


def changes_pages(
    entries: Sequence[Entry], *, name: str, title: str, wiki_index: str, synced: bool
) -> list[ChangesPage]:
    """Every page of the changes, the newest entries first (one page when there are none)."""
    chunks = [list(entries[i : i + PER_PAGE]) for i in range(0, len(entries), PER_PAGE)] or [[]]
    template = environment(html=True).get_template("changes.md.j2")
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        url = older_url(name, number)
        markdown = template.render(
            title=title,
            number=number,
            pages=len(chunks),
            entries=chunk,
            synced=synced,
            feed=posixpath.relpath(FEED, url.rstrip("/") or "."),
            newer=posixpath.relpath(older_url(name, number - 1), url) + "/" if number > 1 else "",
            older=posixpath.relpath(older_url(name, number + 1), url) + "/" if number < len(chunks) else "",
            link=lambda rule, url=url: rule_link(rule, url),
            wiki_diff=lambda rev: diff_link(wiki_index, rev),
        )
        pages.append(ChangesPage(f"{name}.md" if number == 1 else f"{name}/page-{number}.md", markdown))
    return pages
