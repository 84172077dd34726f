"""Rule ids: readable, unique, stable under edits; the lock keeps published ids alive."""

from __future__ import annotations

import pytest
from support import RULEBOOK
from support.rulebook_helpers import build, committed_lock, rule, unlocked

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import AnchoredBlock, BlockKind, Inline, RuleRef
from build_scripts.rulebook.anchor_lock import (
    AnchorLock,
    LockEntry,
    _closest,
    covering_heading,
    heading_followed_by_children,
)

TERRAIN = (RULEBOOK / "battlefield-terrain.wiki").read_text("utf-8")


def ids(result, page: str) -> list[str]:
    return [a.id for a in result.anchored[page]]


def test_readable_ids_for_the_rules_players_quote() -> None:
    buildings = ids(build(), "buildings")
    assert "total-collapse" in buildings
    assert "attacking-buildings" in buildings
    assert "attacking-buildings-building-reaches-0-armour-value" in buildings
    assert "artillery-shooting-at-artillery" in ids(build(), "unit-types")


def test_every_block_has_a_unique_id_on_its_page() -> None:
    for page, items in build().anchored.items():
        page_ids = [a.id for a in items]
        assert len(page_ids) == len(set(page_ids)), page
        assert all(page_ids)


def with_terrain(new_terrain: str) -> dict[str, bytes]:
    """Apply an edit to the base export and the section exports that repeat it."""
    out = {"battlefield-terrain.wiki": new_terrain.encode()}
    for name, heading in (("buildings.wiki", "===Buildings==="), ("ruins.wiki", "===Ruins===")):
        start = new_terrain.index(heading)
        end = new_terrain.find("\n===", start + len(heading))
        out[name] = ("Editing Scrollhammer Rulebook (section)\n\n" + new_terrain[start:end].rstrip("\n")).encode()
    return out


def test_inserting_a_paragraph_keeps_the_other_ids() -> None:
    before = build()
    edited = TERRAIN.replace("1: Breach!", "A new paragraph the editors added before the chart.\n\n1: Breach!").replace(
        "'''Attacking Buildings'''\n\n", "'''Attacking Buildings'''\n\nA new first paragraph.\n\n"
    )
    after = build(with_terrain(edited), frozen=False)
    old, new = ids(before, "buildings"), ids(after, "buildings")
    assert set(old) <= set(new)
    assert len(new) == len(old) + 2
    assert [str(ref) for ref in after.lock.added] == [
        "buildings#attacking-buildings-new-first-paragraph",
        "buildings#attacking-buildings-new-paragraph-editors-added-before",
    ]


def test_committed_lock_describes_the_build() -> None:
    result = build(frozen=True)
    assert not result.lock.is_updated


def test_frozen_build_fails_on_an_id_the_lock_does_not_know() -> None:
    edited = TERRAIN.replace("'''Lava'''\n\n", "'''Lava'''\n\nHot.\n\n")
    with pytest.raises(RulebookError, match=r"anchors\.lock\.json is out of date"):
        build(with_terrain(edited), frozen=True)


def test_a_disappeared_id_fails_naming_it_and_how_to_alias_it() -> None:
    edited = TERRAIN.replace("If a Building reaches 0 armour value", "Should a Building reach 0 armour value")
    with pytest.raises(RulebookError) as info:
        build(with_terrain(edited), frozen=False)
    message = str(info.value)
    assert "buildings#attacking-buildings-building-reaches-0-armour-value" in message
    assert '"aliases"' in message
    assert "buildings#attacking-buildings-should-building-reach-0-armour" in message


def test_an_alias_keeps_the_old_link_working() -> None:
    edited = TERRAIN.replace("If a Building reaches 0 armour value", "Should a Building reach 0 armour value")
    lock = committed_lock().with_aliases(
        {
            "buildings#attacking-buildings-building-reaches-0-armour-value": (
                "buildings#attacking-buildings-should-building-reach-0-armour"
            )
        }
    )
    result = build(with_terrain(edited), lock=lock, frozen=False)
    assert {old: str(new) for old, new in result.lock.moved["buildings"].items()} == {
        "attacking-buildings-building-reaches-0-armour-value": "buildings#attacking-buildings-should-building-reach-0-armour"
    }
    assert (
        '"attacking-buildings-building-reaches-0-armour-value": "#attacking-buildings-should-building-reach-0-armour"'
        in (result.markdown["buildings"])
    )


def test_an_alias_to_nowhere_fails() -> None:
    lock = committed_lock().with_aliases({"buildings#gone": "buildings#also-gone"})
    with pytest.raises(RulebookError, match="points to no rule"):
        build(lock=lock)


def test_unlocked_build_records_every_id() -> None:
    result = build(lock=unlocked(), frozen=False)
    total = sum(len(items) for items in result.anchored.values())
    assert len(result.lock.added) == total
    entry = result.lock.lock.anchors["buildings"]["total-collapse"]
    assert entry.text.startswith("6: Total Collapse")
    assert len(entry.fingerprint) == 12


