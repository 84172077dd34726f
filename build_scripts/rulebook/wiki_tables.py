"""The wiki's tables (``{| … |}``) → rows, each a rule: its cells' runs and what each cell is.

mwparserfromhell gives a table's rows (``|-``) and cells (``|``, ``||``, ``!``, ``!!``, with
their ``rowspan`` and ``colspan``); cells before the first ``|-`` are the first row, and a
cell it reads as ``|+ words`` is the caption (the parser has no caption of its own). Each
row becomes a ``table_row`` block (the caption one of a single ``caption`` cell), whose
runs are its cells' in order with :data:`CELL_BREAK` between them, so its words, its id,
its card and its history are those of any rule; the page draws the cells from them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, TypeGuard

import mwparserfromhell
from mwparserfromhell.nodes import Node, Tag, Text

from build_scripts.core.model import CELL_BREAK, Cell, Inline
from build_scripts.rulebook.wiki_inline import InlineReader, strip_runs

__all__ = ["Row", "is_table", "table_rows"]

_CELLS = frozenset({"td", "th"})
_MARKERS = ("*", "#", ":", ";")
#: What no attributes hold: a link, a template, a tag (the wiki reads them before it splits a cell).
_NOT_ATTRIBUTES = re.compile(r"[\[{<]")


@dataclass
class Row:
    """A row as read: its runs (cells apart by :data:`CELL_BREAK`), its cells, and its line.

    A list's item written in a row but in no cell (``|-`` then ``*a``) is a row of no cells
    with its ``markers``: the wiki draws it before the table (an HTML parser fosters it there).
    """

    line: int
    cells: list[Cell] = field(default_factory=list)
    inlines: list[Inline] = field(default_factory=list)
    markers: str = ""

    def add(self, cell: Cell, runs: list[Inline]) -> None:
        """One more cell, its runs after the others'."""
        if self.cells:
            self.inlines.append(Inline("text", CELL_BREAK, note="cell"))
        self.cells.append(cell)
        self.inlines.extend(strip_runs(runs))


def is_table(node: Node) -> TypeGuard[Tag]:
    """Whether the node is a wiki table."""
    return isinstance(node, Tag) and node.wiki_markup == "{|"


def table_rows(node: Tag, reader: InlineReader, line: int) -> list[Row]:
    """The table's caption (a row of one cell) and rows, in order; ``line``: where the table starts.

    List items written in a row but in no cell come first: the wiki draws them before the table.
    """
    table = _Table(reader)
    number = line + 1  # the table's rows start after its {| line
    for child in node.contents.nodes if node.contents is not None else ():
        if isinstance(child, Tag) and str(child.tag).lower() in _CELLS:
            table.loose_cell(child, number)
        elif isinstance(child, Tag) and str(child.tag).lower() == "tr":
            table.row(child, number + 1)  # the row's cells start on the line after its |-
        table.ends_line = str(child).endswith("\n")
        number += str(child).count("\n")
    if not table.opened and table.loose is None:  # a table of no row: the wiki draws one empty cell
        table.rows.append(Row(number, [Cell("td")]))
    return [*table.fostered, *table.rows]


