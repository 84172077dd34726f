"""Merging overlapping exports: identical repeats once, differing text stops the build."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import Section
from build_scripts.rulebook.merge import merge_exports
from build_scripts.rulebook.sections import build_tree
from build_scripts.rulebook.wikitext import parse_blocks
from harness.project import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def test_identical_repeats_appear_once() -> None:
    result = build()
    ids = [a.id for a in result.anchored["buildings"]]
    assert ids.count("total-collapse") == 1
    assert sum(a.block.text == "Breach!" for page in result.anchored.values() for a in page) == 1


def test_trailing_newlines_do_not_count_as_a_difference() -> None:
    raw = (ROOT / "docs/rulebook/buildings.wiki").read_bytes()
    padded = build({"buildings.wiki": raw + b"\n\n\n"})
    same = build()
    assert padded.markdown == same.markdown, "the padded export built other pages"
    assert [a.id for a in padded.anchored["buildings"]] == [a.id for a in same.anchored["buildings"]]


def test_conflicting_exports_name_both_files_and_the_first_differing_line() -> None:
    conflict = (FIXTURES / "merge-conflict" / "buildings.wiki").read_bytes()
    with pytest.raises(RulebookError) as info:
        build({"buildings.wiki": conflict})
    message = str(info.value)
    assert "battlefield-terrain.wiki:135" in message  # the base export's line
    assert "buildings.wiki:87" in message  # the conflicting export's line
    assert "reduced by d3" in message
    assert "reduced by d6" in message


def test_a_section_missing_from_one_export_is_a_conflict() -> None:
    raw = (ROOT / "docs/rulebook/ruins.wiki").read_text("utf-8")
    cut = raw.replace("'''Flyers'''\n\n", "").replace(
        "Remember that Flyers are not hindered by difficult terrain, and move over any terrain as part of "
        'their move without penalty. Flyers moving into a ruin are simply placed within 12" of their '
        "starting point, including on a different level of a ruin.\n\n",
        "",
    )
    assert cut != raw
    with pytest.raises(RulebookError, match="disagree about section 'Ruins'"):
        build({"ruins.wiki": cut.encode()})


def tree(file: str, text: str) -> Section:
    return build_tree(parse_blocks(text, file, banner=False), file)


def test_no_exports_is_refused() -> None:
    with pytest.raises(RulebookError) as info:
        merge_exports([])
    assert str(info.value) == "no rulebook exports were given"


def test_a_section_the_base_has_twice_at_one_level_cannot_be_matched_and_says_so() -> None:
    base = tree("base.wiki", "==Walls==\nWalls are tall.\n\n==Walls==\nWalls are short.\n")
    other = tree("other.wiki", "==Walls==\nWalls are tall.\n")
    with pytest.raises(RulebookError) as info:
        merge_exports([("base.wiki", base), ("other.wiki", other)])
    assert str(info.value) == (
        "other.wiki:1: section 'Walls' appears 2 times at the same level; cannot tell which one the export repeats"
    )


def test_an_export_that_ends_a_section_early_is_named_with_where_it_ends() -> None:
    base = tree("base.wiki", "==Walls==\nWalls are tall.\n\nWalls block sight.\n")
    early = tree("early.wiki", "==Walls==\nWalls are tall.\n")
    with pytest.raises(
        RulebookError, match=r"base\.wiki:\d+ goes on with .*Walls block sight.* where early\.wiki ends"
    ):
        merge_exports([("base.wiki", base), ("early.wiki", early)])


def test_a_section_only_a_later_export_has_is_added_and_a_shared_one_kept_once() -> None:
    base = tree("base.wiki", "==Walls==\nWalls are tall.\n")
    later = tree("later.wiki", "==Walls==\nWalls are tall.\n\n==Gates==\nGates open.\n")
    merged = merge_exports([("base.wiki", base), ("later.wiki", later)])
    assert [s.title for s in merged.children] == ["Walls", "Gates"]


LONG = "Units inside a building may shoot from its fire points at any enemy they can see from there, as if in the open."


def refusal(base_text: str, other_text: str) -> str:
    """The build's refusal of two exports whose section 'Walls' says ``base_text`` and ``other_text``."""
    base, other = tree("base.wiki", f"==Walls==\n{base_text}\n"), tree("other.wiki", f"==Walls==\n{other_text}\n")
    with pytest.raises(RulebookError) as info:
        merge_exports([("base.wiki", base), ("other.wiki", other)])
    return str(info.value)


def test_a_difference_deep_in_a_long_line_is_quoted_around_it_with_both_files_and_lines() -> None:
    assert refusal(LONG, LONG.replace("any enemy", "one enemy")) == (
        "other.wiki:2: the exports disagree about section 'Walls': base.wiki:2 has "
        "'… from its fire points at any enemy they can see from there, as if in t…' but other.wiki:2 has "
        "'… from its fire points at one enemy they can see from there, as if in t…'; "
        "make both exports say the same (the site never picks one)"
    )