def test_the_disappeared_ids_message_names_each_with_its_words_where_it_went_and_the_aliases() -> None:
    # One id of each kind: a reworded paragraph, a removed one, a renamed heading and its paragraph.
    edited = (
        TERRAIN.replace("If a Building reaches 0 armour value", "Should a Building reach 0 armour value")
        .replace("'''Lava'''", "'''Lava Flows'''")
        .replace("Flame attacks get +1 on the Damage Chart against Wooden buildings.\n", "")
    )
    with pytest.raises(RulebookError) as info:
        build(with_terrain(edited), frozen=False)
    assert str(info.value).splitlines() == [
        "4 published rule id(s) disappeared; a link someone shared would break:",
        (
            "  buildings#attacking-buildings-building-reaches-0-armour-value (was 'If a Building reaches 0 armour "
            "value, it immediately suffer…'): a very similar text is at "
            "'buildings#attacking-buildings-should-building-reach-0-armour'"
        ),
        (
            "  buildings#what-can-hurt-a-building-flame-attacks-get-1-damage (was 'Flame attacks get +1 on the "
            "Damage Chart against Wooden bui…'): no rule has that text now; if it was removed, alias it to the "
            "rule that now covers it, e.g. 'buildings#what-can-hurt-a-building'"
        ),
        "  other-terrain#lava (was 'Lava'): its paragraphs moved under 'other-terrain#lava-flows'",
        (
            "  other-terrain#lava-difficult-terrain-treated-lethal-terrain (was 'Lava is Difficult Terrain. It is "
            "treated as Lethal Terrain …'): the same text is now at "
            "'other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain'"
        ),
        'Add each old id to "aliases" in anchors.lock.json, mapped to where the rule is now.',
        "Suggested (check each):",
        (
            '  "other-terrain#lava-difficult-terrain-treated-lethal-terrain": '
            '"other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain",'
        ),
        (
            '  "buildings#attacking-buildings-building-reaches-0-armour-value": '
            '"buildings#attacking-buildings-should-building-reach-0-armour",'
        ),
        '  "other-terrain#lava": "other-terrain#lava-flows",',
    ]


def test_a_removed_rule_alone_gets_no_suggestions() -> None:
    edited = TERRAIN.replace("Flame attacks get +1 on the Damage Chart against Wooden buildings.\n", "")
    with pytest.raises(RulebookError) as info:
        build(with_terrain(edited), frozen=False)
    assert str(info.value).endswith("mapped to where the rule is now."), "no 'Suggested' with nothing to suggest"


def test_an_out_of_date_lock_names_the_first_five_new_or_changed_ids_and_counts_all() -> None:
    added = "".join(f"Hot {n}.\n\n" for n in ("one", "two", "three", "four", "five"))
    edited = TERRAIN.replace("'''Lava'''\n\n", "'''Lava'''\n\n" + added, 1).replace(
        "If a Building reaches 0 armour value, it", "If a Building reaches 0 armour value it"
    )
    with pytest.raises(RulebookError) as info:
        build(with_terrain(edited), frozen=True)
    assert str(info.value) == (
        "anchors.lock.json is out of date (5 new, 1 changed ids: other-terrain#lava-hot-one, "
        "other-terrain#lava-hot-two, other-terrain#lava-hot-three, other-terrain#lava-hot-four, "
        "other-terrain#lava-hot-five…); run `make build` and commit the lock"
    )


def test_a_bad_alias_is_refused_naming_the_lock_and_both_ends() -> None:
    nowhere = committed_lock().with_aliases({"buildings#gone": "buildings#also-gone"})
    with pytest.raises(RulebookError) as info:
        build(lock=nowhere)
    assert str(info.value) == "anchors.lock.json: alias 'buildings#gone' → 'buildings#also-gone' points to no rule"
    live = committed_lock().with_aliases({"buildings#total-collapse": "buildings#breach"})
    with pytest.raises(RulebookError) as info:
        build(lock=live)
    assert str(info.value) == (
        "anchors.lock.json: alias 'buildings#total-collapse' names an id that exists in this build; remove it"
    )


def test_every_disappeared_id_gets_its_suggestion_whatever_comes_before_it() -> None:
    # A renamed heading's paragraph (the same text) comes before a reworded paragraph in the
    # lock's order: both are still suggested.
    edited = TERRAIN.replace("'''Lava'''", "'''Lava Flows'''").replace(
        "Tall Grass and Hedges are difficult terrain that", "Tall Grass and also Hedges are difficult terrain that"
    )
    with pytest.raises(RulebookError) as info:
        build(with_terrain(edited), frozen=False)
    assert str(info.value).splitlines()[-3:] == [
        (
            '  "other-terrain#lava-difficult-terrain-treated-lethal-terrain": '
            '"other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain",'
        ),
        '  "other-terrain#lava": "other-terrain#lava-flows",',
        (
            '  "other-terrain#tall-grass-and-hedges-difficult-terrain-cannot-grant-cover": '
            '"other-terrain#tall-grass-and-hedges-also-hedges-difficult-terrain-cannot",'
        ),
    ]


