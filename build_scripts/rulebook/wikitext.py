"""Wikitext → rule blocks, each with the file and line it came from.

The text is tokenised by mwparserfromhell (headings, bold/italic, bullets, plain text);
this module only decides what each *line* of tokens is: a heading, a bold-line or
plain-line sub-heading, a bullet item, a damage-chart row or part of a paragraph.
Anything the site does not know how to show stops the build with file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Heading, HTMLEntity, Node, Tag, Text

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Block, Inline

__all__ = ["BANNER", "decode", "parse_blocks"]

#: The wiki's page banner, the first line of every section export (not rule text).
BANNER = "Editing Scrollhammer Rulebook (section)"

_CHART_ROW = re.compile(r"(?P<number>[1-9][0-9]?):\s+(?P<name>\S.*)")
_SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"})
_MAX_PLAIN_HEADING_WORDS = 6


@dataclass
class _Line:
    """One physical source line, as parser tokens."""

    number: int
    inlines: list[Inline] = field(default_factory=list)
    heading: Heading | None = None
    bullet: bool = False

    @property
    def text(self) -> str:
        return "".join(i.text for i in self.inlines)

    @property
    def is_blank(self) -> bool:
        return self.heading is None and not self.bullet and not self.text.strip()


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


def parse_blocks(text: str, file: str, *, banner: bool = True) -> list[Block]:
    """Parse one section export into rule blocks, dropping the page banner.

    Args:
        text: The export's text.
        file: The file name used in blocks' sources and in error messages.
        banner: The text is a section export, whose first line is the wiki's page banner;
            ``False``: a whole wiki page as the wiki returns it (``make sync``), with none.

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
    lines = _tokenise(text, file)[1 if banner else 0 :]  # drop the banner line
    blocks = _classify(lines, file)
    if not blocks or blocks[0].kind != "heading" or blocks[0].style != "wiki":
        where = blocks[0].source if blocks else Source(file, 2 if banner else 1)
        after = "after the banner" if banner else "at the top of the page"
        raise RulebookError(f"expected a ==Section== heading {after}, before any rule text", source=where)
    return blocks


def _tokenise(text: str, file: str) -> list[_Line]:  # noqa: C901, PLR0912 - one branch per node type
    """Split the parser's node stream into physical lines of inline runs."""
    lines = [_Line(1)]
    for node in mwparserfromhell.parse(text).nodes:
        current = lines[-1]
        where = Source(file, current.number)
        if isinstance(node, Text):
            pieces = str(node).split("\n")
            for i, piece in enumerate(pieces):
                if i:
                    lines.append(_Line(lines[-1].number + 1))
                if piece:
                    lines[-1].inlines.append(Inline("text", piece))
        elif isinstance(node, Heading):
            title = str(node.title).strip()
            if not title:
                raise RulebookError("a heading has no text; write the heading's title between the '='", source=where)
            if current.inlines or current.bullet:
                raise RulebookError("a heading must start its own line", source=where)
            current.heading = node
        elif isinstance(node, Tag) and node.wiki_markup in ("'''", "''"):
            current.inlines.append(_emphasis(node, where))
        elif isinstance(node, Tag) and node.wiki_markup == "*":
            if current.inlines or current.heading:
                raise RulebookError("a '*' bullet must start its line", source=where)
            current.bullet = True
        elif isinstance(node, HTMLEntity):
            current.inlines.append(Inline("text", node.normalize()))
        elif isinstance(node, Comment):
            lines[-1].number += str(node).count("\n")
        else:
            raise RulebookError(_unsupported(node), source=where)
    for line in lines:
        _check_line(line, file)
    return lines


def _emphasis(node: Tag, where: Source) -> Inline:
    """A bold or italic run; its content must be plain text on one line."""
    content = node.contents
    if content is None or any(not isinstance(n, Text) for n in content.nodes):
        raise RulebookError(f"only plain text is supported inside {node.wiki_markup}…{node.wiki_markup}", source=where)
    inner = str(content)
    if "\n" in inner:
        raise RulebookError(f"{node.wiki_markup} must be closed on the same line", source=where)
    return Inline("bold" if node.wiki_markup == "'''" else "italic", inner)


def _unsupported(node: Node) -> str:
    snippet = str(node).split("\n", 1)[0][:40]
    return (
        f"unsupported wiki markup ({type(node).__name__}) {snippet!r}; "
        "the site shows only headings, bold, bullets and text"
    )


def _check_line(line: _Line, file: str) -> None:
    """Reject leftovers the parser did not turn into markup."""
    where = Source(file, line.number)
    for inline in line.inlines:
        if inline.kind == "text" and "''" in inline.text:
            raise RulebookError(
                "unclosed ''' (or '') on this line; close the bold with ''' before the line ends",
                source=where,
            )
    if line.heading is None and line.text.lstrip().startswith("="):
        raise RulebookError(
            "a heading line with no text or unbalanced '=' signs; write it as ==Title== or ===Title===",
            source=where,
        )


def _classify(lines: list[_Line], file: str) -> list[Block]:
    """Group lines into blocks: headings, sub-headings, bullets, chart rows, paragraphs."""
    blocks: list[Block] = []
    paragraph: list[_Line] = []

    def flush() -> None:
        if paragraph:
            blocks.append(_paragraph_block(paragraph, file))
            paragraph.clear()

    for line in lines:
        if line.is_blank:
            flush()
        elif line.heading is not None:
            flush()
            blocks.append(
                Block(
                    "heading",
                    (Inline("text", str(line.heading.title).strip()),),
                    Source(file, line.number),
                    style="wiki",
                    level=line.heading.level,
                )
            )
        elif line.bullet:
            flush()
            blocks.append(Block("bullet", tuple(_strip(line.inlines)), Source(file, line.number)))
        elif _is_bold_line(line):
            flush()
            bold = next(i for i in line.inlines if i.kind == "bold")
            blocks.append(
                Block("heading", (Inline("text", bold.text.strip()),), Source(file, line.number), style="bold")
            )
        else:
            paragraph.append(line)
    flush()
    return _attach_chart_bodies(blocks)


def _strip(inlines: list[Inline]) -> list[Inline]:
    """Drop leading and trailing whitespace of a run list (not visible rule text)."""
    out = list(inlines)
    while out and out[0].kind == "text" and not out[0].text.strip():
        out.pop(0)
    while out and out[-1].kind == "text" and not out[-1].text.strip():
        out.pop()
    if out and out[0].kind == "text":
        out[0] = Inline("text", out[0].text.lstrip())
    if out and out[-1].kind == "text":
        out[-1] = Inline("text", out[-1].text.rstrip())
    return out


def _is_bold_line(line: _Line) -> bool:
    """A line that is one bold run and nothing else: ``'''Open Ground'''``."""
    visible = [i for i in line.inlines if i.kind != "text" or i.text.strip()]
    return len(visible) == 1 and visible[0].kind == "bold"


def _paragraph_block(lines: list[_Line], file: str) -> Block:
    """A paragraph, or a chart row or plain-line sub-heading written as a one-line paragraph."""
    source = Source(file, lines[0].number)
    inlines: list[Inline] = []
    for i, line in enumerate(lines):
        if i:
            inlines.append(Inline("text", " "))  # a single newline joins lines, as in MediaWiki
        inlines.extend(_strip(line.inlines))
    if len(lines) == 1 and all(i.kind == "text" for i in inlines):
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
