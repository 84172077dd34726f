"""Reading the book (``build_scripts/rulebook/book.py``) on small exports: each page's section
found once, every section with rule text on exactly one page, the refusals named."""

from __future__ import annotations

import pytest

from build_scripts.core.errors import RulebookError, Source
from build_scripts.rulebook.book import PageSpec, read_book

BOOK = "==Terrain==\nGround.\n===Woods===\nTrees.\n===Hills===\nSlopes.\n"


def test_each_page_gets_its_section_and_the_sections_under_it() -> None:
    pages = read_book([("t.wiki", BOOK.encode())], [PageSpec("terrain", "Terrain")], banner=False)
    assert [s.title for s in pages["terrain"].walk()] == ["Terrain", "Woods", "Hills"]


def test_an_export_opens_with_the_wikis_banner_unless_told_otherwise() -> None:
    exported = "Editing Scrollhammer Rulebook (section)\n\n" + BOOK
    pages = read_book([("t.wiki", exported.encode())], [PageSpec("terrain", "Terrain")])
    assert [s.title for s in pages["terrain"].walk()] == ["Terrain", "Woods", "Hills"]


@pytest.mark.parametrize(("section", "times"), [("Forests", 0), ("Woods", 2)])
def test_a_page_whose_section_is_not_there_once_is_refused(section: str, times: int) -> None:
    book = BOOK + "===Woods===\nMore trees.\n" if times == 2 else BOOK
    with pytest.raises(RulebookError) as info:
        read_book([("t.wiki", book.encode())], [PageSpec("woods", section)], banner=False)
    assert info.value.message == (
        f"page 'woods' shows section {section!r}, which the exports hold {times} times; "
        "it must name exactly one section heading"
    )


def test_a_section_on_two_pages_is_refused_naming_both() -> None:
    pages = [PageSpec("terrain", "Terrain"), PageSpec("woods", "Woods")]
    with pytest.raises(RulebookError) as info:
        read_book([("t.wiki", BOOK.encode())], pages, banner=False)
    assert info.value.message == "section 'Woods' is on both page 'terrain' and page 'woods'"


def test_a_section_with_rule_text_on_no_page_is_refused_at_its_heading() -> None:
    with pytest.raises(RulebookError) as info:
        read_book([("t.wiki", BOOK.encode())], [PageSpec("woods", "Woods")], banner=False)
    assert info.value.message == "section 'Terrain' is on no page; add a page for it in mkdocs.yml"
    assert info.value.source == Source("t.wiki", 1)


def test_a_file_that_is_not_utf8_is_refused_by_name() -> None:
    with pytest.raises(RulebookError) as info:
        read_book([("bad.wiki", b"==Terrain==\n\xff\n")], [PageSpec("terrain", "Terrain")], banner=False)
    assert info.value.source is not None
    assert info.value.source.file == "bad.wiki"
