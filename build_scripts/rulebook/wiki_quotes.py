"""The wiki's bold and italics, read as MediaWiki reads a line's apostrophes.

MediaWiki does not pair ``''`` and ``'''`` as a grammar would: it reads each line on its own
(``Parser::doQuotes``), first deciding which apostrophes are words (four in a row: the first is
an apostrophe; more than five: all but five are; an odd count of both bold and italics: one
``'''`` is an apostrophe and an italic, preferably after a one-letter word, as in
``l'''amour''``), then opening and closing ``<i>`` and ``<b>`` in turn, and closing at the line's
end what is still open. :func:`read_quotes` does the same to a page's text before it is parsed,
so the site shows the very apostrophes the wiki shows.

What MediaWiki keeps apart from a line is kept apart here too: a comment, ``<nowiki>``,
``<pre>`` and other tags whose words are not wiki text are left as written; a note
(``<ref>``) and a gallery are read on their own; a link's words (``[[target|words]]``) are read
on their own, its target never; each cell of a table row is a line of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from build_scripts.core.errors import RulebookError, Source
from build_scripts.rulebook.wiki_source import COMMENT

__all__ = ["quote_tags", "read_quotes"]

#: Tags whose words are the wiki's text of their own (each read as a page is read).
_READ_APART = ("ref", "references", "gallery")
#: Tags whose words are not wiki text at all.
_AS_WRITTEN = ("nowiki", "pre", "math", "syntaxhighlight", "source", "score", "chem", "ce", "hiero", "timeline")

_KEPT = re.compile(
    rf"{COMMENT}"
    rf"|<(?P<tag>{'|'.join(_READ_APART + _AS_WRITTEN)})(?P<attrs>\b[^>]*?)(?:/>|>(?P<inner>.*?)</(?P=tag)\s*>)",
    re.DOTALL | re.IGNORECASE,
)
_LINK = re.compile(r"\[\[(?P<target>[^\[\]|\n]+)(?:\|(?P<words>[^\[\]\n]*))?\]\]")
_MARK = re.compile("\x7f([0-9]+)\x7f")
_RUNS = re.compile(r"(''+)")
_CELL_LINE = re.compile(r"^\s*[|!]")


def quote_tags(line: str) -> tuple[str, str]:
    """One line's apostrophes as MediaWiki 1.39's ``Parser::doQuotes`` reads them.

    Args:
        line: One line of wiki text, without its line break.

    Returns:
        The line with each ``''`` and ``'''`` that is markup turned into ``<i>``/``<b>`` tags
        (closed at the line's end, as the wiki closes them) and the apostrophes that are words
        left as words; and the mark left open at the line's end (``""`` when none was).
    """
    parts = _RUNS.split(line)
    if len(parts) == 1:
        return line, ""
    _words_first(parts)
    return _tagged(parts)


def _words_first(parts: list[str]) -> None:
    """Move the apostrophes that are words from the runs to the words before them."""
    bold = italics = 0
    for i in range(1, len(parts), 2):
        size = len(parts[i])
        if size == 4:  # four: an apostrophe, then bold (T15227)
            parts[i - 1] += "'"
            parts[i] = "'''"
        elif size > 5:  # more than five: apostrophes, then bold italics
            parts[i - 1] += "'" * (size - 5)
            parts[i] = "'''''"
        size = len(parts[i])
        italics += size in (2, 5)
        bold += size in (3, 5)
    if bold % 2 and italics % 2:  # one bold is an apostrophe and an italic
        chosen = _apostrophe_bold(parts)
        if chosen:
            parts[chosen] = "''"
            parts[chosen - 1] += "'"


def _apostrophe_bold(parts: list[str]) -> int:
    """The ``'''`` MediaWiki reads as an apostrophe: after a one-letter word, else a longer word, else a space.

    The words before it are compared as bytes, as the wiki's PHP compares them.
    """
    single = multi = space = 0
    for i in range(1, len(parts), 2):
        if len(parts[i]) != 3:
            continue
        before = parts[i - 1].encode("utf-8")
        last, second = before[-1:], before[-2:-1]
        if last == b" ":
            space = space or i
        elif second == b" ":
            single = i
            break
        else:
            multi = multi or i
    return single or multi or space


