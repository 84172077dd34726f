"""Re-cut the search index so each rule block is its own result.

mkdocs-material indexes a page by headings, so a hit on "battlements" would open at the
heading above the paragraph. Here the entries of rulebook pages are replaced by one
entry per heading and one per rule block (``page/#block-id``), in page order, so a
result opens at the paragraph, list item or chart row that matched.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from build_scripts.model import AnchoredBlock, Inline

__all__ = ["display_text", "split_rule_sections"]


def display_text(runs: tuple[Inline, ...]) -> str:
    """The rule's words as written (a reference reads ``page XX``; the site's help beside it is not rule text)."""
    return "".join(r.text for r in runs)


def _entry_text(item: AnchoredBlock) -> str:
    block = item.block
    if block.kind == "heading":
        return ""
    if block.kind == "chart_row":
        return f"<p>{block.number}: {escape(display_text(block.inlines))}</p><p>{escape(display_text(block.body))}</p>"
    return f"<p>{escape(display_text(block.inlines))}</p>"


def _entry_title(item: AnchoredBlock) -> str:
    """A heading's own words; a chart row's roll and name, so it ranks first for its name; else its heading."""
    block = item.block
    if block.kind == "heading":
        return block.text.strip()
    if block.kind == "chart_row":
        return f"{block.number}: {display_text(block.inlines)}"
    return item.heading_path[-1]


def split_rule_sections(index: dict[str, Any], pages: Mapping[str, list[AnchoredBlock]]) -> dict[str, Any]:
    """Replace the rulebook pages' entries by one entry per heading and rule block.

    Args:
        index: The parsed ``search_index.json`` (``{"config": …, "docs": [...]}``).
        pages: Page URL (``buildings/``) → its anchored blocks in page order.

    Returns:
        A new index; entries of other pages are kept as they were.
    """
    docs: list[dict[str, Any]] = []
    done: set[str] = set()
    for doc in index["docs"]:
        url = doc["location"].split("#", 1)[0]
        if url not in pages:
            docs.append(doc)
            continue
        if url in done:
            continue
        done.add(url)
        items = pages[url]
        docs.append({"location": url, "title": escape(items[0].block.text.strip()), "text": ""})
        docs.extend(  # the page's own heading is the page entry above
            {"location": f"{url}#{item.id}", "title": escape(_entry_title(item)), "text": _entry_text(item)}
            for item in items[1:]
        )
    return {**index, "docs": docs}
