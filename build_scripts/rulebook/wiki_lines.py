"""A wiki page's text → its physical lines, each with its runs and what starts it.

mwparserfromhell gives the nodes; :mod:`build_scripts.rulebook.wiki_inline` reads what each
line shows; this module splits them into lines, as the wiki reads a page line by line: a
heading, the list markers a line starts with (``*``, ``#``, ``;``, ``:``; ``;term : its
definition`` is two), a block the site cannot show yet on lines of its own, and what a
category link does to the lines before it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from typing import TypeGuard

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Heading, Node, Tag, Text

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Cell, Inline
from build_scripts.rulebook.wiki_cite import CITE_ERROR, list_fault
from build_scripts.rulebook.wiki_images import gallery_images, is_gallery
from build_scripts.rulebook.wiki_inline import (
    InlineReader,
    is_block,
    is_category,
    is_rule,
    strip_runs,
    visible_words,
)
from build_scripts.rulebook.wiki_notes import is_ref, is_references, listed_group
from build_scripts.rulebook.wiki_quotes import read_quotes
from build_scripts.rulebook.wiki_source import COMMENT, TOC_MARK, as_the_wiki_reads_it
from build_scripts.rulebook.wiki_tables import is_table, table_rows

__all__ = ["Line", "tokenise"]

_LIST_MARKERS = ("*", "#", ";", ":")
_LINE_END = re.compile(r"[ \t]*\n")
_MARKERS_AFTER_COMMENT = re.compile(r"[*#:;]+")
#: ``<nowiki>…</nowiki>`` inside ``<pre>``: its words alone, as the wiki's ``<pre>`` keeps them (T15238).
_NOWIKI_IN_PRE = re.compile(r"<nowiki>(.*?)</nowiki>", re.DOTALL | re.IGNORECASE)
_COMMENTS = re.compile(COMMENT, re.DOTALL)
#: A comment not closed yet on the lines read so far.
_OPEN_COMMENT = re.compile(r"<!--(?:(?!-->).)*\Z", re.DOTALL)
#: A heading as MediaWiki's ``Parser::handleHeadings`` finds one: as many ``=`` on both sides.
_WIKI_HEADING = re.compile(r"(={1,6})(.+)\1\s*")


@dataclass
class Line:
    """One physical source line, as parser tokens."""

    number: int
    inlines: list[Inline] = field(default_factory=list)
    heading: Heading | None = None
    title: str = ""
    markers: str = ""
    cells: tuple[Cell, ...] = ()
    table: int = 0
    note: int = 0
    key: str = ""
    #: Preformatted: ``space`` (the line starts with one), ``tag`` (a ``<pre>``); "" for none.
    pre: str = ""
    rule: bool = False
    #: A table row's table set in by ``:`` signs before its ``{|`` (``:{|``), as many as there are.
    indent: int = 0

    @property
    def bullet(self) -> bool:
        """Whether the line is a list item (it starts with list markers)."""
        return bool(self.markers)

    @property
    def text(self) -> str:
        """The line's words."""
        return "".join(i.text for i in self.inlines)

    @property
    def inlines_shown(self) -> bool:
        """Whether the line holds any run but spaces."""
        return any(i.kind != "text" or i.text.strip() for i in self.inlines)

    @property
    def is_blank(self) -> bool:
        """A line with nothing on it: it ends a paragraph."""
        spaces_alone = self.pre == "space" and not self.inlines_shown  # no words: no preformatted line
        shown = self.bullet or self.cells or self.key or self.rule or (self.pre and not spaces_alone)
        return self.heading is None and not shown and not self.text.strip()


