"""Where a dropped rule id went (what ``make sync`` aliases without a person): a renamed
heading and its paragraphs, a paragraph whose first words were reworded, found beyond doubt;
words now at two places, and a rule that left the book, in doubt and named."""

from __future__ import annotations

from support import RULEBOOK
from support.rulebook_helpers import build, committed_lock, unlocked

from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules
from build_scripts.rulebook.anchor_lock import AnchorLock, LockEntry
from build_scripts.rulebook.book import PageSpec, read_book
from build_scripts.rulebook.ids import assign_ids
from build_scripts.rulebook.whereabouts import _closest_words, _parents, whereabouts

TERRAIN = (RULEBOOK / "battlefield-terrain.wiki").read_text("utf-8")
LAVA = "other-terrain#lava"
LAVA_WORDS = "other-terrain#lava-difficult-terrain-treated-lethal-terrain"
LAVA_PARAGRAPH = "Lava is Difficult Terrain. It is treated as Lethal Terrain by units that are not Immune to Flame."
#: Lava's paragraph with its first words reworded.
MOLTEN = "Molten " + LAVA_PARAGRAPH
#: Lava's rule reworded so that its id begins as its renamed heading's would (lava-flows-…).
REWORDED = TERRAIN.replace("Lava is Difficult Terrain.", "Lava flows are Difficult Terrain.")


def after(edited: str, *, terms: str | None = None) -> dict[str, list[AnchoredBlock]]:
    """The anchored rules of the book with the terrain export (and the sections that repeat it)
    edited; ``terms=""`` leaves the term map out (its links name rules an edit may rename)."""
    out = {"battlefield-terrain.wiki": edited.encode()}
    for name, heading in (("buildings.wiki", "===Buildings==="), ("ruins.wiki", "===Ruins===")):
        start = edited.index(heading)
        end = edited.find("\n===", start + len(heading))
        out[name] = ("Editing Scrollhammer Rulebook (section)\n\n" + edited[start:end].rstrip("\n")).encode()
    return build(out, lock=unlocked(), frozen=False, terms=terms).anchored


def found(edited: str) -> dict[str, tuple[str, str]]:
    where = whereabouts(committed_lock(), after(edited))
    return {str(old): (str(new), why) for old, (new, why) in where.found.items()}


def test_a_renamed_heading_takes_its_paragraphs_and_is_followed() -> None:
    where = found(TERRAIN.replace("'''Lava'''", "'''Lava Flows'''"))
    assert where[LAVA_WORDS] == (
        "other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain",
        "the same text is now at",
    )
    assert where[LAVA] == ("other-terrain#lava-flows", "its paragraphs moved under")
    assert len(where) == 2


def test_reworded_first_words_are_followed_to_the_closest_text() -> None:
    edited = TERRAIN.replace("If a Building reaches 0 armour value", "Should a Building reach 0 armour value")
    assert found(edited) == {
        "buildings#attacking-buildings-building-reaches-0-armour-value": (
            "buildings#attacking-buildings-should-building-reach-0-armour",
            "a very similar text is at",
        )
    }


def test_words_now_at_two_places_are_in_doubt_and_named() -> None:
    edited = TERRAIN.replace("'''Lava'''", "'''Lava Flows'''").replace(
        "'''Tall Grass and Hedges'''", f"'''Magma'''\n\n{LAVA_PARAGRAPH}\n\n'''Tall Grass and Hedges'''"
    )
    where = whereabouts(committed_lock(), after(edited))
    assert RuleRef.parse(LAVA_WORDS) not in where.found
    assert where.doubtful[RuleRef.parse(LAVA_WORDS)] == (
        "its words are now at 'other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain' "
        "and 'other-terrain#magma-lava-difficult-terrain-treated-lethal'"
    )
    assert RuleRef.parse(LAVA) not in where.found, "its paragraph is in doubt, so is the heading"


