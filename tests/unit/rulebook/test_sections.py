"""One export's blocks nested under their headings (``build_tree``): wiki headings by their
level, a bold line one under the wiki heading above it, a plain title-case line one under
the bold heading above it, else under the wiki heading."""

from __future__ import annotations

from build_scripts.core.model import Section
from build_scripts.rulebook.sections import build_tree
from build_scripts.rulebook.wikitext import parse_blocks


def shape(text: str) -> list[tuple[int, str]]:
    root = build_tree(parse_blocks(text, "t.wiki", banner=False), "t.wiki")
    return [(s.depth, s.title) for s in root.walk()[1:]]


def test_a_level_one_heading_is_under_the_root_and_holds_the_rest() -> None:
    tree = build_tree(parse_blocks("=Book=\n==Walls==\nWalls are tall.\n", "t.wiki", banner=False), "t.wiki")
    assert [(s.depth, s.title) for s in tree.walk()[1:]] == [(1, "Book"), (2, "Walls")]
    (book,) = tree.children
    assert isinstance(book, Section)
    assert [s.title for s in book.children] == ["Walls"]


def test_a_plain_heading_right_under_a_wiki_heading_is_one_level_under_it() -> None:
    assert shape("==Walls==\nSpecial Rules\n\nWalls are tall.\n") == [(2, "Walls"), (3, "Special Rules")]


def test_a_plain_heading_after_a_bold_one_is_under_the_bold_one_until_the_next_wiki_heading() -> None:
    text = "==Walls==\n'''Gates'''\n\nSpecial Rules\n\nGates open.\n\n==Towers==\nSpecial Rules\n\nTowers stand.\n"
    assert shape(text) == [(2, "Walls"), (3, "Gates"), (4, "Special Rules"), (2, "Towers"), (3, "Special Rules")]
