"""A built page's parts, found one way by every finishing step: its article, and its data.

The article: where the page's words are (the as-of scripts go around it, the print foot's
words just inside it). The data: a built page's data is read back
as its scripts read it, by the element's id.

A page template puts data for the page's scripts in a hidden element
(``<div id="rule-versions" data-json='…' hidden>``, ``build_scripts/templates/page.md.j2``);
the page's scripts find it by its id (``site.mjs``: ``pageData``). The finishing steps that
read it (the printed foot's words date, which pages are rulebook pages) find it the same way:
the element by its id, whatever the order and the quoting of its attributes, and its
``data-json`` as an HTML parser reads it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

__all__ = ["RULE_VERSIONS", "TABLE_SPEC", "Article", "find_article", "has_page_data", "page_data"]

#: The id of a rulebook page's data on its rules' versions (its as-of data among it).
RULE_VERSIONS = "rule-versions"
#: The id of the table's data on a page that has it (what the table feeds the calculators).
TABLE_SPEC = "table-spec"


_ARTICLE_START = re.compile(r"<article\b[^>]*>")
_ARTICLE_END = "</article>"


@dataclass(frozen=True)
class Article:
    """Where a page's first article is: its start tag's start and end, and its end tag's end (-1: never closed)."""

    start: int
    inside: int
    end: int


def find_article(html: str) -> Article | None:
    """The page's first article, or None for a page without one."""
    opened = _ARTICLE_START.search(html)
    if opened is None:
        return None
    closed = html.find(_ARTICLE_END, opened.end())
    return Article(opened.start(), opened.end(), closed + len(_ARTICLE_END) if closed >= 0 else -1)


def _start_tag(html: str, element_id: str) -> str | None:
    """The start tag of the element whose id is ``element_id`` (quoted or not), or None."""
    found = re.search(rf"""<[a-zA-Z][^>]*?\sid\s*=\s*(["']?){re.escape(element_id)}\1[\s/>][^>]*>?""", html)
    if found is None:
        return None
    tag = found.group(0)
    return tag if tag.endswith(">") else tag + ">"


class _Attributes(HTMLParser):
    """The attributes of the first start tag fed, as an HTML parser reads them (entities decoded)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attributes: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:  # noqa: ARG002 - any tag
        if self.attributes is None:
            self.attributes = dict(attrs)


def has_page_data(html: str, element_id: str) -> bool:
    """Whether the page holds the data element ``element_id``."""
    return _start_tag(html, element_id) is not None


def page_data(html: str, element_id: str) -> Any:  # noqa: ANN401 - the JSON the page holds
    """The JSON of the page's data element ``element_id`` (its ``data-json``), or None when it has none.

    Raises:
        ValueError: when the element's ``data-json`` is not JSON.
    """
    tag = _start_tag(html, element_id)
    if tag is None:
        return None
    reader = _Attributes()
    reader.feed(tag)
    reader.close()
    text = (reader.attributes or {}).get("data-json")
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the page's {element_id} data is not JSON: {error}") from None
