"""What each printed sheet of a page says at its foot.

The site, the page, its address, and the date (and wiki revision) of its words, so a sheet
found on a table says where it came from and how old it is.

The build writes the words into the page as data (``<span id="sh-print-foot" data-words>``,
hidden, never read as text); ``print-foot.mjs`` gives them to the print stylesheet, whose
page-margin boxes print them with the page number (a stylesheet cannot hold one page's
words: the site's policy allows no inline style).
"""

from __future__ import annotations

import re
from html import unescape

from markupsafe import escape

from build_scripts.finish.book.print_reader import short_address
from build_scripts.finish.page_data import RULE_VERSIONS, find_article, page_data

__all__ = ["FOOT_ID", "add_print_foot", "foot_words", "words_date"]

FOOT_ID = "sh-print-foot"
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
#: A heading's own link (its # or the rule's menu): not words of the title.
_OWN_LINK = re.compile(r'<a\b[^>]*class="(?:headerlink|rule-link)"[^>]*>.*?</a>', re.DOTALL)


def words_date(html: str) -> tuple[str, int]:
    """The day the page's words were last changed, and the wiki revision that did it (0: none).

    One version, the newest by (day, revision), as the page script's ``lastMade`` picks it:
    never the newest day beside the highest revision of another rule.
    """
    data = page_data(html, RULE_VERSIONS)
    if not isinstance(data, dict):
        return "", 0
    rules = data.get("asof", {}).get("rules", {})
    latest = [versions[-1] for versions in rules.values() if versions]
    if not latest:
        return "", 0
    day, revision, *_ = max(latest, key=lambda v: (v[0], int(v[1])))
    return day, int(revision)


def foot_words(html: str, *, site_name: str, address: str) -> str:
    """``Scrollhammer Rules · Buildings · rules.example.org/buildings/ · words of 2026-12-01, wiki revision 12``."""
    heading = _H1.search(html)
    title = " ".join(unescape(_TAG.sub("", _OWN_LINK.sub("", heading.group(1)))).split()) if heading else ""
    place = short_address(address)
    parts = [p for p in (site_name, "" if title == site_name else title, place) if p]
    day, revision = words_date(html)
    if day:
        parts.append(f"words of {day}" + (f", wiki revision {revision}" if revision else ""))
    return " · ".join(parts)


def add_print_foot(html: str, *, site_name: str, address: str) -> str:
    """The page with its sheets' foot words, as data just inside its article."""
    article = find_article(html)
    if article is None:
        return html
    words = foot_words(html, site_name=site_name, address=address)
    span = f'<span id="{FOOT_ID}" data-words="{escape(words)}" hidden></span>'
    return html[: article.inside] + span + html[article.inside :]
