"""Plain data shared by the build steps: text runs, rule blocks, sections, and where rules live."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from build_scripts.core.errors import Source

InlineKind = Literal["text", "bold", "italic", "xref", "term", "link", "break", "unshown", "footnote", "image"]
BlockKind = Literal["heading", "paragraph", "bullet", "chart_row", "table_row", "footnote", "preformatted"]
HeadingStyle = Literal["wiki", "bold", "plain"]
ImageFrame = Literal["", "thumb", "frame", "frameless", "gallery"]


@dataclass(frozen=True)
class Image:
    """An image the wiki shows (``[[File:Shield.png|thumb|200px|alt=…|A shield]]``, a gallery's line).

    ``file`` is its name on the wiki, ``_`` for a space (``Shield.png``); ``frame`` how it
    is drawn: ``""`` in the words, ``thumb`` or ``frame`` boxed with its caption under it,
    ``frameless`` (a thumb's size, no box), ``gallery`` one of a gallery's. ``asked`` is the
    size the wiki was asked for (``200px`` → ``(200, 0)``; ``x100px`` → ``(0, 100)``; none:
    ``(0, 0)``); ``alt`` and ``caption`` its words; ``upright`` the factor a thumbnail's
    width is scaled by (``upright``: 0.75, ``upright=0.5``; 0: none). Once the build has found the file kept
    with the site, ``width`` and ``height`` are the size it is shown at.
    """

    file: str
    frame: ImageFrame = ""
    asked: tuple[int, int] = (0, 0)
    alt: str = ""
    caption: str = ""
    upright: float = 0.0
    width: int = 0
    height: int = 0


@dataclass(frozen=True)
class Inline:
    """A run of rule text.

    ``kind`` is ``text``, ``bold`` or ``italic`` for source text; ``term`` for words that
    use a term these sections define (``href`` is the defining rule, ``label`` the term's
    name); and ``xref`` for a resolved cross reference, where ``text`` is the verbatim source (``page XX``, shown
    as written), ``href`` the rule it means (``None`` when the rule is not in these
    sections), ``label`` the help the page shows beside it, and ``note`` what the rule
    is when it is not in these sections.

    The wiki's other markup: ``link`` is a link's words; the reader leaves its target as
    the wiki wrote it in ``label`` (``Ruins#Barrage`` for ``[[Ruins#Barrage|…]]``, or the
    address of an external link) and :mod:`build_scripts.rulebook.wikilinks` decides where
    it goes: ``href`` (a rule of the site) or ``url`` (the wiki's page, an external
    address; neither: its words alone). ``break`` is a ``<br>`` (its text a newline);
    ``unshown`` is markup the site cannot show yet, its ``text`` the markup as written and
    ``note`` what it is. ``footnote`` is a ``<ref>``'s mark (``[1]``), ``label`` naming its
    note (``file#1``) until ``href`` is the note's rule. ``image`` is an image (its ``text``
    the words it shows or stands for: its caption, else its alt text; ``url`` the file kept
    with the site, from the site's root, once the build found it). ``tags`` are the text-level tags
    around the run, outermost first (``("em", "sup")``): a bold run inside italics is
    ``Inline("bold", …, tags=("em",))``.
    """

    kind: InlineKind
    text: str
    href: RuleRef | None = None
    label: str | None = None
    note: str | None = None
    url: str | None = None
    tags: tuple[str, ...] = ()
    image: Image | None = None


@dataclass(frozen=True)
class Cell:
    """What a cell of a table row is: a header (``th``), a cell (``td``) or the table's caption, and its spans."""

    tag: Literal["td", "th", "caption"]
    rowspan: int = 1
    colspan: int = 1


#: Between two cells' runs in a table row's ``inlines`` (a row's words read "Roll | Levels").
CELL_BREAK = " | "


@dataclass(frozen=True)
class Block:
    """One rule block: a heading, a paragraph, a bullet item or a damage-chart row.

    A chart row (``1: Breach!`` and the paragraph under it) keeps its roll in
    ``number``, its name in ``inlines`` and its paragraph in ``body``. A list item
    (``bullet``) keeps its line's list markers in ``markers``, as the wiki wrote them:
    ``*``, ``#`` (a numbered step), ``*#`` (nested), ``;`` (a term), ``:`` (its definition,
    or an indented line). A table's row (``table_row``) keeps its cells' runs in
    ``inlines``, each cell's after a run ``Inline("text", CELL_BREAK, note="cell")``, what
    each cell is in ``cells``, and which table of its file it belongs to in ``table``; a
    table's caption is a row of one ``caption`` cell, its first, and how far the table is set in
    (``:{|``: one step) in ``indent``. A footnote (``footnote``)
    keeps its number in ``number`` and what its marks name it by in ``key``. A horizontal
    rule (``----``) is drawn above a block (``rule_above``: how many), or below the page's last
    one (``rule_below``): it has no words, so it is no rule of its own. A list item after a blank
    line starts a list of its own (``new_list``), numbered from 1 again, as on the wiki.
    """

    kind: BlockKind
    inlines: tuple[Inline, ...]
    source: Source
    style: HeadingStyle | None = None
    level: int = 0
    number: int | None = None
    body: tuple[Inline, ...] = ()
    body_source: Source | None = None
    markers: str = "*"
    cells: tuple[Cell, ...] = ()
    table: int = 0
    indent: int = 0
    key: str = ""
    rule_above: int = 0
    rule_below: int = 0
    new_list: bool = False

    @property
    def text(self) -> str:
        """The block's text as written, without markup (name only for chart rows)."""
        return "".join(i.text for i in self.inlines)

    @property
    def full_text(self) -> str:
        """All of the block's text, the chart row's roll and paragraph included."""
        if self.kind == "chart_row":
            return f"{self.number}: {self.text}\n{''.join(i.text for i in self.body)}"
        return self.text


@dataclass
class Section:
    """A heading with the blocks under it and its sub-sections, in source order."""

    heading: Block
    depth: int
    blocks: list[Block] = field(default_factory=list)
    children: list[Section] = field(default_factory=list)

    @property
    def title(self) -> str:
        """The heading's text as written."""
        return self.heading.text.strip()

    def walk(self) -> list[Section]:
        """The section itself and every section below it, in source order."""
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


@dataclass(frozen=True, order=True)
class RuleRef:
    """Where a rule lives on the site: its page and its id there, written ``page#id``."""

    page: str
    id: str

    @classmethod
    def parse(cls, text: str) -> RuleRef:
        """``"buildings#total-collapse"`` → ``RuleRef("buildings", "total-collapse")``.

        Raises:
            ValueError: when the text is not ``page#id``.
        """
        page, sep, rule_id = text.partition("#")
        if not (sep and page and rule_id) or "#" in rule_id:
            raise ValueError(f"{text!r} is not a rule reference; write it as page#rule-id")
        return cls(page, rule_id)

    def __str__(self) -> str:
        return f"{self.page}#{self.id}"


@dataclass(frozen=True)
class AnchoredBlock:
    """A block with its id, the headings above it and its depth on the page.

    ``prefix`` is the id of the heading a paragraph's id starts with (empty for headings
    and chart rows); a clash lengthens the id after it.
    """

    id: str
    block: Block
    heading_path: tuple[str, ...]
    depth: int = 0
    prefix: str = ""

    @property
    def label(self) -> str:
        """Where the block is, in words: ``Buildings › Attacking Buildings``."""
        return " › ".join(self.heading_path)


def page_url(name: str) -> str:
    """The URL of a page from the site root, with directory URLs (``buildings/``)."""
    return "" if name == "index" else f"{name}/"


def index_rules(pages: Mapping[str, Iterable[AnchoredBlock]]) -> dict[RuleRef, AnchoredBlock]:
    """Every rule of every page by its reference."""
    return {RuleRef(page, a.id): a for page, items in pages.items() for a in items}


class LastChange(NamedTuple):
    """When a page's words last changed: the day, and the wiki revision that made them (0: none)."""

    day: str
    revision: int