#: What each mark does in each state: the tags written and the state after it.
_STEPS: dict[tuple[int, str], tuple[str, str]] = {
    (2, "i"): ("</i>", ""),
    (2, "bi"): ("</i>", "b"),
    (2, "ib"): ("</b></i><b>", "b"),
    (2, ""): ("<i>", "i"),
    (2, "b"): ("<i>", "bi"),
    (3, "b"): ("</b>", ""),
    (3, "bi"): ("</i></b><i>", "i"),
    (3, "ib"): ("</b>", "i"),
    (3, ""): ("<b>", "b"),
    (3, "i"): ("<b>", "ib"),
    (5, "b"): ("</b><i>", "i"),
    (5, "i"): ("</i><b>", "b"),
    (5, "bi"): ("</i></b>", ""),
    (5, "ib"): ("</b></i>", ""),
}
_BOTH = {2: ("<b><i>", "</i>", "b"), 3: ("<i><b>", "</b>", "i"), 5: ("<i><b>", "</b></i>", "")}
_CLOSE = {"": "", "b": "</b>", "i": "</i>", "bi": "</i></b>", "ib": "</b></i>"}
_OPEN_MARK = {"b": "'''", "i": "''", "bi": "''", "ib": "'''", "both": "'''''"}


def _tagged(parts: list[str]) -> tuple[str, str]:
    """The line's tags, by MediaWiki's states ("" none, "i", "b", "bi", "ib", "both": ``'''''`` not yet known)."""
    out: list[str] = []
    buffer = ""
    state = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            if state == "both":
                buffer += part
            else:
                out.append(part)
        elif state == "both":
            before, after, state = _BOTH[len(part)]
            out.append(before + buffer + after)
        elif len(part) == 5 and not state:
            buffer, state = "", "both"
        else:
            tags, state_after = _STEPS[len(part), state]
            out.append(tags)
            state = state_after
    left_open = _OPEN_MARK.get(state, "")
    if state == "both":
        out.append(f"<b><i>{buffer}</i></b>" if buffer else "")
    else:
        out.append(_CLOSE[state])
    return "".join(out), left_open


def read_quotes(text: str, file: str, *, strict: bool) -> str:
    """A page's text with its bold and italics read line by line as the wiki reads them.

    Args:
        text: The page's wiki text.
        file: Its file name, for a message.
        strict: An export's rule: a bold or italic left open at a line's end stops the build.

    Returns:
        The text with the same lines, each mark of bold and italics an HTML tag.

    Raises:
        RulebookError: when ``strict`` and a line leaves a bold or italic open, naming the line.
    """

    def refuse(number: int, mark: str) -> None:
        if strict:
            raise RulebookError(
                f"unclosed {mark} on this line; close it with {mark} before the line ends", source=Source(file, number)
            )

    return _read(text, refuse)


def _read(text: str, left_open: Callable[[int, str], None]) -> str:
    """``text`` read by :func:`quote_tags` line by line, what the wiki keeps apart read apart."""
    kept: list[str] = []

    def keep(found: re.Match[str]) -> str:
        tag = (found.group("tag") or "").lower()
        whole, inner = found.group(0), found.group("inner")
        if tag in _READ_APART and inner:
            start = found.start("inner") - found.start()
            whole = whole[:start] + _read(inner, lambda _n, _m: None) + whole[start + len(inner) :]
        kept.append(whole)
        return f"\x7f{len(kept) - 1}\x7f"

    def link(found: re.Match[str]) -> str:
        if found.group("words") is None:  # the title is its words, as written (T6598)
            kept.append(found.group(0))
        else:
            kept.append(f"[[{found.group('target')}|{quote_tags(found.group('words'))[0]}]]")
        return f"\x7f{len(kept) - 1}\x7f"

    masked = _LINK.sub(link, _KEPT.sub(keep, text))
    out = []
    number = 1
    for line in masked.split("\n"):
        read, mark = _line(line)
        if mark:
            left_open(number, mark)
        out.append(read)
        number += 1 + sum(kept[int(n)].count("\n") for n in _MARK.findall(line))

    def back(found: re.Match[str]) -> str:
        at = int(found.group(1))
        return _MARK.sub(back, kept[at]) if at < len(kept) else found.group(0)

    return _MARK.sub(back, "\n".join(out))


def _line(line: str) -> tuple[str, str]:
    """One line read by :func:`quote_tags`, a table row's cells each on its own; the first mark left open."""
    cells = re.split(r"(\|\||!!)", line) if _CELL_LINE.match(line) else [line]
    read, marks = [], []
    for i, cell in enumerate(cells):
        tagged, mark = (cell, "") if i % 2 else quote_tags(cell)
        read.append(tagged)
        marks.append(mark)
    return "".join(read), next((m for m in marks if m), "")
