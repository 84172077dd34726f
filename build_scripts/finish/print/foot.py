"""What each printed sheet of a page says at its foot.

The site, the page, its address, and the date (and wiki revision) of its words, so a sheet
found on a table says where it came from and how old it is.

The build writes the words into the page as data (``<span id="sh-print-foot" data-words>``,
hidden, never read as text); ``print/foot.mjs`` gives them to the print stylesheet, whose
page-margin boxes print them with the page number (a stylesheet cannot hold one page's
words: the site's policy allows no inline style).
"""

from __future__ import annotations

import re
from html import unescape

from markupsafe import escape

from build_scripts.finish.page_data import find_article
from build_scripts.finish.print.reader import short_address

__all__ = ["FOOT_ID", "add_print_foot", "foot_words"]

FOOT_ID = "sh-print-foot"
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
#: A heading's own link (its # or the rule's menu): not words of the title.
_OWN_LINK = re.compile(r'<a\b[^>]*class="(?:headerlink|rule-link)"[^>]*>.*?</a>', re.DOTALL)


def foot_words(html: str, *, site_name: str, address: str, day: str = "", revision: int = 0) -> str:
    """``Scrollhammer Rules · Buildings · rules.example.org/buildings/ · words of 2026-12-01, wiki revision 12``.

    ``day`` and ``revision``: when the page's words last changed (``""``: not a page of rules),
    as the pages' step knew it (:func:`build_scripts.cards.rule_cards.last_change`).
    """
    heading = _H1.search(html)
    title = " ".join(unescape(_TAG.sub("", _OWN_LINK.sub("", heading.group(1)))).split()) if heading else ""
    place = short_address(address)
    parts = [p for p in (site_name, "" if title == site_name else title, place) if p]
    if day:
        parts.append(f"words of {day}" + (f", wiki revision {revision}" if revision else ""))
    return " · ".join(parts)


def add_print_foot(html: str, *, site_name: str, address: str, day: str = "", revision: int = 0) -> str:
    """The page with its sheets' foot words (:func:`foot_words`), as data just inside its article."""
    article = find_article(html)
    if article is None:
        return html
    words = foot_words(html, site_name=site_name, address=address, day=day, revision=revision)
    span = f'<span id="{FOOT_ID}" data-words="{escape(words)}" hidden></span>'
    return html[: article.inside] + span + html[article.inside :]
