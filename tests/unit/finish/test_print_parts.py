"""The printed book's parts: the pages at the navigation's top are the first PDF, each group another."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.finish.print.parts import FIRST_PART, PrintPart, print_parts


def test_a_book_without_groups_is_one_pdf() -> None:
    assert print_parts([("terrain/", ()), ("ruins/", ())]) == [PrintPart("", FIRST_PART, ("terrain/", "ruins/"))]


def test_each_innermost_group_is_a_part_of_its_own_in_the_navigations_order() -> None:
    parts = print_parts(
        [
            ("terrain/", ()),
            ("b02-terrain/", ("Books 2–10", "Book 2")),
            ("b02-ruins/", ("Books 2–10", "Book 2")),
            ("b11-ruins/", ("Books 11–20", "Book 11")),
            ("unit-types/", ()),
        ]
    )
    assert parts == [
        PrintPart("", FIRST_PART, ("terrain/", "unit-types/")),
        PrintPart("Book 2", "print/book-2.pdf", ("b02-terrain/", "b02-ruins/")),
        PrintPart("Book 11", "print/book-11.pdf", ("b11-ruins/",)),
    ]


def test_the_first_part_is_the_file_the_home_page_links_whatever_it_holds() -> None:
    parts = print_parts([("b02-terrain/", ("Book 2",)), ("b03-terrain/", ("Book 3",))])
    assert [p.file for p in parts] == [FIRST_PART, "print/book-3.pdf"]


def test_two_groups_with_one_innermost_name_are_two_parts_named_by_their_paths() -> None:
    parts = print_parts(
        [
            ("rules/", ()),
            ("core-a/", ("Core", "Appendix")),
            ("exp-a/", ("Expansion", "Appendix")),
            ("core-b/", ("Core", "Appendix")),
            ("exp-scenarios/", ("Expansion", "Scenarios")),
        ]
    )
    assert parts == [
        PrintPart("", FIRST_PART, ("rules/",)),
        PrintPart("Core › Appendix", "print/core-appendix.pdf", ("core-a/", "core-b/")),
        PrintPart("Expansion › Appendix", "print/expansion-appendix.pdf", ("exp-a/",)),
        PrintPart("Scenarios", "print/scenarios.pdf", ("exp-scenarios/",)),
    ]


def test_two_groups_with_one_file_name_are_refused() -> None:
    with pytest.raises(RulebookError, match=r"'Book 2' and 'Book-2' would both be printed as print/book-2\.pdf"):
        print_parts([("a/", ()), ("b/", ("Book 2",)), ("c/", ("Book-2",))])


def test_a_groups_file_is_its_name_in_lower_case_letters_and_digits() -> None:
    parts = print_parts([("a/", ()), ("b/", ("-Book 2: Ruins!-",)), ("c/", ("¡¿",))])
    assert [p.file for p in parts] == [FIRST_PART, "print/book-2-ruins.pdf", "print/part.pdf"]


def test_a_part_loads_itself_from_the_record_stage_4_keeps() -> None:
    """The finish stage's state keeps each part as ``dataclasses.asdict`` writes it (a list for
    its pages, in JSON); loaded back it is the same part, every field in its place."""
    part = PrintPart("Core › Appendix", "print/core-appendix.pdf", ("appendix/", "errata/"))
    record = json.loads(json.dumps(asdict(part)))
    assert record["pages"] == ["appendix/", "errata/"]
    loaded = PrintPart.load(record)
    assert loaded == part
    assert (loaded.name, loaded.file, loaded.pages) == (
        "Core › Appendix",
        "print/core-appendix.pdf",
        ("appendix/", "errata/"),
    )
    assert isinstance(loaded.pages, tuple)
