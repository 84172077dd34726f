"""A built page's article, found one way by every finishing step.

The article is where the page's words are: the as-of scripts go around it, the print
foot's words just inside it, and the printed book prints it. What the pages' step knew of
a page (its rules' versions, its last change, the table's data) is never read back out of
the HTML: it travels in the finish stage's state (:mod:`build_scripts.finish.stage`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ARTICLE_END", "Article", "find_article"]

_ARTICLE_START = re.compile(r"<article\b[^>]*>")
#: An article's end tag.
ARTICLE_END = "</article>"


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
    closed = html.find(ARTICLE_END, opened.end())
    return Article(opened.start(), opened.end(), closed + len(ARTICLE_END) if closed >= 0 else -1)
