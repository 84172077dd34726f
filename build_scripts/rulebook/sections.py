"""Rule blocks → a section tree, following the rulebook's heading levels.

``==`` and ``===`` headings nest by their level; a bold-line sub-heading sits one level
below the wiki heading it follows, and a plain-line sub-heading one level below the
bold one (or the wiki heading when no bold one is open).
"""

from __future__ import annotations

from build_scripts.core.errors import Source
from build_scripts.core.model import Block, Inline, Section

__all__ = ["build_tree"]


def build_tree(blocks: list[Block], file: str) -> Section:
    """Nest one export's blocks under their headings.

    Args:
        blocks: Blocks from :func:`build_scripts.rulebook.wikitext.parse_blocks`.
        file: The export's file name, for the root's source.

    Returns:
        A root section (depth 0, no text) whose children are the export's sections.
    """
    root = Section(Block("heading", (Inline("text", ""),), Source(file, 1), style="wiki"), depth=0)
    stack = [root]
    wiki_depth = 0
    bold_depth: int | None = None
    for block in blocks:
        if block.kind != "heading":
            stack[-1].blocks.append(block)
            continue
        if block.style == "wiki":
            depth = block.level
            wiki_depth, bold_depth = depth, None
        elif block.style == "bold":
            depth = wiki_depth + 1
            bold_depth = depth
        else:
            depth = (bold_depth if bold_depth is not None else wiki_depth) + 1
        while stack[-1].depth >= depth:
            stack.pop()
        section = Section(block, depth)
        stack[-1].children.append(section)
        stack.append(section)
    return root
