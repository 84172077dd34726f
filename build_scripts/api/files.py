"""The files of ``api/v1/``, by their path from the site root.

The book, the bulk file, each rule's file, the changes and their JSON Schemas
(:mod:`.records` makes what they hold).

The bulk file is JSON Lines compressed with gzip (``rules.jsonl.gz``, written with no time
in its header, so one build's bytes are the next's); the others are JSON. Every host sends
``Access-Control-Allow-Origin: *`` for ``/api/`` (``deploy/``), so a page elsewhere may read
them.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_scripts.api.records import book_record, change_record, rule_address, rule_file, rule_line
from build_scripts.cards.rule_cards import AsOfSpan, Card
from build_scripts.cards.rule_history import RuleHistory, Version, renamed_from
from build_scripts.changes.entries import Entry
from build_scripts.core.model import AnchoredBlock, RuleRef, page_url

__all__ = ["API_ROOT", "BULK", "SCHEMAS", "ApiBook", "api_files"]

#: The data's folder, from the site root.
API_ROOT = "api/v1/"
BULK = "rules.jsonl.gz"
_SCHEMA_DIR = Path(__file__).with_name("schemas")
#: Each file's schema, by the name ``book.json``'s ``files.schemas`` gives it.
SCHEMAS = {"book": "book", "rules": "rule-line", "rule": "rule", "changes": "changes"}


@dataclass(frozen=True, kw_only=True)
class ApiBook:
    """What the data is made from: the build's rules, cards and history, the changes, the site."""

    anchored: Mapping[str, Sequence[AnchoredBlock]]
    """Rulebook page name → its rules, in the page's order."""
    sections: Mapping[str, str]
    """Rulebook page name → the rulebook section it shows."""
    titles: Mapping[str, str]
    cards: Sequence[Card]
    history: RuleHistory
    aliases: Mapping[RuleRef, RuleRef]
    """The anchors lock's old ids, each to where it leads now."""
    entries: Sequence[Entry]
    """The changes, newest first (the feed's latest ``latest``)."""
    changes_page: str
    latest: int
    span: AsOfSpan
    site_name: str
    site_url: str
    wiki_index: str
    date: str


def _json(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def api_files(book: ApiBook, *, rule_files: bool = True) -> dict[str, str | bytes]:
    """Every file of ``api/v1/``, by its path from the site root (``rule_files``: one per rule id too)."""
    out: dict[str, str | bytes] = {}
    lines = [
        json.dumps(rule_line(page, item, book.history.latest(RuleRef(page, item.id))), ensure_ascii=False)
        for page, items in book.anchored.items()
        for item in items
    ]
    out[API_ROOT + BULK] = gzip.compress("".join(line + "\n" for line in lines).encode(), mtime=0)
    old_ids = renamed_from(book.aliases)
    for card in book.cards if rule_files else ():
        if card.rule.page not in book.anchored and card.status == "live":
            continue  # a reading's card: not a rule of the book
        versions: list[Version] = []
        for rule in (*old_ids.get(card.rule, []), card.rule) if card.status == "live" else (card.rule,):
            versions += book.history.versions.get(rule, ())
        if not versions:
            continue
        out[API_ROOT + rule_address(card.rule)] = _json(rule_file(card, versions, old_ids.get(card.rule, [])))
    entries = [change_record(e, book.changes_page) for e in book.entries[: book.latest]]
    out[API_ROOT + "changes.json"] = _json({"schema_version": 1, "entries": entries})
    for name in SCHEMAS.values():
        out[f"{API_ROOT}schemas/{name}.schema.json"] = (_SCHEMA_DIR / f"{name}.schema.json").read_text("utf-8")
    pages = [
        {
            "name": name,
            "title": book.titles.get(name, name),
            "url": page_url(name),
            "section": book.sections[name],
            "rules": len(items),
        }
        for name, items in book.anchored.items()
    ]
    files = {
        "rules": BULK,
        "rule": "rules/{page}/{anchor}.json" if rule_files else None,
        "changes": "changes.json",
        "schemas": {key: f"schemas/{name}.schema.json" for key, name in SCHEMAS.items()},
    }
    site = {"name": book.site_name, "url": book.site_url}
    record = book_record(
        site=site, date=book.date, span=book.span, wiki_index=book.wiki_index, pages=pages, files=files
    )
    out[API_ROOT + "book.json"] = _json(record)
    return out