def tokenise(text: str, file: str, reader: InlineReader) -> list[Line]:
    """Split the parser's node stream into physical lines of inline runs."""
    lines = [Line(1)]
    number = 1  # the physical line the next node starts on
    alone = False  # a comment alone on its line so far: the wiki takes the line away with it
    tables = [0]  # how many tables so far
    text, indents = as_the_wiki_reads_it(text)
    written = text.split("\n")  # the page's lines as written, for a line that starts like a heading
    nodes = mwparserfromhell.parse(read_quotes(text, file, strict=reader.strict)).nodes
    for at, node in enumerate(nodes):
        current = lines[-1]
        if isinstance(node, Heading) and _words_after(nodes, at):
            node = Text(str(node))  # noqa: PLW2901 - words after it on its line: no heading, as on the wiki
        if isinstance(node, Text):
            number = _add_text(str(node), lines, number, reader, drop_line=alone)
            alone = False
            continue
        alone = isinstance(node, Comment) and current.is_blank and not current.inlines_shown
        if isinstance(node, Heading):
            _heading(node, current, reader, Source(file, number))
        elif isinstance(node, Tag) and node.wiki_markup in _LIST_MARKERS:
            _list_marker(node.wiki_markup, lines, Source(file, number))
        elif is_category(node):  # the wiki drops the space before a category link too (T2087)
            _strip_back(lines)
        elif _is_pre(node) and current.bullet:  # in a list's item: its words, in the item (T2785)
            current.inlines.append(Inline("text", _pre_words(node), note="nowiki", tags=("code",)))
        elif is_references(node) or is_table(node) or is_block(node):
            rows = _block(node, reader, number, tables)
            lines += [
                Line(number),
                *[replace(r, indent=indents.get(number, 0)) if r.cells else r for r in rows],
                Line(number),
            ]
        else:
            reader.runs([node], number, out=current.inlines)
        number += str(node).count("\n")
    lines += _notes(reader, number)  # the notes no <references /> listed, at the page's end
    for line in lines:
        _heading_like(line, written, reader)
    return lines


def _is_pre(node: Node) -> TypeGuard[Tag]:
    return isinstance(node, Tag) and str(node.tag).strip().lower() == "pre"


def _pre_words(node: Tag) -> str:
    """A ``<pre>``'s words as written, entities read, a ``<nowiki>`` in it its words alone."""
    return html.unescape(_NOWIKI_IN_PRE.sub(r"\1", str(node.contents))) if node.contents is not None else ""


def _words_after(nodes: list[Node], at: int) -> bool:
    """Whether anything but spaces and comments follows the node on its line (a tag too, as on the wiki)."""
    for after in nodes[at + 1 :]:
        if isinstance(after, Comment):
            continue
        if not isinstance(after, Text):
            return True
        line, ends, _rest = str(after).partition("\n")
        if line.strip() or ends:
            return bool(line.strip())
    return False


def _block(node: Node, reader: InlineReader, number: int, tables: list[int]) -> list[Line]:
    """A block's lines: the notes listed so far, a table's rows, or what the site cannot show yet."""
    if is_references(node):
        return _listed(node, reader, number)
    if _is_pre(node):
        return [Line(number, [Inline("text", _pre_words(node), note="nowiki")], pre="tag")]
    if is_rule(node):
        return [Line(number, rule=True)]
    if is_gallery(node):
        return [Line(number, gallery_images(node, lambda nodes: visible_words(reader.runs(nodes, number))))]
    if is_table(node):
        tables[0] += 1
        rows = table_rows(node, reader, number)
        fostered = [Line(r.line, r.inlines, markers=r.markers) for r in rows if r.markers]
        table = [Line(r.line, r.inlines, cells=tuple(r.cells), table=tables[0]) for r in rows if not r.markers]
        return [*fostered, Line(number), *table] if fostered else table
    return [Line(number, inlines=[reader.cannot_show(node, number)])]


def _listed(node: Tag, reader: InlineReader, number: int) -> list[Line]:
    """The notes a ``<references>`` lists, then Cite's messages for the ones it refuses in it."""
    fault = list_fault(node)
    if fault:  # the wiki lists nothing here: its message instead
        return [Line(number, [reader.cite_error(CITE_ERROR + fault, number)])]
    group, faults = listed_group(node), []
    for ref in (n for n in node.contents.nodes if is_ref(n)) if node.contents is not None else ():
        fault = reader.notes.define(ref, group, number, lambda nodes: strip_runs(reader.runs(nodes, number)))
        faults += [reader.cite_error(CITE_ERROR + fault, number), Inline("text", " ")] if fault else []
    listed = [Line(n.line, list(n.runs), note=n.number, key=n.key) for n in reader.notes.unlisted(group)]
    return [*listed, Line(number, faults[:-1])] if faults else listed


def _notes(reader: InlineReader, number: int) -> list[Line]:
    """At the page's end: the notes no ``<references />`` listed, as the wiki lists them there."""
    notes = [Line(n.line, list(n.runs), note=n.number, key=n.key) for n in reader.notes.unlisted()]
    return [Line(number), *notes, Line(number)] if notes else []