def test_a_rule_that_left_the_book_is_in_doubt_with_the_heading_that_covers_it() -> None:
    edited = TERRAIN.replace(LAVA_PARAGRAPH + "\n\n", "").replace(
        "'''Lava'''\n\n", "'''Lava'''\n\nMolten rock, hot.\n\n"
    )
    where = whereabouts(committed_lock(), after(edited))
    why = where.doubtful[RuleRef.parse(LAVA_WORDS)]
    assert why.startswith("no rule has that text now (was 'Lava is Difficult Terrain.")
    assert why.endswith("alias it to the rule that covers it now, e.g. 'other-terrain#lava'")
    assert not where.found


def test_a_renamed_heading_whose_rule_kept_its_id_is_followed_with_the_last_revisions_book() -> None:
    """Lava's rule first reworded ("Lava flows are…": its id begins lava-flows-), then its heading
    renamed Lava Flows: the rule's id does not change, so no paragraph moved under the new
    heading; the book as the last revision had it says the heading's rule is under Lava Flows now."""
    before = after(REWORDED)
    renamed = after(REWORDED.replace("'''Lava'''", "'''Lava Flows'''"))
    lock = _published(before)
    assert whereabouts(lock, renamed).doubtful[RuleRef.parse(LAVA)].startswith("no rule has that text now")
    where = whereabouts(lock, renamed, before=before)
    assert where.found[RuleRef.parse(LAVA)] == (RuleRef.parse("other-terrain#lava-flows"), "its rules are now under")
    assert RuleRef.parse(LAVA) not in where.doubtful


def test_a_dropped_id_is_found_at_a_published_id_its_alias_was_taken_back_from() -> None:
    """A rename reverted: Lava Flows' rule has its words at Lava's own id again, which answers its own
    link: it is taken only when ``returned`` names it (its alias was just taken back)."""
    renamed = after(TERRAIN.replace("'''Lava'''", "'''Lava Flows'''"))
    lock = _published(renamed)
    back = after(TERRAIN)
    flows = RuleRef.parse("other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain")
    assert flows in whereabouts(lock, back).doubtful
    where = whereabouts(lock, back, returned=[RuleRef.parse(LAVA_WORDS), RuleRef.parse(LAVA)], before=renamed)
    assert where.found[flows] == (RuleRef.parse(LAVA_WORDS), "the same text is now at")
    assert where.found[RuleRef.parse("other-terrain#lava-flows")][0] == RuleRef.parse(LAVA)


def _published(book: dict[str, list[AnchoredBlock]]) -> AnchorLock:
    """The committed lock, with ``book``'s ids published too (as a sync of it would leave it)."""
    lock = committed_lock()
    found = whereabouts(lock, book)
    return lock.with_aliases({str(o): str(n) for o, (n, _w) in found.found.items()}).check(book, frozen=False).lock


def test_texts_that_begin_alike_at_several_places_are_in_doubt_naming_three() -> None:
    # The lock keeps a rule's first words only: new texts that begin alike are equally close,
    # however they end. Each is a candidate (they were once one, keyed by their words, and the
    # last place read was "found").
    copies = [MOLTEN.replace("units that are not", ending) for ending in ("any unit not", "all but", "those not")]
    added = "".join(f"'''Magma {n}'''\n\n{text}\n\n" for n, text in zip("ABC", copies, strict=True))
    edited = TERRAIN.replace(LAVA_PARAGRAPH, MOLTEN).replace(
        "'''Tall Grass and Hedges'''", added + "'''Tall Grass and Hedges'''"
    )
    where = whereabouts(committed_lock(), after(edited))
    assert where.doubtful[RuleRef.parse(LAVA_WORDS)] == (
        "texts about as close to its words are at 'other-terrain#lava-molten-lava-difficult-terrain-treated' "
        "and 'other-terrain#magma-a-molten-lava-difficult-terrain-treated' "
        "and 'other-terrain#magma-b-molten-lava-difficult-terrain-treated'"
    )
    assert RuleRef.parse(LAVA_WORDS) not in where.found


