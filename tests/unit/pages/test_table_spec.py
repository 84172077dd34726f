"""The table's data file: its checks against the rules, and the check that no agreement is left out."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build, committed_table, exports

from build_scripts.core.errors import RulebookError
from build_scripts.pages.table_coverage import asking_sentences, uncovered
from build_scripts.pages.table_file import load_table
from build_scripts.pages.table_page import marks
from harness.project import PROJECT, ROOT

TABLE = PROJECT.path(PROJECT.options.table).read_text("utf-8")


def test_every_sentence_that_asks_the_players_is_covered() -> None:
    result = build()
    spec = committed_table()
    asking = asking_sentences(spec, result.anchored)
    assert len(asking) >= 20  # the sections ask a lot of the players
    assert uncovered(spec, result.anchored) == []


def test_the_questions_the_issue_names_are_all_asked() -> None:
    spec = committed_table()
    ids = {q.id for q in spec.questions}
    assert {
        "impassable-walls", "impassable", "access-points", "rooms", "fire-points", "fire-point-models",
        "ruin-dangerous", "boundary", "level-height", "upper-levels", "walls-without-doors", "ladders",
        "steepest", "crossings", "grass-area", "armour-value", "scenario",
    } <= ids  # fmt: skip
    kinds = {k.id for k in spec.kinds if k.pick}
    assert {"stone-house", "ruin", "forest", "water", "debris", "swamp", "boulders", "lava", "tall-grass"} <= kinds
    assert {"impassable", "dangerous", "lethal", "area"} <= kinds


def test_an_added_agree_sentence_fails_the_build_naming_it() -> None:
    name = "ruins.wiki"
    text = (ROOT / "docs" / "rulebook" / name).read_text("utf-8")
    old = "All ruins are difficult area terrain, and so provide a cover save where appropriate."
    new = old + " Players should agree which ruins have cellars."
    assert old in text
    # The same paragraph is in the combined export too: change both, as a real edit would.
    overrides = {n: b.replace(old.encode(), new.encode()) for n, b in exports() if old.encode() in b}
    with pytest.raises(RulebookError) as caught:
        build(overrides, frozen=False, table=committed_table())
    message = str(caught.value)
    assert "1 sentence(s) of the rules ask the players to agree or decide" in message
    assert "Players should agree which ruins have cellars." in message
    assert "ruins#ruins-the-basics-all-ruins-difficult-area-terrain" in message
    assert message.startswith(("battlefield-terrain.wiki:", "ruins.wiki:"))


def test_a_no_choice_entry_may_say_why_a_sentence_asks_nothing() -> None:
    old = "All ruins are difficult area terrain, and so provide a cover save where appropriate."
    new = old + " Players should agree which ruins have cellars."
    overrides = {n: b.replace(old.encode(), new.encode()) for n, b in exports() if old.encode() in b}
    table = TABLE + (
        '\n[[no_choice]]\nrule = "ruins#ruins-the-basics-all-ruins-difficult-area-terrain"\n'
        'asks = "which ruins have cellars"\nwhy = "Cellars change nothing in these rules."\n'
    )
    result = build(overrides, frozen=False, table=load_table(table))
    assert result.table_page is not None


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_an_unknown_rule_id_fails_naming_the_file_and_line() -> None:
    bad = TABLE.replace('rules = ["buildings#shooting-and-buildings-some-buildings-have-fire-points"]\nasks = ["Players',
                        'rules = ["buildings#fire-points-nowhere"]\nasks = ["Players')  # fmt: skip
    with pytest.raises(RulebookError) as caught:
        build(table=load_table(bad))
    line = _line_of(bad, 'id = "fire-points"') - 1
    assert str(caught.value) == f"table.toml:{line}: 'buildings#fire-points-nowhere' is no rule (see anchors.lock.json)"


def test_words_a_question_quotes_must_be_in_its_rule() -> None:
    bad = TABLE.replace('asks = ["determine what is what beforehand"]', 'asks = ["determine what is which beforehand"]')
    with pytest.raises(
        RulebookError, match=r"table.toml:\d+: the question 'steepest' answers 'determine what is which"
    ):
        build(table=load_table(bad))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('group = "terrain"', 'group = "sky"', 1), "has group 'sky'"),
        (('type = "choice"', 'type = "slider"', 1), "has type 'slider'"),
        (('default = "no"', 'default = "perhaps"', 1), "needs default = one of its choices"),
        (("min = 1\nmax = 20\ndefault = 2", "min = 1\nmax = 20\ndefault = 40", 1), "default must be a whole number"),
        (('for = ["ruin"]', 'for = ["castle"]', 1), "unknown: castle"),
        (('id = "forest"', 'id = "ruin"', 1), "a second kind with the id 'ruin'"),
        (
            ('when = "forest-area=yes"', 'when = "forest-area=maybe"', 1),
            "shown when 'forest-area=maybe', no such answer",
        ),
        (
            ('inputs = { level_height = "level-height" }', 'inputs = { height = "level-height" }', 1),
            "no input 'height'",
        ),
        # What the table's page scripts rely on (tests/mutation/equivalent.toml names these):
        # every building kind has an armour rule, every question a feed reads has a default.
        (
            ('armour_rule = "buildings#building-types-stone-towers-usually-have-armour"\n', "", 1),
            "the building kind 'stone-tower' needs armour_rule",
        ),
        (
            ("min = 1\nmax = 12\ndefault = 3", "min = 1\nmax = 12", 1),
            "the feed fills level_height from the question 'level-height', which needs a default",
        ),
    ],
)
def test_a_malformed_entry_fails_at_its_line(change: tuple[str, str, int], message: str) -> None:
    old, new, count = change
    assert old in TABLE
    with pytest.raises(RulebookError, match=r"^table\.toml:\d+: ") as caught:
        load_table(TABLE.replace(old, new, count))
    assert message in str(caught.value)


def test_a_rule_that_asks_is_marked_with_its_question() -> None:
    found = marks(committed_table())
    assert [str(r) for r in found if "fire-points" in r.id] == [
        "buildings#shooting-and-buildings-some-buildings-have-fire-points"
    ]
    page = build(table=committed_table()).markdown["buildings"]
    line = next(x for x in page.splitlines() if 'id="shooting-and-buildings-some-buildings-have-fire-points"' in x)
    assert '<a class="table-mark" href="../table/#ask-fire-points" data-help' in line
