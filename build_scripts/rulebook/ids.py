"""Stable, readable ids for every rule block.

Id scheme (per page):

* the page's own heading: the slug of its title (``buildings``);
* a sub-heading one level down: the slug of its title (``attacking-buildings``);
* a deeper (plain-line) sub-heading: its parent's id, then its own slug, unless its slug
  already starts with the parent's (``artillery-shooting-at-artillery``,
  ``impassable-buildings-and-movement``);
* a damage-chart row: the slug of its name (``total-collapse``);
* a paragraph or bullet: the id of the heading it sits under, then the slug of its
  first five significant words, leaving out leading words the heading already says
  (``attacking-buildings-building-reaches-0-armour-value``).

Ids depend only on a block's own text and its heading, never on its position, so
inserting a paragraph leaves the others' ids alone. Two blocks that would share an id
take more of their words until they differ; table rows of the very same words are
numbered in their order (``-2``). :mod:`build_scripts.rulebook.anchor_lock` keeps every
id once published working.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import replace

from build_scripts.core.model import AnchoredBlock, Block, Section

__all__ = ["assign_ids", "fingerprint", "slugify"]

_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "if",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "were",
        "which",
        "with",
    ]
)
_WORDS_IN_ID = 5
#: A rule with no words (an empty row, an item of an image alone…) is named by what it is.
_NO_WORDS = {"table_row": "row", "bullet": "item", "footnote": "note", "preformatted": "preformatted"}


def slugify(text: str) -> str:
    """Lower-case ASCII words joined by ``-``: ``What can Hurt a Building?`` → ``what-can-hurt-a-building``."""
    # (the ASCII encoding drops the curly apostrophe, U+2019, as every other non-ASCII mark)
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_text = ascii_text.replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def fingerprint(text: str) -> str:
    """A short hash of a block's text, whitespace-normalised."""
    normal = " ".join(text.split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:12]


def _words(text: str) -> list[str]:
    return [w for w in slugify(text).split("-") if w]


def _significant(text: str) -> list[str]:
    words = _words(text)
    kept = [w for w in words if w not in _STOP_WORDS]
    return kept or words


def assign_ids(page_section: Section) -> list[AnchoredBlock]:
    """Give every heading and block on one page its id, in page order.

    Args:
        page_section: The section the page shows (its heading becomes the page title).

    Returns:
        One entry per heading and per block.

    Headings that make one id, like blocks of the very same words, are numbered in page order
    (``-2``, ``-3``): the wiki shows both.
    """
    out: list[AnchoredBlock] = []
    _walk(page_section, page_section.depth, None, (), out)
    return _deduplicate(out)


def _heading_id(section: Section, page_depth: int, parent_id: str | None) -> str:
    own = slugify(section.title) or "section"  # a heading of no letters the id can keep ("=" on the wiki)
    if parent_id is None or section.depth <= page_depth + 1 or own.startswith(parent_id):
        return own
    return f"{parent_id}-{own}"


def _block_words(text: str, prefix: str, count: int) -> list[str]:
    """The first ``count`` significant words, without leading words the heading already says."""
    words = _significant(text)
    heading_words = set(prefix.split("-"))
    while len(words) > 1 and words[0] in heading_words:
        words.pop(0)
    return words[:count]


def _id_words(block: Block, text: str, prefix: str, count: int) -> list[str]:
    """The words of a block's id (:func:`_block_words`); a block of none is named by what it is."""
    return _block_words(text, prefix, count) or [_NO_WORDS.get(block.kind, "rule")]


def _walk(
    section: Section,
    page_depth: int,
    parent_id: str | None,
    path: tuple[str, ...],
    out: list[AnchoredBlock],
) -> None:
    hid = _heading_id(section, page_depth, parent_id)
    here = (*path, section.title.rstrip(":"))
    out.append(AnchoredBlock(hid, section.heading, here, section.depth - page_depth))
    for block in section.blocks:
        if block.kind == "chart_row":
            bid, prefix = slugify(block.text), ""
        else:
            bid, prefix = f"{hid}-{'-'.join(_id_words(block, block.text, hid, _WORDS_IN_ID))}", hid
        out.append(AnchoredBlock(bid, block, here, section.depth - page_depth, prefix))
    for child in section.children:
        _walk(child, page_depth, hid, here, out)


def _clashes(items: list[AnchoredBlock]) -> list[int]:
    """The places of the items whose id another item has too, each id's in the page's order."""
    positions: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        positions.setdefault(item.id, []).append(i)
    return [i for idx in positions.values() if len(idx) > 1 for i in idx]


def _numbered(items: list[AnchoredBlock]) -> list[AnchoredBlock]:
    """Rules of the same words (or headings of one id), told apart by their order: the second ``-2``, the third ``-3``.

    A table may repeat a row, a list an item, a page a heading: the wiki shows both. A number another rule's id
    already ends in is passed over.
    """
    taken = {item.id for item in items}
    seen: dict[str, int] = {}
    out = []
    for item in items:
        if item.id not in seen:
            seen[item.id] = 1
            out.append(item)
            continue
        number = seen[item.id] + 1
        while f"{item.id}-{number}" in taken:
            number += 1
        seen[item.id] = number
        taken.add(f"{item.id}-{number}")
        out.append(replace(item, id=f"{item.id}-{number}"))
    return out


def _deduplicate(items: list[AnchoredBlock]) -> list[AnchoredBlock]:
    """Lengthen clashing block ids with more of their own words until they are unique."""
    result = list(items)
    for extra in range(1, 64):
        clashes = [i for i in _clashes(result) if result[i].block.kind != "heading"]
        if not clashes:
            break
        for i in clashes:
            item = result[i]
            words = _id_words(item.block, item.block.full_text, item.prefix, _WORDS_IN_ID + extra)
            result[i] = AnchoredBlock(
                f"{item.prefix}-{'-'.join(words)}" if item.prefix else "-".join(words),
                item.block,
                item.heading_path,
                item.depth,
                item.prefix,
            )
    return _numbered(result)  # headings of one id, rules of the very same words or alike for long: in page order
