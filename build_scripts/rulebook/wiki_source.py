"""What the wiki does to a page's text before it reads its lines.

MediaWiki takes some things away before its parser reads a page line by line: a comment
left open runs out to the page's end, a behaviour switch (``__NOTOC__``) is taken away (a
``__TOC__`` leaves the wiki's contents box, which ends a paragraph: :data:`TOC_MARK` here), a
comment before a table's cell at a line's start is nothing, and the ``:`` signs before a
table's ``{|`` set the table in. mwparserfromhell
reads the text as written, so these are done first, each keeping the page's lines where
they are (a message names the line an editor sees).
"""

from __future__ import annotations

import re

from build_scripts.rulebook.wiki_tags import SWITCHES

__all__ = ["COMMENT", "TOC_MARK", "as_the_wiki_reads_it"]

#: A comment, as the wiki takes it away: one never closed runs out to the page's end.
COMMENT = r"<!--.*?(?:-->|\Z)"

#: Where a ``__TOC__`` stood: the wiki's contents box ends the paragraph there (the site has its own contents).
TOC_MARK = "\x1e"
#: What the wiki reads as written before it reads a page's lines: a comment, ``<nowiki>``, ``<pre>``.
_AS_WRITTEN = rf"{COMMENT}|<(nowiki|pre)\b[^>]*>.*?</\1\s*>"
#: A behaviour switch, where the wiki reads one: not in what it reads as written.
_SWITCH = re.compile(rf"{_AS_WRITTEN}|__(?P<switch>{'|'.join(SWITCHES)})__", re.DOTALL | re.IGNORECASE)

#: Comments before a table's cell at a line's start: the wiki takes them away before it reads the line.
_COMMENT_BEFORE_CELL = re.compile(r"^(?:<!--.*?-->)+[ \t]*(?=[|!])", re.MULTILINE)
#: A table's first line as the wiki finds one: spaces and ``:`` signs may stand before its ``{|``.
_TABLE_START = re.compile(r"^[ \t]*(:+)[ \t]*(?=\{\|)", re.MULTILINE)


def as_the_wiki_reads_it(text: str) -> tuple[str, dict[int, int]]:
    """The text as the wiki's parser reads it, and the line and indent of each table set in by ``:``."""
    text = _COMMENT_BEFORE_CELL.sub("", _switches_taken_away(_comment_closed(text)))
    return _tables_set_in(_tables_closed(text))


#: A line that opens a table, and one that closes it (what the wiki reads as written passed over).
_TABLE_LINE = re.compile(
    rf"{_AS_WRITTEN}|^[ \t]*:*[ \t]*(?P<open>\{{\|)|^[ \t]*(?P<close>\|\}})",
    re.DOTALL | re.IGNORECASE | re.MULTILINE,
)


def _tables_closed(text: str) -> str:
    """The text with the tables left open closed at its end, as the wiki closes them."""
    depth = 0
    for found in _TABLE_LINE.finditer(text):
        depth += 1 if found.group("open") else -1 if found.group("close") and depth else 0
    return text + "\n|}" * depth


def _switches_taken_away(text: str) -> str:
    """The text with its behaviour switches taken away, a ``__TOC__`` leaving :data:`TOC_MARK`."""

    def away(found: re.Match[str]) -> str:
        switch = found.group("switch")
        if switch is None:
            return found.group(0)  # a comment, <nowiki>, <pre>: as written
        return TOC_MARK if switch.upper() == "TOC" else ""

    return _SWITCH.sub(away, text)


def _comment_closed(text: str) -> str:
    """The text with a comment left open closed at its end: the wiki's runs out to the end of the page."""
    opened = text.rfind("<!--")
    return text + "-->" if opened >= 0 and "-->" not in text[opened + 4 :] else text


def _tables_set_in(text: str) -> tuple[str, dict[int, int]]:
    """The text with what stands before a table's ``{|`` taken away, and each such table's line and indent.

    The wiki's ``Parser::handleTables`` reads a line's ``{|`` after ``:`` signs (and spaces), the
    table then set in a definition's place for each ``:`` (an old way to indent a table).
    """
    indents: dict[int, int] = {}

    def found(start: re.Match[str]) -> str:
        indents[text.count("\n", 0, start.start()) + 1] = len(start.group(1))
        return ""

    return _TABLE_START.sub(found, text), indents