def _add_text(text: str, lines: list[Line], number: int, reader: InlineReader, *, drop_line: bool = False) -> int:
    """Text's lines added to ``lines`` from line ``number``; the line the next node starts on.

    ``drop_line``: the line so far holds a comment alone; if the text ends that line, the
    line is gone, as the wiki takes it away (its words do not end a paragraph).
    """
    end = _LINE_END.match(text)
    if drop_line and end:
        number += 1
        lines[-1].number, lines[-1].inlines, lines[-1].pre = number, [], ""
        text = text[end.end() :]
    for i, piece in enumerate(text.split("\n")):
        if i:
            number += 1
            lines.append(Line(number))
        words = piece  # a synced page's line that starts with a space is preformatted, as on the wiki
        at_start = bool(i) or number == 1 or drop_line  # (a comment alone before it is taken away)
        markers = _MARKERS_AFTER_COMMENT.match(piece) if drop_line and not i and not end else None
        if markers:  # <!-- a note -->*item: the comment is nothing to the wiki, the line a list's item
            lines[-1].markers, words = markers.group(), piece[markers.end() :]
        elif not reader.strict and at_start and piece.startswith(" "):
            lines[-1].pre, words = "space", piece[1:]  # a line of spaces alone is none: see Line.is_blank
        for at, part in enumerate(words.split(TOC_MARK)):
            if at:  # the wiki's contents box ends the paragraph here
                lines += [Line(number), Line(number)]
            if part:
                reader.runs([Text(part)], number, out=lines[-1].inlines)
    return number


def _heading(node: Heading, line: Line, reader: InlineReader, where: Source) -> None:
    title = visible_words(reader.runs(node.title.nodes, where.line)).strip()
    if not title:
        raise RulebookError("a heading has no text; write the heading's title between the '='", source=where)
    if line.inlines or line.bullet:
        raise RulebookError("a heading must start its own line", source=where)
    line.heading, line.title = node, title


def _strip_back(lines: list[Line]) -> None:
    """Drop the blank lines and the spaces before this point: what follows joins the last words."""
    while len(lines) > 1 and lines[-1].is_blank:
        lines.pop()
    last = lines[-1]
    while last.inlines and last.inlines[-1].kind == "text" and not last.inlines[-1].text.strip():
        last.inlines.pop()
    if last.heading is not None:
        lines.append(Line(last.number + 1))
    elif last.inlines and last.inlines[-1].kind == "text":
        last.inlines[-1] = replace(last.inlines[-1], text=last.inlines[-1].text.rstrip())


def _list_marker(marker: str, lines: list[Line], where: Source) -> None:
    """A list marker: at a line's start, one more of its markers; ``:`` after ``;term``, its definition."""
    current = lines[-1]
    if marker == ":" and current.markers.endswith(";") and current.inlines:
        lines.append(Line(where.line, markers=current.markers[:-1] + ":"))
    elif current.inlines or current.heading:
        raise RulebookError(f"a '{marker}' list marker must start its line", source=where)
    else:
        current.markers += marker


def _line_as_read(lines: list[str], number: int) -> str:
    """Line ``number`` as the wiki reads it, its comments taken away (one may run over the next lines)."""
    read = lines[number - 1]
    at = number
    while _OPEN_COMMENT.search(read) and at < len(lines):  # a comment goes on: its end is on a later line
        read, at = f"{read}\n{lines[at]}", at + 1
    return _COMMENTS.sub("", read).split("\n", 1)[0]


def _heading_like(line: Line, written_lines: list[str], reader: InlineReader) -> None:
    """A line that starts like a heading but the parser did not read as one.

    In an export it stops the build (its section would be lost from the site). In a synced
    page it is what the wiki makes of it: a heading when its line, comments taken away, is
    ``=`` signs, words and as many ``=`` signs (``===`` is a heading of one ``=``), else
    words of a paragraph, as the wiki shows them.
    """
    if line.heading is not None or line.pre:
        return
    written = _line_as_read(written_lines, line.number)
    if not written.lstrip().startswith("="):
        return
    where = Source(reader.file, line.number)
    if reader.strict:
        raise RulebookError(
            "a heading line with no text or unbalanced '=' signs; write it as ==Title== or ===Title===",
            source=where,
        )
    found = _WIKI_HEADING.fullmatch(written)
    title = visible_words(reader.runs(mwparserfromhell.parse(found.group(2)).nodes, line.number)) if found else ""
    if found and title.strip() and not line.markers:
        line.heading, line.title, line.inlines = Heading(found.group(2), len(found.group(1))), title.strip(), []
