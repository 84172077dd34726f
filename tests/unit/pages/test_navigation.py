"""The navigation made from the one list of pages: a group's pages listed under it."""

from __future__ import annotations

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.pages.navigation import NavPage, nested_nav


def test_pages_without_a_group_stay_at_the_top_in_order() -> None:
    pages = [NavPage("Home", "index.md"), NavPage("Ruins", "ruins.md")]
    assert nested_nav(pages) == [{"Home": "index.md"}, {"Ruins": "ruins.md"}]


def test_a_groups_pages_are_listed_under_it_and_groups_nest() -> None:
    pages = [
        NavPage("Home", "index.md"),
        NavPage("Terrain", "b02-terrain.md", ("Books 2–10", "Book 2")),
        NavPage("Ruins", "b02-ruins.md", ("Books 2–10", "Book 2")),
        NavPage("Terrain", "b03-terrain.md", ("Books 2–10", "Book 3")),
        NavPage("Terrain", "b11-terrain.md", ("Books 11–20", "Book 11")),
        NavPage("Calculators", "calculators.md"),
    ]
    assert nested_nav(pages) == [
        {"Home": "index.md"},
        {
            "Books 2–10": [
                {"Book 2": [{"Terrain": "b02-terrain.md"}, {"Ruins": "b02-ruins.md"}]},
                {"Book 3": [{"Terrain": "b03-terrain.md"}]},
            ]
        },
        {"Books 11–20": [{"Book 11": [{"Terrain": "b11-terrain.md"}]}]},
        {"Calculators": "calculators.md"},
    ]


def test_a_group_whose_pages_are_apart_is_refused() -> None:
    pages = [
        NavPage("Terrain", "b02-terrain.md", ("Book 2",)),
        NavPage("Home", "index.md"),
        NavPage("Ruins", "b02-ruins.md", ("Book 2",)),
    ]
    with pytest.raises(RulebookError, match=r"page 'b02-ruins.md' is in the group 'Book 2', whose pages must be next"):
        nested_nav(pages)


def test_a_group_with_an_empty_title_is_refused() -> None:
    with pytest.raises(RulebookError, match="a group's title is empty"):
        nested_nav([NavPage("Terrain", "t.md", ("Books", " "))])