def test_a_difference_near_the_start_is_quoted_from_the_start_and_cut_after_seventy_characters() -> None:
    assert refusal(LONG, LONG.replace("Units inside", "Models inside")) == (
        "other.wiki:2: the exports disagree about section 'Walls': base.wiki:2 has "
        f"{LONG[:70] + '…'!r} but other.wiki:2 has {('Models' + LONG[5:])[:70] + '…'!r}; "
        "make both exports say the same (the site never picks one)"
    )


@pytest.mark.parametrize("longer_first", [True, False])
def test_the_export_that_goes_on_is_named_at_its_line_whichever_comes_first(longer_first: bool) -> None:
    longer = tree("long.wiki", f"==Walls==\nWalls are tall.\n\n{LONG}\n")
    shorter = tree("short.wiki", "==Walls==\nWalls are tall.\n")
    exports = [("long.wiki", longer), ("short.wiki", shorter)]
    with pytest.raises(RulebookError) as info:
        merge_exports(exports if longer_first else exports[::-1])
    assert str(info.value) == (
        "long.wiki:4: the exports disagree about section 'Walls': long.wiki:4 goes on with "
        f"{LONG[:69] + '…'!r} where short.wiki ends the section after line 2; "
        "make both exports say the same (the site never picks one)"
    )


def test_a_line_of_exactly_seventy_characters_is_quoted_whole() -> None:
    line = "x" * 70
    base = tree("base.wiki", f"==Walls==\nWalls are tall.\n\n{line}\n")
    early = tree("early.wiki", "==Walls==\nWalls are tall.\n")
    with pytest.raises(RulebookError, match=f"goes on with '{line}' where"):
        merge_exports([("base.wiki", base), ("early.wiki", early)])


def disagreement(base_text: str, other_text: str) -> str:
    """What the refusal says each export has."""
    return refusal(base_text, other_text).split(": the exports disagree about section 'Walls': ")[1].split(";")[0]


def test_a_short_line_is_quoted_whole_and_one_that_only_goes_on_longer_differs_where_the_other_ends() -> None:
    assert disagreement("Walls are tall.", "Walls are tal!.") == (
        "base.wiki:2 has 'Walls are tall.' but other.wiki:2 has 'Walls are tal!.'"
    )
    assert disagreement("Walls are tall.", "Walls are tall. And thick.") == (
        "base.wiki:2 has 'Walls are tall.' but other.wiki:2 has 'Walls are tall. And thick.'"
    )


def test_a_quote_that_reaches_the_lines_end_has_no_closing_ellipsis() -> None:
    text = "y" * 30 + "a" + "z" * 44  # differs at 30: quoted from 5, the 70 characters up to the end (75)
    other = "y" * 30 + "b" + "z" * 44
    assert disagreement(text, other) == f"base.wiki:2 has {'…' + text[5:]!r} but other.wiki:2 has {'…' + other[5:]!r}"


def test_where_the_shorter_export_ends_is_its_last_line() -> None:
    base = tree("base.wiki", "==Walls==\nWalls are tall.\n\nWalls are thick.\n\nWalls block sight.\n")
    early = tree("early.wiki", "==Walls==\nWalls are tall.\n\nWalls are thick.\n")
    with pytest.raises(RulebookError, match=r"where early\.wiki ends the section after line 4;"):
        merge_exports([("base.wiki", base), ("early.wiki", early)])


def test_a_line_is_compared_and_quoted_as_wikitext_its_bold_and_bullets_with_it() -> None:
    assert disagreement("'''Walls''' are tall.", "'''Walls''' are tal!.") == (
        "base.wiki:2 has \"'''Walls''' are tall.\" but other.wiki:2 has \"'''Walls''' are tal!.\""
    )
    assert disagreement("* Walls are tall.", "Walls are tall.") == (
        "base.wiki:2 has '*Walls are tall.' but other.wiki:2 has 'Walls are tall.'"
    )


def test_space_around_a_line_is_no_difference() -> None:
    base = tree("base.wiki", "==Walls==\nWalls are tall.\n\n* Gates.\n")
    spaced = tree("spaced.wiki", "==Walls==\n  Walls are tall.   \n\n*   Gates.  \n")
    assert merge_exports([("base.wiki", base), ("spaced.wiki", spaced)]).children[0].title == "Walls"


def test_a_sub_heading_renamed_in_one_export_is_quoted_with_its_level() -> None:
    assert disagreement("Walls are tall.\n===Gate===\nGates open.", "Walls are tall.\n===Door===\nGates open.") == (
        "base.wiki:3 has '### wiki: Gate' but other.wiki:3 has '### wiki: Door'"
    )
