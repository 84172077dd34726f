"""Rule ids from a page's own words (``build_scripts/rulebook/ids.py``), on small pages: a
heading's id, a paragraph's from its heading and first significant words, a chart row's from
its name, clashing ids lengthened with more of each rule's words, and the refusals when no
words can tell two rules apart (named with the file and line)."""

from __future__ import annotations

from build_scripts.rulebook.book import PageSpec, read_book
from build_scripts.rulebook.ids import assign_ids, fingerprint, slugify


def ids(body: str) -> list[str]:
    text = f"==Terrain==\n{body}"
    [section] = read_book([("t.wiki", text.encode())], [PageSpec("terrain", "Terrain")], banner=False).values()
    return [item.id for item in assign_ids(section)]


def places(body: str) -> list[tuple[str, tuple[str, ...], int]]:
    text = f"==Terrain==\n{body}"
    [section] = read_book([("t.wiki", text.encode())], [PageSpec("terrain", "Terrain")], banner=False).values()
    return [(item.id, item.heading_path, item.depth) for item in assign_ids(section)]


def test_a_slug_is_lower_case_ascii_words_joined_by_dashes() -> None:
    assert slugify("What can Hurt a Building?") == "what-can-hurt-a-building"
    assert slugify("Élan — Déjà vu") == "elan-deja-vu"
    assert slugify("The unit's and the crew\u2019s") == "the-units-and-the-crews"
    assert slugify('--6" AP0!--') == "6-ap0"
    assert slugify("") == ""


def test_a_fingerprint_ignores_how_the_words_are_spaced() -> None:
    assert fingerprint("Lava  is\nhot") == fingerprint("Lava is hot")
    assert fingerprint("Lava is hot") != fingerprint("Lava is hot.")
    assert len(fingerprint("x")) == 12


def test_a_paragraph_is_named_by_its_heading_and_first_significant_words() -> None:
    body = "'''Lava Flows'''\n\nLava flows are very hot and they burn everything in their path.\n"
    assert ids(body) == ["terrain", "lava-flows", "lava-flows-very-hot-burn-everything-path"]


def test_words_the_heading_already_says_are_left_out_but_one_word_is_always_kept() -> None:
    assert ids("'''Lava'''\n\nLava.\n") == ["terrain", "lava", "lava-lava"]
    assert ids("'''Lava'''\n\nLava lava hot.\n") == ["terrain", "lava", "lava-hot"]


def test_paragraphs_that_start_alike_get_more_of_their_words_until_they_differ() -> None:
    body = (
        "'''Lava'''\n\nUnits in lava take one wound and must then move away at once.\n\n"
        "Units in lava take one wound and must then stay where they are.\n"
    )
    assert ids(body) == [
        "terrain",
        "lava",
        "lava-units-lava-take-one-wound-must-move",
        "lava-units-lava-take-one-wound-must-stay",
    ], "two more words than five each, stop words (in, and, then) left out, a heading's word only when first"


def test_a_heading_and_its_rules_know_where_they_sit() -> None:
    body = "'''Lava'''\n\nHot rock.\n"
    assert places(body) == [
        ("terrain", ("Terrain",), 0),
        ("lava", ("Terrain", "Lava"), 1),
        ("lava-hot-rock", ("Terrain", "Lava"), 1),
    ]


def test_two_headings_that_make_one_id_are_numbered_in_page_order_as_the_wiki_shows_both() -> None:
    assert ids("'''Lava'''\n\nHot.\n'''Lava!'''\n\nHotter.\n")[1:] == ["lava", "lava-hot", "lava-2", "lava-hotter"]


def test_a_heading_of_no_letters_an_id_keeps_is_a_section() -> None:
    assert ids("=== = ===\nHot.\n=== == ===\nHotter.\n")[1:] == [
        "section",
        "section-hot",
        "section-2",
        "section-hotter",
    ]


def test_rules_of_the_very_same_words_are_numbered_in_page_order_as_the_wiki_shows_both() -> None:
    assert ids("'''Lava'''\n\nHot rock.\n\nHot rock.\n\nHot rock.\n")[2:] == [
        "lava-hot-rock",
        "lava-hot-rock-2",
        "lava-hot-rock-3",
    ]


def test_a_number_another_rules_id_ends_in_is_passed_over() -> None:
    assert ids("'''Lava'''\n\nHot rock 2.\n\nHot rock.\n\nHot rock.\n")[2:] == [
        "lava-hot-rock-2",
        "lava-hot-rock",
        "lava-hot-rock-3",
    ]


def test_a_clash_one_word_settles_takes_one_word_more_and_keeps_its_place() -> None:
    body = "===Woods===\nTrees block sight and slow all models here.\n\nTrees block sight and slow all units there.\n"
    assert places(body) == [
        ("terrain", ("Terrain",), 0),
        ("woods", ("Terrain", "Woods"), 1),
        ("woods-trees-block-sight-slow-all-models", ("Terrain", "Woods"), 1),
        ("woods-trees-block-sight-slow-all-units", ("Terrain", "Woods"), 1),
    ]


def test_a_clash_of_a_block_with_no_heading_words_is_lengthened_without_a_prefix() -> None:
    # A chart row is named by its own words alone (no heading prefix).
    body = "Roll below.\n\n1: Breach!\n\nA hole.\n\n1: Breach!\n\nA gap.\n"
    assert ids(body)[2:] == ["1-breach-hole", "1-breach-gap"]


def test_a_clash_of_chart_rows_takes_one_more_word_than_a_paragraphs_first_five() -> None:
    """Two rows named alike, with long bodies: each id takes six of its words, the first pass's
    (a first pass of five, the paragraphs' own count, would publish other ids)."""
    body = (
        "Roll below.\n\n3: Collapse\n\nWalls fall inward; every model inside takes one hit.\n\n"
        "3: Collapse\n\nRoof caves in; models inside are removed.\n"
    )
    assert ids(body)[2:] == ["3-collapse-walls-fall-inward-every", "3-collapse-roof-caves-models-inside"]


def test_a_heading_ending_in_a_capital_keeps_it_in_its_place() -> None:
    assert places("===Rule X:===\nText.\n")[1] == ("rule-x", ("Terrain", "Rule X"), 1)


def test_rules_alike_for_sixty_seven_words_part_at_the_last_lengthening_and_longer_are_numbered() -> None:
    # An id takes at most 5 + 63 words: rules alike for 67 words part on the 68th (the last
    # lengthening, which the clash check did not see again: a StopIteration, not an id);
    # alike for 68, no words can tell them apart: their order does.
    def alike(n: int) -> str:
        same = " ".join(f"word{k}" for k in range(n))
        return f"{same} one.\n\n{same} two.\n"

    assert [i.rsplit("-", 1)[-1] for i in ids(alike(67))[1:]] == ["one", "two"]
    first, second = ids(alike(68))[1:]
    assert second == f"{first}-2", "alike past an id's words: told apart by their order"


def test_a_rule_of_no_words_is_named_by_what_it_is() -> None:
    assert ids("{|\n|\n|-\n|\n|}\n")[1:] == ["terrain-row", "terrain-row-2"]
