"""The records of the rules' data (``api/v1/``), as plain dicts: pure, nothing read or written.

:func:`rule_line` is one line of the bulk file (a rule as it reads now);
:func:`rule_file` one rule's file, every version of its words with the word difference to
the one before, and the old ids that lead to it (an id that left the book keeps its file,
which says where it went); :func:`change_record` one entry of the changes, as the feed
has it; :func:`book_record` the book itself. Every address is from the site root
(``buildings/#total-collapse``), joined to ``book.json``'s ``site.url`` by a reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from build_scripts.cards.rule_cards import AsOfSpan, Card, card_path
from build_scripts.cards.rule_history import Version
from build_scripts.cards.word_diff import word_diff
from build_scripts.changes.entries import Entry, RuleChange
from build_scripts.core.model import AnchoredBlock, RuleRef, page_url
from build_scripts.pages.render import place

__all__ = ["SCHEMA_VERSION", "book_record", "change_record", "rule_address", "rule_file", "rule_line"]

#: The records' version: the ``v1`` of ``api/v1/``; a change that breaks a reader makes ``v2``.
SCHEMA_VERSION = 1


def rule_address(rule: RuleRef) -> str:
    """A rule's own file, from ``api/v1/``: ``rules/buildings/total-collapse.json``."""
    return f"rules/{rule.page}/{rule.id}.json"


def _changed(version: Version | None) -> dict[str, Any] | None:
    if version is None:
        return None
    edit = version.edit
    return {
        "date": version.date,
        "rev": edit.rev if edit else None,
        "user": edit.user if edit else None,
        "summary": edit.summary if edit else None,
    }


def rule_line(page: str, item: AnchoredBlock, latest: Version | None) -> dict[str, Any]:
    """One rule of the bulk file: where it is, its words now, when and by which revision they last changed.

    ``latest``: the rule's last recorded version (its words now; a frozen build has one for
    every rule).
    """
    rule = RuleRef(page, item.id)
    words = item.block.full_text
    terms = sorted({r.label for r in (*item.block.inlines, *item.block.body) if r.kind == "term" and r.label})
    return {
        "id": str(rule),
        "page": page,
        "anchor": item.id,
        "headings": list(item.heading_path),
        "place": place(item),
        "kind": item.block.kind,
        "words": words,
        "version": latest.version if latest else None,
        "changed": _changed(latest),
        "url": f"{page_url(page)}#{item.id}",
        "card": card_path(rule),
        "file": rule_address(rule),
        "terms": terms,
    }


def _version(version: Version, before: Version | None) -> dict[str, Any]:
    return {
        "recorded_as": str(version.rule),
        "version": version.version,
        **(_changed(version) or {}),
        "place": version.place,
        "words": version.words,
        "diff": [list(run) for run in word_diff(before.words if before else "", version.words)],
    }


def rule_file(card: Card, versions: Sequence[Version], old_ids: Sequence[RuleRef]) -> dict[str, Any]:
    """One id's file: what it is now (``live``, ``moved`` to another id, ``gone`` from the book) and every version.

    ``versions``: the versions of the id's words, and for a live rule those of the old ids
    that lead to it, oldest first; each names the id it was recorded under and carries the
    word difference to the one before (the first: all inserted).
    """
    ordered = sorted(versions, key=lambda v: v.made)  # stable: an old id's lines before the id's own
    return {
        "id": str(card.rule),
        "status": card.status,
        "leads_to": str(card.leads_to),
        "url": card.target,
        "card": card.path,
        "place": card.place,
        "words": card.words,
        "version": card.version,
        "old_ids": sorted(str(old) for old in old_ids),
        "versions": [_version(v, ordered[n - 1] if n else None) for n, v in enumerate(ordered)],
    }


def _change(change: RuleChange) -> dict[str, Any]:
    return {
        "id": str(change.rule),
        "now": str(change.now),
        "place": change.place,
        "version": change.version,
        "before": change.before,
        "after": change.after,
        "diff": [list(run) for run in change.diff],
    }


def change_record(entry: Entry, changes_page: str) -> dict[str, Any]:
    """One entry of the changes, as the feed has it: what the wiki hides of its revision is left out."""
    return {
        "key": entry.key,
        "rev": entry.rev or None,
        "time": entry.time,
        "user": None if "user" in entry.hidden else entry.user or None,
        "summary": None if "summary" in entry.hidden else entry.summary or None,
        "url": f"{page_url(changes_page)}#{entry.key}",
        "changed": [_change(c) for c in entry.changed],
        "new": [_change(c) for c in entry.new],
    }


def book_record(
    *,
    site: Mapping[str, str],
    date: str,
    span: AsOfSpan,
    wiki_index: str,
    pages: Sequence[Mapping[str, Any]],
    files: Mapping[str, Any],
) -> dict[str, Any]:
    """The book: the site, the build's date, the wiki's revision span, its pages and sections, the files."""
    first, last = span.revisions or (None, None)
    return {
        "schema_version": SCHEMA_VERSION,
        "site": dict(site),
        "build": {"date": date},
        "since": span.since or None,
        "wiki": {"index": wiki_index or None, "first_rev": first, "last_rev": last},
        "pages": list(pages),
        "files": dict(files),
    }