@dataclass
class _Table:
    """A table as it is read: its rows so far, and what the wiki's reading of its lines needs."""

    reader: InlineReader
    rows: list[Row] = field(default_factory=list)
    fostered: list[Row] = field(default_factory=list)
    loose: Row | None = None  # the cells before the first |-
    opened: bool = False  # a |- seen
    ends_line: bool = True  # the node before ended its line
    line_kind: Literal["td", "th"] = "td"  # what the cells of the line so far are

    def loose_cell(self, child: Tag, number: int) -> None:
        """A cell before the first ``|-`` (or the caption)."""
        caption = _caption(child, self.reader, number)
        if caption is not None:
            self.rows.append(caption)
            return
        if self.loose is None:
            self.loose = Row(number)
            self.rows.append(self.loose)
        self._add(self.loose, child, number)

    def row(self, child: Tag, number: int) -> None:
        """A row (``|-``): its cells, and the list items written in it in no cell."""
        row, markers = Row(number), ""
        self.opened = self.ends_line = True
        for node in child.contents.nodes if child.contents is not None else ():
            if isinstance(node, Tag) and node.wiki_markup in _MARKERS and (self.ends_line or markers):
                markers += str(node.wiki_markup)
            elif markers and isinstance(node, Text):
                words = str(node).split("\n", 1)[0]
                item = strip_runs(self.reader.runs([Text(words)], number))
                self.fostered.append(Row(number, inlines=item, markers=markers))
                markers = ""
            elif isinstance(node, Tag) and str(node.tag).lower() in _CELLS:
                self._add(row, node, number)
            self.ends_line = str(node).endswith("\n")
        if row.cells:
            self.rows.append(row)

    def _add(self, row: Row, cell: Tag, number: int) -> None:
        self.line_kind = _kind(cell, self.line_kind if not self.ends_line else None)
        row.add(_cell(cell, self.line_kind), self.reader.runs(_contents(cell), number))


def _contents(cell: Tag) -> Iterable[Node]:
    """The cell's words; all it holds when a link stands before its first ``|`` (no attributes then).

    The wiki splits a cell at its first ``|`` (what stands before are attributes) where the
    parser saw an address going on (``| http://a|``): the words are what follows it.
    """
    written = str(cell)[len(cell.wiki_markup or "") :]
    if _link_first(cell):
        return mwparserfromhell.parse(written).nodes
    before, bar, after = written.partition("|")
    if bar and not cell.attributes and not _NOT_ATTRIBUTES.search(before):
        return mwparserfromhell.parse(after).nodes
    return cell.contents.nodes if cell.contents is not None else ()


def _kind(node: Tag, line_kind: Literal["td", "th"] | None) -> Literal["td", "th"]:
    """What a cell is, as the wiki reads its line: a line's ``|`` cells (``||`` too) are cells, its ``!`` ones headers.

    ``line_kind``: what the line's cells before it are (``None``: the cell starts its line).
    """
    if node.wiki_markup == "||" and line_kind is not None:
        return line_kind
    if node.wiki_markup in ("|", "||"):
        return "td"
    return "th" if str(node.tag).lower() == "th" else "td"


def _cell(node: Tag, tag: Literal["td", "th"]) -> Cell:
    return Cell(tag) if _link_first(node) else Cell(tag, _span(node, "rowspan"), _span(node, "colspan"))


def _link_first(cell: Tag) -> bool:
    """Whether the wiki reads the cell as words alone: a ``[[`` before its first ``|`` ends its attributes."""
    written = str(cell)[len(cell.wiki_markup or "") :]
    return bool(cell.attributes) and "[[" in written.split("|", 1)[0]


def _span(node: Tag, name: str) -> int:
    if not node.has(name):
        return 1
    value = str(node.get(name).value).strip().strip("\"'")
    return int(value) if value.isdigit() and 0 < int(value) < 1000 else 1


def _caption(node: Tag, reader: InlineReader, line: int) -> Row | None:
    """``|+ words``: the caption, which the parser reads as a cell.

    A cell whose words start with ``+``; or, when the caption has attributes
    (``|+ style="…" | words``), a cell whose first attribute is ``+`` or starts with it (``|+style="…"|``).
    """
    nodes = list(_contents(node))
    if node.wiki_markup != "|" or not str(node)[1:].startswith("+"):  # "||+1" is a cell of "+1"
        return None
    row = Row(line)
    if node.attributes and str(node.attributes[0].name).strip().startswith("+"):  # "+" or "+style=…"
        row.add(Cell("caption"), reader.runs(nodes, line))
        return row
    if not nodes or not isinstance(nodes[0], Text) or not str(nodes[0]).startswith("+"):
        return None
    row.add(Cell("caption"), reader.runs([Text(str(nodes[0])[1:]), *nodes[1:]], line))
    return row
