"""The search's records and words, made from the rules the built pages show.

Each rule is one record at its own address (``buildings/#total-collapse``), so a result
opens at the paragraph, list item or chart row that matched. A record is a small HTML
document for Pagefind:

- a chart row's roll and name are its ``<h1>`` (Pagefind weighs a title's words above a
  paragraph's, so "total collapse" finds its chart row first) and its title;
- a paragraph's or list item's words are its body, and its title is the heading it sits
  under (shown above it in the results, and searched);
- a heading's words are its title and a body weighed at half a paragraph's: a heading is
  found, but the rules under it that use the word come first (a result opens at the
  paragraph that says it);
- every record also carries its place, the words of the headings it sits under (the
  page's title, the section, its own heading), weighed at a tenth of a paragraph's: a
  query that names where a rule sits and what it says ("barrage ruins", "monstrous
  cavalry shooting") finds it, below the rules that match on their own words;
- the page's title is also a filter value (``page``): carried to the results; a rule's
  place is also its ``place`` meta, so the results leave it out of the rule's excerpt;
- each calculator on the page is a record too, at its own address
  (``unit-types/#calc-charge-and-fall-back``): its name (``<h1>``, its title) and what it
  answers, so "charge calculator" finds it.

The words of the rules, with how often each occurs, are kept apart by length
(``search/words-7.json``): "Did you mean" looks a mistyped word up among the words one
letter shorter, as long and one letter longer, so it loads three small files, whatever
the size of the book.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import escape

from build_scripts.finish.search.rule_text import PageRules

__all__ = ["SearchRecord", "records", "word_counts", "words_by_length"]

#: A word, as the page's "Did you mean" splits a query (``search/typos.mjs``).
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
#: Shorter words are never corrected, nor offered.
SHORTEST = 4
#: A heading's words against a paragraph's (1) and a chart row's name's (an ``<h1>``, 7).
HEADING_WEIGHT = 0.5
#: A rule's place (the headings above it) against its own words.
PLACE_WEIGHT = 0.1
#: What every calculator's record says it is, as its place.
CALCULATOR_WORD = "calculator"


@dataclass(frozen=True)
class SearchRecord:
    """One rule for the search: its address from the site root and its document."""

    url: str
    html: str


def _document(title: str, body: str, page: str, place: str = "") -> str:
    meta = f'<meta data-pagefind-meta="title[content]" content="{escape(title)}">'
    if place:
        meta += f'<meta data-pagefind-meta="place[content]" content="{escape(place)}">'
    return f'<html lang="en"><head>{meta}</head><body data-pagefind-filter="page:{escape(page)}">{body}</body></html>'


def records(page_url: str, page: PageRules) -> list[SearchRecord]:
    """A page's rules as search records (``page_url``: ``buildings/``; the home page ``""``)."""
    out = []
    for rule in page.rules:
        url = f"{page_url}#{rule.id}"
        if rule.kind == "heading":
            body = f'<p data-pagefind-weight="{HEADING_WEIGHT}">{escape(rule.name)}</p>'
            title = rule.name
        elif rule.kind == "chart-row":
            body = f"<h1>{escape(rule.name)}</h1><p>{escape(rule.text)}</p>"
            title = rule.name
        else:
            body = f"<p>{escape(rule.text)}</p>"
            title = rule.heading
        place = " ".join(rule.place) if rule.kind != "heading" else ""
        if place:
            body += f'<p data-pagefind-weight="{PLACE_WEIGHT}">{escape(place)}</p>'
        out.append(SearchRecord(url, _document(title, body, page.title, place)))
    for calculator in page.calculators:
        # Found by its name and what it answers ("charge calculator", "damage calculator").
        # Each is a calculator, by that word too ("artillery calculator"), which, as a place,
        # the results leave out of its excerpt.
        body = f"<h1>{escape(calculator.name)}</h1><p>{escape(calculator.intro)}</p>"
        body += f'<p data-pagefind-weight="{PLACE_WEIGHT}">{CALCULATOR_WORD}</p>'
        document = _document(calculator.name, body, page.title, CALCULATOR_WORD)
        out.append(SearchRecord(f"{page_url}#{calculator.id}", document))
    return out


def word_counts(pages: Iterable[PageRules]) -> Counter[str]:
    """Every word of the rules (lower case), and how often it occurs."""
    counts: Counter[str] = Counter()
    for page in pages:
        for rule in page.rules:
            counts.update(WORD.findall(f"{rule.name} {rule.text}".lower()))
    return counts


def words_by_length(counts: Counter[str]) -> dict[int, dict[str, int]]:
    """The words of at least ``SHORTEST`` letters, by length, most frequent first."""
    out: dict[int, dict[str, int]] = {}
    for word, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if len(word) >= SHORTEST:
            out.setdefault(len(word), {})[word] = count
    return dict(sorted(out.items()))
