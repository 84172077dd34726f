"""Wikitext → rule blocks, each with the file and line it came from.

:mod:`build_scripts.rulebook.wiki_lines` splits the text into lines of runs; this module
decides what each *line* is: a heading, a bold-line
or plain-line sub-heading, a list item (``*``, ``#``, ``;``, ``:`` and their mixes), a
damage-chart row or part of a paragraph; a horizontal rule (``----``) is drawn with the
block after it. In an export, markup the site cannot show stops
the build with file and line; in a synced wiki page it is kept as written, with a note.
"""

from __future__ import annotations

import re
from dataclasses import replace

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Block, Inline
from build_scripts.rulebook.wiki_inline import InlineReader, Unshown, strip_runs
from build_scripts.rulebook.wiki_lines import Line, tokenise

__all__ = ["BANNER", "decode", "parse_blocks"]

#: The wiki's page banner, the first line of every section export (not rule text).
BANNER = "Editing Scrollhammer Rulebook (section)"

_CHART_ROW = re.compile(r"(?P<number>[1-9][0-9]?):\s+(?P<name>\S.*)")
_SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"})
_MAX_PLAIN_HEADING_WORDS = 6


def decode(data: bytes, file: str) -> str:
    r"""Decode a rulebook file as UTF-8, or fail naming the line of the first bad byte.

    Args:
        data: The file's bytes.
        file: The file's name, for the message.

    Returns:
        The text, with Windows line endings turned into ``\\n``.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise RulebookError(
            f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); save it as UTF-8",
            source=Source(file, line),
        ) from None
    return text.replace("\r\n", "\n")


def parse_blocks(
    text: str, file: str, *, banner: bool = True, strict: bool = True, unshown: list[Unshown] | None = None
) -> list[Block]:
    """Parse one section export into rule blocks, dropping the page banner.

    Args:
        text: The export's text.
        file: The file name used in blocks' sources and in error messages.
        banner: The text is a section export, whose first line is the wiki's page banner;
            ``False``: a whole wiki page as the wiki returns it (``make sync``), with none.
        strict: Markup the site cannot show stops the build (an export); ``False`` (a synced
            page): it is kept as written with a note, and an unclosed bold as written.
        unshown: Where to list the markup kept so, when given.

    Returns:
        The blocks in source order; the first is always a ``==`` heading.

    Raises:
        RulebookError: for an empty file, a missing banner or heading, an unclosed
            ``'''``, an empty heading, or markup the site cannot show.
    """
    if not text.strip():
        raise RulebookError("the file is empty; expected a rulebook section export", source=Source(file, 1))
    first_line = text.split("\n", 1)[0].strip()
    if banner and first_line != BANNER:
        raise RulebookError(
            f"expected the page banner {BANNER!r} on the first line, found {first_line[:60]!r}",
            source=Source(file, 1),
        )
    reader = InlineReader(file, strict=strict)
    lines = tokenise(text, file, reader)[1 if banner else 0 :]  # drop the banner line
    if unshown is not None:
        unshown.extend(reader.unshown)
    blocks = _classify(lines, file, synced=not strict)
    if not blocks or blocks[0].kind != "heading" or blocks[0].style != "wiki":
        where = blocks[0].source if blocks else Source(file, 2 if banner else 1)
        after = "after the banner" if banner else "at the top of the page"
        raise RulebookError(f"expected a ==Section== heading {after}, before any rule text", source=where)
    return blocks


def _classify(lines: list[Line], file: str, *, synced: bool) -> list[Block]:  # noqa: C901 - one branch per kind of line
    """Group lines into blocks: headings, sub-headings, bullets, chart rows, paragraphs.

    ``synced``: a wiki page, whose list items after a blank line start a list of their own, as on the
    wiki (the exports' lists are drawn as they always were: one list across blank lines).
    """
    blocks: list[Block] = []
    paragraph: list[Line] = []

    def flush() -> None:
        if paragraph:
            blocks.append(_paragraph_block(paragraph, file))
            paragraph.clear()

    rules: list[int] = []  # where a horizontal rule stands: before the block of that place
    ended = False  # a blank line after a list item: the next item starts a list of its own
    joins, gap = False, 0  # the line before was preformatted (this one's words go on its block); lines of spaces since
    for line in lines:
        if joins and line.pre == "space" and line.is_blank:
            gap += 1  # a line of spaces inside preformatted text goes on with it, as on the wiki
            continue
        joins, after_pre, lines_between, gap = bool(line.pre) and not line.is_blank, joins, gap, 0
        if line.is_blank:
            flush()
            ended = synced and bool(blocks) and blocks[-1].kind == "bullet"
        elif line.rule:
            flush()
            rules.append(len(blocks))
        elif line.pre:
            flush()
            _preformatted(line, blocks, file, join=after_pre, gap=lines_between)
        elif any(i.image is not None and i.image.frame in ("thumb", "frame") for i in line.inlines):
            flush()  # a boxed image is a block of its own to the wiki: it ends the paragraph before it
            paragraph.append(line)
            flush()
        elif line.heading is not None:
            flush()
            blocks.append(
                Block(
                    "heading",
                    (Inline("text", line.title),),
                    Source(file, line.number),
                    style="wiki",
                    level=line.heading.level,
                )
            )
        elif line.key or line.cells or line.bullet:
            flush()
            blocks.append(_item(line, Source(file, line.number), new_list=ended))
            ended = False
        elif _is_bold_line(line):
            flush()
            bold = next(i for i in line.inlines if i.kind == "bold")
            blocks.append(
                Block("heading", (Inline("text", bold.text.strip()),), Source(file, line.number), style="bold")
            )
        else:
            paragraph.append(line)
    flush()
    return _attach_chart_bodies(_ruled(_heading_something(blocks), rules))


def _heading_something(blocks: list[Block]) -> list[Block]:
    """A bold or plain line is a sub-heading only when it heads something: rules under it.

    One the page's end or a heading of the wiki's own follows heads nothing; it is the
    paragraph the wiki shows (a bold line's words bold).
    """
    out = list(blocks)
    for i, block in enumerate(out):
        after = out[i + 1] if i + 1 < len(out) else None
        heads_nothing = after is None or (after.kind == "heading" and after.style == "wiki")
        if block.kind == "heading" and block.style in ("bold", "plain") and heads_nothing:
            words = Inline("bold", block.text) if block.style == "bold" else Inline("text", block.text)
            out[i] = Block("paragraph", (words,), block.source)
    return out


def _ruled(blocks: list[Block], rules: list[int]) -> list[Block]:
    """The blocks with the horizontal rules drawn: above the block after one, below the last block after the last."""
    out = list(blocks)
    for place in rules:
        if place < len(out):
            out[place] = replace(out[place], rule_above=out[place].rule_above + 1)
        elif out:
            out[-1] = replace(out[-1], rule_below=out[-1].rule_below + 1)
    return out


def _item(line: Line, where: Source, *, new_list: bool = False) -> Block:
    """A line that is a block of its own: a footnote, a table's row, a list's item (``new_list``: a blank before)."""
    if line.key:  # a note (numbered, or 0: one that follows a note not given before it)
        return Block("footnote", tuple(line.inlines), where, number=line.note, key=line.key)
    if line.cells:
        return Block("table_row", tuple(line.inlines), where, cells=line.cells, table=line.table, indent=line.indent)
    return Block("bullet", tuple(strip_runs(line.inlines)), where, markers=line.markers, new_list=new_list)


def _preformatted(line: Line, blocks: list[Block], file: str, *, join: bool, gap: int = 0) -> None:
    """A preformatted line: on the block before it when ``join``, else a block of its own.

    ``join``: the line before was preformatted, or only ``gap`` lines of spaces stand between.
    """
    last = blocks[-1] if blocks else None
    if join and last is not None and last.kind == "preformatted":
        ends = Inline("text", "\n" * (1 + gap), note="nowiki")
        blocks[-1] = replace(last, inlines=(*last.inlines, ends, *line.inlines))
    else:
        blocks.append(Block("preformatted", tuple(line.inlines), Source(file, line.number)))


def _is_bold_line(line: Line) -> bool:
    """A line that is one bold run and nothing else: ``'''Open Ground'''``."""
    visible = [i for i in line.inlines if i.kind != "text" or i.text.strip()]
    return len(visible) == 1 and visible[0].kind == "bold" and not visible[0].tags


def _paragraph_block(lines: list[Line], file: str) -> Block:
    """A paragraph, or a chart row or plain-line sub-heading written as a one-line paragraph."""
    source = Source(file, lines[0].number)
    inlines: list[Inline] = []
    for i, line in enumerate(lines):
        if i:
            inlines.append(Inline("text", " "))  # a single newline joins lines, as in MediaWiki
        inlines.extend(strip_runs(line.inlines))
    if len(lines) == 1 and all(i.kind == "text" and not i.tags for i in inlines):
        text = "".join(i.text for i in inlines)
        row = _CHART_ROW.fullmatch(text)
        if row:
            return Block("chart_row", (Inline("text", row["name"]),), source, number=int(row["number"]))
        if _is_plain_heading(text):
            return Block("heading", (Inline("text", text),), source, style="plain")
    return Block("paragraph", tuple(inlines), source)


def _is_plain_heading(text: str) -> bool:
    """A short title-case line with no sentence ending: ``Moving with Artillery:``.

    ``Battlements and Building Damage`` and ``Special Rules`` are headings; a sentence
    such as ``Beasts have the Fleet of Foot and Move through Cover rules`` is not,
    because it has lower-case words outside the small connecting words.
    """
    body = text.removesuffix(":")
    words = body.split()
    if not words or len(words) > _MAX_PLAIN_HEADING_WORDS:
        return False
    if not body[-1].isalnum():
        return False
    if not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words)


def _attach_chart_bodies(blocks: list[Block]) -> list[Block]:
    """Give each damage-chart row the paragraph that follows it."""
    out: list[Block] = []
    i = 0
    while i < len(blocks):
        block = blocks[i]
        if block.kind == "chart_row":
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if nxt is None or nxt.kind != "paragraph":
                raise RulebookError(
                    f"damage-chart row '{block.number}: {block.text}' must be followed by its paragraph",
                    source=block.source,
                )
            out.append(
                Block(
                    "chart_row",
                    block.inlines,
                    block.source,
                    number=block.number,
                    body=nxt.inlines,
                    body_source=nxt.source,
                )
            )
            i += 2
            continue
        out.append(block)
        i += 1
    return out
