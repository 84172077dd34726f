"""The word-level difference shown when a shared link's words changed (difflib at build time)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from build_scripts.cards.word_diff import word_diff


def side(runs: list[tuple[str, str]], keep: str) -> str:
    return "".join(text for op, text in runs if op in ("same", keep))


def test_a_changed_word_is_removed_and_inserted_with_the_rest_the_same() -> None:
    runs = word_diff("reduced by d3 for the remainder of the battle", "reduced by d6 for the remainder of the battle")
    assert runs == [("same", "reduced by "), ("del", "d3"), ("ins", "d6"), ("same", " for the remainder of the battle")]


def test_added_words_alone_are_an_insertion() -> None:
    assert word_diff("Models may shoot.", "Models may not shoot.") == [
        ("same", "Models may "),
        ("ins", "not "),
        ("same", "shoot."),
    ]


def test_line_breaks_are_kept_in_the_runs() -> None:
    runs = word_diff("1: Breach!\nThe wall falls.", "1: Breach!\nThe wall cracks.")
    assert side(runs, "del") == "1: Breach!\nThe wall falls."
    assert side(runs, "ins") == "1: Breach!\nThe wall cracks."


words = st.lists(st.sampled_from(["the", "unit", "d3", '6"', "Breach!", "—", "models", "\n"]), max_size=25)


@given(words, words)
def test_the_runs_rebuild_both_versions_exactly(old: list[str], new: list[str]) -> None:
    a, b = " ".join(old), " ".join(new)
    runs = word_diff(a, b)
    assert side(runs, "del") == a
    assert side(runs, "ins") == b
    assert all(text for _, text in runs)
    assert all(x[0] != y[0] for x, y in itertools.pairwise(runs)), "adjacent runs of one kind are joined"


def test_a_long_rule_with_one_word_changed_shows_that_word_alone() -> None:
    """Over 200 words and spaces, difflib's "autojunk" would call the spaces (and other common
    words) junk and give a coarser difference; the word diff turns it off."""
    sentence = "A unit in the building may shoot at any unit in range of the building's walls."
    old = " ".join([sentence] * 12)
    new = old.replace("may shoot", "must shoot", 1)
    assert word_diff(old, new) == [
        ("same", "A unit in the building "),
        ("del", "may"),
        ("ins", "must"),
        ("same", old[len("A unit in the building may") :]),
    ]


def test_no_two_adjacent_runs_are_of_one_kind() -> None:
    runs = word_diff("one two three four five six", "one 2 three four six seven")
    assert runs == [
        ("same", "one "),
        ("del", "two"),
        ("ins", "2"),
        ("same", " three four "),
        ("del", "five"),
        ("ins", "six"),
        ("same", " "),
        ("del", "six"),
        ("ins", "seven"),
    ]
    assert all(a[0] != b[0] for a, b in itertools.pairwise(runs))