def test_two_dropped_ids_that_seem_to_be_at_one_place_are_both_in_doubt() -> None:
    flame = "Flame attacks get +1 on the Damage Chart against Wooden buildings."
    shock = "Shock attacks get -1 on the Damage Chart against Stone buildings.\n"
    edited = TERRAIN.replace(flame, "Shock or Flame attacks get -1 on the Damage Chart against Stone buildings.")
    where = whereabouts(committed_lock(), after(edited.replace(shock, "")))
    both = (
        "'buildings#what-can-hurt-a-building-shock-flame-attacks-get-1' is where more than one dropped id seems to be"
    )
    assert where.doubtful == {
        RuleRef.parse("buildings#what-can-hurt-a-building-flame-attacks-get-1-damage"): both,
        RuleRef.parse("buildings#what-can-hurt-a-building-shock-attacks-get-1-damage"): both,
    }
    assert not where.found


def test_each_rule_is_under_its_nearest_heading_and_each_heading_under_the_one_above() -> None:
    book = "==T==\nA.\n===W===\nB.\n====X====\nC.\n===H===\nD.\n"
    [section] = read_book([("t.wiki", book.encode())], [PageSpec("p", "T")], banner=False).values()
    under = {str(rule): str(heading) for rule, heading in _parents({"p": assign_ids(section)}).items()}
    assert under == {
        "p#t-a": "p#t",
        "p#w": "p#t",
        "p#w-b": "p#w",
        "p#w-x": "p#w",
        "p#w-x-c": "p#w-x",
        "p#h": "p#t",
        "p#h-d": "p#h",
    }


def test_two_texts_about_as_close_are_in_doubt_named_by_id_not_by_their_place_in_the_book() -> None:
    # The copy comes first in the book ('Zinc Flats' before 'Lava'); the doubt names them in
    # the order of their ids.
    copy = MOLTEN.replace("units that are not", "any unit not")
    edited = TERRAIN.replace(LAVA_PARAGRAPH, MOLTEN).replace("'''Lava'''", f"'''Zinc Flats'''\n\n{copy}\n\n'''Lava'''")
    where = whereabouts(committed_lock(), after(edited))
    assert where.doubtful[RuleRef.parse(LAVA_WORDS)] == (
        "texts about as close to its words are at 'other-terrain#lava-molten-lava-difficult-terrain-treated' "
        "and 'other-terrain#zinc-flats-molten-lava-difficult-terrain-treated'"
    )


def test_a_sub_heading_whose_words_moved_is_found_by_its_words_not_by_its_paragraphs() -> None:
    """Its parent renamed: the sub-heading's id changes, its words do not. It is found by them,
    and its paragraphs (found by theirs) do not make it "a heading followed by its paragraphs"."""
    book = after(TERRAIN.replace("'''Attacking Buildings'''", "'''Attacking a Building'''"), terms="")
    where = whereabouts(committed_lock(), book)
    old = RuleRef.parse("buildings#attacking-buildings-battlements-and-building-damage")
    new = RuleRef.parse("buildings#attacking-a-building-battlements-and-building-damage")
    assert where.found[old] == (new, "the same text is now at")


def test_a_heading_whose_rule_an_earlier_revision_aliased_is_followed_where_the_alias_leads() -> None:
    """Lava's rule reworded (published), reworded again and aliased by that revision's sync, then
    the heading renamed: the heading's rule is under Lava Flows by way of its alias."""
    before = after(REWORDED)
    again = REWORDED.replace("Lava flows are Difficult Terrain.", "Lava flows are Difficult Ground.")
    renamed = after(again.replace("'''Lava'''", "'''Lava Flows'''"))
    [rule_before] = [r for r in index_rules(before) if r.id.startswith("lava-") and r.page == "other-terrain"]
    [rule_now] = [r for r, a in index_rules(renamed).items() if "Difficult Ground" in a.block.full_text]
    lock = _published(before).with_aliases({str(rule_before): str(rule_now)})
    where = whereabouts(lock, renamed, before=before)
    assert where.found[RuleRef.parse(LAVA)] == (RuleRef.parse("other-terrain#lava-flows"), "its rules are now under")
    assert RuleRef.parse(LAVA) not in where.doubtful


