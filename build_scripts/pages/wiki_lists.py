"""The wiki's lists (``*``, ``#``, ``;``, ``:`` and their mixes) as the page draws them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from build_scripts.core.model import AnchoredBlock

__all__ = ["WikiList", "wiki_lists"]


@dataclass
class WikiList:
    """Items of one list at one depth, as the page draws them: never one rule inside another.

    The wiki nests a list in the item above it (``*`` then ``*#``); the page writes each
    depth's items as a list of their own, indented by ``depth``, and a numbered list that
    goes on after a deeper one ``start``s at its next number, so each item is a rule of
    its own with the number and the place the wiki gives it. An item ``None`` is one the
    wiki makes itself to hold a list two levels deeper (``#`` then ``***``): no rule, no
    words, only its bullet or number.
    """

    tag: str
    depth: int
    start: int
    items: list[tuple[AnchoredBlock | None, str]] = field(default_factory=list)


_LIST_TAG = {"*": "ul", "#": "ol", ";": "dl", ":": "dl"}
_ITEM_TAG = {"*": "li", "#": "li", ";": "dt", ":": "dd"}


def wiki_lists(items: Sequence[AnchoredBlock]) -> list[WikiList]:
    """Consecutive list items (``*``, ``#``, ``;``, ``:`` and their mixes) as the lists the page draws."""
    out: list[WikiList] = []
    counts: dict[int, int] = {}
    before = ""
    for item in items:
        markers = item.block.markers
        common = 0
        for a, b in zip(markers, before, strict=False):
            if _LIST_TAG[a] != _LIST_TAG[b]:
                break
            common += 1
        depth = len(markers)
        counts = {d: n for d, n in counts.items() if d <= common}
        if depth > common > 0 and before[common - 1] == ";" and markers[common - 1] == ":" and out[-1].depth == common:
            out[-1].items.append((None, "dd"))  # the wiki ends the term with a definition to hold the deeper list
        for level in range(common + 1, depth):  # the wiki opens an item of its own to hold the deeper list
            counts[level] = 1
            marker = markers[level - 1]
            out.append(WikiList(_LIST_TAG[marker], level, 1, [(None, _ITEM_TAG[marker])]))
        counts[depth] = counts.get(depth, 0) + 1 if common >= depth else 1
        tag = _LIST_TAG[markers[-1]]
        if not out or (out[-1].tag, out[-1].depth) != (tag, depth) or common < depth:
            out.append(WikiList(tag, depth, counts[depth]))
        out[-1].items.append((item, _ITEM_TAG[markers[-1]]))
        before = markers
    return out
