"""Merge overlapping section exports into one tree, refusing to pick between texts.

``buildings.wiki`` repeats ``===Buildings===`` from ``battlefield-terrain.wiki``. A
section that appears in several exports must have the same text in each (trailing
whitespace aside); it then appears once. Where the texts differ the build stops and
names both files and the first line where they part.
"""

from __future__ import annotations

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Block, Inline, Section

__all__ = ["merge_exports"]

_MARKUP = {"text": "", "bold": "'''", "italic": "''", "xref": ""}


def merge_exports(exports: list[tuple[str, Section]]) -> Section:
    """Merge export trees, the first one being the base.

    Args:
        exports: ``(file name, root section)`` pairs in the order to merge.

    Returns:
        One root whose sections each appear once.

    Raises:
        RulebookError: when two exports give different text for the same section.
    """
    if not exports:
        raise RulebookError("no rulebook exports were given")
    merged = exports[0][1]
    for _file, root in exports[1:]:
        for section in root.children:
            twin = _find(merged, section)
            if twin is None:
                merged.children.append(section)
            else:
                _require_same(twin, section)
    return merged


def _find(tree: Section, wanted: Section) -> Section | None:
    """The section of ``tree`` with the same heading text and depth, if any."""
    matches = [s for s in tree.walk()[1:] if s.depth == wanted.depth and s.title == wanted.title]
    if len(matches) > 1:
        raise RulebookError(
            f"section {wanted.title!r} appears {len(matches)} times at the same level; "
            "cannot tell which one the export repeats",
            source=wanted.heading.source,
        )
    return matches[0] if matches else None


def _require_same(base: Section, other: Section) -> None:
    """Raise naming both files and the first differing line unless the texts match."""
    left, right = _lines(base), _lines(other)
    for (lsrc, ltext), (rsrc, rtext) in zip(left, right, strict=False):
        if ltext != rtext:
            raise RulebookError(
                f"the exports disagree about section {base.title!r}: "
                f"{lsrc} has {_around(ltext, rtext)} but {rsrc} has {_around(rtext, ltext)}; "
                "make both exports say the same (the site never picks one)",
                source=rsrc,
            )
    if len(left) != len(right):
        longer, shorter = (left, right) if len(left) > len(right) else (right, left)
        extra_src, extra_text = longer[len(shorter)]
        end = shorter[-1][0]
        raise RulebookError(
            f"the exports disagree about section {base.title!r}: {extra_src} goes on with "
            f"{_quote(extra_text)} where {end.file} ends the section after line {end.line}; "
            "make both exports say the same (the site never picks one)",
            source=extra_src,
        )


def _lines(section: Section) -> list[tuple[Source, str]]:
    """The section's blocks as comparable lines of wikitext, with their sources."""
    out: list[tuple[Source, str]] = []
    for s in section.walk():
        out.append((s.heading.source, f"{'#' * s.depth} {s.heading.style}: {s.title}"))
        for block in s.blocks:
            out.extend(_block_lines(block))
    return out


def _block_lines(block: Block) -> list[tuple[Source, str]]:
    text = _runs(block.inlines)
    if block.kind == "bullet":
        return [(block.source, f"{block.markers}{text}")]
    if block.kind == "preformatted":
        return [(block.source, f" {text}")]
    if block.kind == "footnote":
        return [(block.source, f"[{block.number}] {text}")]
    if block.kind == "table_row":
        cells = " ".join(f"{c.tag}{c.rowspan}x{c.colspan}" for c in block.cells)
        return [(block.source, f"|{block.table} {cells}| {text}")]
    if block.kind == "chart_row":
        return [(block.source, f"{block.number}: {text}"), (block.body_source or block.source, _runs(block.body))]
    return [(block.source, text)]


def _runs(inlines: tuple[Inline, ...]) -> str:
    """A block's runs as wikitext (the parser has already stripped the space around them)."""
    return "".join(_run(i) for i in inlines)


def _run(inline: Inline) -> str:
    """One run as comparable text: wikitext for text, bold and italic; its kind, target and tags else."""
    mark = _MARKUP.get(inline.kind)
    if mark is None or inline.tags:
        return f"<{inline.kind} {'/'.join(inline.tags)} {inline.label or ''}>{inline.text}</>"
    return f"{mark}{inline.text}{mark}"


def _around(text: str, other: str, limit: int = 70) -> str:
    """``text`` quoted around where it first differs from ``other``."""
    common = next((i for i, (a, b) in enumerate(zip(text, other, strict=False)) if a != b), min(len(text), len(other)))
    start = max(0, common - 25)
    piece = text[start : start + limit]
    return repr(("…" if start else "") + piece + ("…" if start + limit < len(text) else ""))


def _quote(text: str, limit: int = 70) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