def test_every_dropped_heading_is_followed_after_one_found_otherwise() -> None:
    """Two edits in one: a Buildings rule reworded (found by its words, and sorted first) and
    Lava renamed after its rule was reworded: Lava is still followed by its rules."""
    before = after(REWORDED)
    renamed = REWORDED.replace("'''Lava'''", "'''Lava Flows'''").replace(
        "If a Building reaches 0 armour value", "Should a Building reach 0 armour value"
    )
    where = whereabouts(_published(before), after(renamed), before=before)
    assert where.found[RuleRef.parse("buildings#attacking-buildings-building-reaches-0-armour-value")][1] == (
        "a very similar text is at"
    )
    assert where.found[RuleRef.parse(LAVA)] == (RuleRef.parse("other-terrain#lava-flows"), "its rules are now under")


def test_a_heading_whose_rules_went_under_two_headings_stays_in_doubt() -> None:
    """Lava had two rules; renamed Lava Flows, one went with it and one under Tall Grass and Hedges."""
    glows = "Lava glows at night."
    two = REWORDED.replace("'''Tall Grass and Hedges'''", f"{glows}\n\n'''Tall Grass and Hedges'''", 1)
    before = after(two)
    moved = REWORDED.replace("'''Lava'''", "'''Lava Flows'''").replace(
        "'''Tall Grass and Hedges'''\n\n", f"'''Tall Grass and Hedges'''\n\n{glows}\n\n", 1
    )
    where = whereabouts(_published(before), after(moved), before=before)
    assert RuleRef.parse(LAVA) not in where.found
    assert where.doubtful[RuleRef.parse(LAVA)].startswith("no rule has that text now (was 'Lava')")


OLD = RuleRef.parse("p#old")


def closest(was: str, *texts: str) -> tuple[dict[RuleRef, tuple[RuleRef, str]], dict[RuleRef, str]]:
    """Where :func:`_closest_words` places a dropped id whose words were ``was``, among ``texts``
    (at p#a, p#b, … in that order)."""
    lock = AnchorLock({"p": {"old": LockEntry("f", was)}})
    candidates = [(text, RuleRef("p", chr(ord("a") + n))) for n, text in enumerate(texts)]
    found: dict[RuleRef, tuple[RuleRef, str]] = {}
    doubtful: dict[RuleRef, str] = {}
    _closest_words(OLD, lock, {}, candidates, found, doubtful)
    return found, doubtful


def test_a_text_exactly_as_similar_as_asked_is_found() -> None:
    # difflib's ratio of "abcde" and "abcdX" is 2 × 4 / 10 = 0.8, the least that is taken.
    assert closest("abcde", "abcdX") == ({OLD: (RuleRef.parse("p#a"), "a very similar text is at")}, {})
    found, doubtful = closest("abcde", "abcdX", "abcdY")
    assert not found
    assert doubtful == {OLD: "texts about as close to its words are at 'p#a' and 'p#b'"}


def test_two_texts_as_close_as_each_other_are_in_doubt_even_when_there_are_only_two() -> None:
    assert closest("abcdefghij", "abcdefghiX", "abcdefghiY")[1] == {
        OLD: "texts about as close to its words are at 'p#a' and 'p#b'"
    }


def test_a_lead_of_exactly_a_tenth_is_not_clear_and_both_are_named() -> None:
    # 1.0 for its very words, 0.9 for "abcdefghiX": a lead of 0.1 is not more than 0.1.
    assert closest("abcdefghij", "abcdefghij", "abcdefghiX")[1] == {
        OLD: "texts about as close to its words are at 'p#a' and 'p#b'"
    }
    assert closest("abcdefghij", "abcdefghij", "abcdefghXY")[0] == {
        OLD: (RuleRef.parse("p#a"), "a very similar text is at")
    }


def test_a_heading_found_by_its_paragraphs_keeps_that_reason_with_the_last_revisions_book() -> None:
    """The last revision's book only places headings nothing else placed."""
    where = whereabouts(
        committed_lock(), after(TERRAIN.replace("'''Lava'''", "'''Lava Flows'''")), before=after(TERRAIN)
    )
    assert where.found[RuleRef.parse(LAVA)] == (RuleRef.parse("other-terrain#lava-flows"), "its paragraphs moved under")