def test_a_changed_rule_is_listed_as_changed_and_a_new_one_as_added() -> None:
    edited = TERRAIN.replace(
        "If a Building reaches 0 armour value, it", "If a Building reaches 0 armour value it"
    ).replace("'''Lava'''\n\n", "'''Lava'''\n\nHot.\n\n")
    checked = build(with_terrain(edited), frozen=False).lock
    assert [str(r) for r in checked.changed] == ["buildings#attacking-buildings-building-reaches-0-armour-value"]
    assert [str(r) for r in checked.added] == ["other-terrain#lava-hot"]


def _block(text: str, kind: BlockKind = "paragraph") -> AnchoredBlock:
    return rule("x", Inline("text", text), kind=kind)


def test_a_lock_entry_keeps_sixty_characters_or_fifty_nine_and_an_ellipsis() -> None:
    sixty = "a" * 60
    assert LockEntry.of(_block(sixty)).text == sixty
    assert LockEntry.of(_block(sixty + "b")).text == "a" * 59 + "…"


def test_a_check_names_the_lock_file_it_is_not_told_the_name_of() -> None:
    lock = AnchorLock({}, {RuleRef.parse("p#a"): RuleRef.parse("p#b")})
    with pytest.raises(RulebookError, match=r"^anchors\.lock\.json: alias 'p#a' → 'p#b' points to no rule$"):
        lock.check({}, frozen=True)


def test_a_removed_rule_is_covered_by_its_nearest_heading() -> None:
    live = {
        RuleRef.parse("p#a"): _block("A", "heading"),
        RuleRef.parse("p#a-b"): _block("B", "heading"),
        RuleRef.parse("p#a-b-c-words"): _block("Words."),
    }
    assert covering_heading(RuleRef.parse("p#a-b-gone"), live) == RuleRef.parse("p#a-b")
    assert covering_heading(RuleRef.parse("q#a-b-gone"), live) is None


def test_a_section_removed_whole_is_named_with_no_heading_to_alias_to() -> None:
    lava = "'''Lava'''\n\nLava is Difficult Terrain. It is treated as Lethal Terrain by units that are not Immune to Flame.\n\n"
    with pytest.raises(RulebookError) as info:
        build(with_terrain(TERRAIN.replace(lava, "")), frozen=False)
    assert str(info.value).splitlines()[1:3] == [
        "  other-terrain#lava (was 'Lava'): no rule has that text now",
        (
            "  other-terrain#lava-difficult-terrain-treated-lethal-terrain (was 'Lava is Difficult Terrain. It is "
            "treated as Lethal Terrain …'): no rule has that text now"
        ),
    ]


MOVED = "the same text is now at"


def test_a_heading_is_followed_only_to_a_heading_its_paragraphs_share() -> None:
    """h's paragraph is now x-a: x is where it went, if x is a heading the book has."""
    found = {RuleRef.parse("p#h-a"): (RuleRef.parse("p#x-a"), MOVED)}
    heading = {RuleRef.parse("p#x"): _block("X", "heading")}
    assert heading_followed_by_children(RuleRef.parse("p#h"), found, heading) == RuleRef.parse("p#x")
    assert heading_followed_by_children(RuleRef.parse("p#h"), found, {RuleRef.parse("p#x"): _block("X.")}) is None
    assert heading_followed_by_children(RuleRef.parse("p#h"), found, {}) is None


def test_a_heading_is_followed_by_its_own_paragraphs_only_not_by_others_found_on_its_page() -> None:
    found = {
        RuleRef.parse("p#h-a"): (RuleRef.parse("p#x-a"), MOVED),
        RuleRef.parse("p#k-b"): (RuleRef.parse("p#y-b"), MOVED),  # another heading's, on the same page
        RuleRef.parse("q#h-c"): (RuleRef.parse("q#z-c"), MOVED),  # the same id's, on another page
    }
    live = {r: _block(r.id, "heading") for r in map(RuleRef.parse, ("p#x", "p#y", "q#z"))}
    assert heading_followed_by_children(RuleRef.parse("p#h"), found, live) == RuleRef.parse("p#x")


def test_a_text_is_offered_for_a_dropped_one_only_as_close_as_the_cutoff() -> None:
    """difflib's ratio of "abcde" and "abcXY" is 0.6: offered at a cutoff of 0.6, not of 0.8."""
    live = {RuleRef.parse("p#n"): _block("abcXY")}
    assert _closest("abcde", live, cutoff=0.6) == RuleRef.parse("p#n")
    assert _closest("abcde", live, cutoff=0.8) is None
