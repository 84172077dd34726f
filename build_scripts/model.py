"""Plain data shared by the build steps: inline text runs, rule blocks and sections."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from build_scripts.errors import Source

InlineKind = Literal["text", "bold", "italic", "xref"]
BlockKind = Literal["heading", "paragraph", "bullet", "chart_row"]
HeadingStyle = Literal["wiki", "bold", "plain"]


@dataclass(frozen=True)
class Inline:
    """A run of rule text.

    ``kind`` is ``text``, ``bold`` or ``italic`` for source text, and ``xref`` for a
    resolved cross reference, where ``text`` is the verbatim source (``page XX``),
    ``href`` the link target (``None`` when the rule is not in these sections) and
    ``label`` what the page shows instead.
    """

    kind: InlineKind
    text: str
    href: str | None = None
    label: str | None = None


@dataclass(frozen=True)
class Block:
    """One rule block: a heading, a paragraph, a bullet item or a damage-chart row.

    A chart row (``1: Breach!`` and the paragraph under it) keeps its roll in
    ``number``, its name in ``inlines`` and its paragraph in ``body``.
    """

    kind: BlockKind
    inlines: tuple[Inline, ...]
    source: Source
    style: HeadingStyle | None = None
    level: int = 0
    number: int | None = None
    body: tuple[Inline, ...] = ()
    body_source: Source | None = None

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
