"""Readings: where the rules are silent, each option's answer, both answers side by side.

Each option is checked against an expectation written from the rule text and the
option's words (an enumeration of every face, icepool, or a hand-worked case), never
against the calculator's own code.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from fractions import Fraction
from typing import Any

import icepool
import pytest
from support import icepool_distribution
from support.calc_cases import CALCULATOR_OF, CASES, FIXED

from calculators.building_damage.target import CHART_BEYOND
from calculators.readings import WHY_STARTS, Reading, option_of
from calculators.registry import all_calculators, all_readings, get, reading_entries
from calculators.spec import InputError
from harness.project import ROOT

CALCULATORS = all_calculators()


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


# ----------------------------------------------------------------------------- declarations


def test_every_calculator_s_readings_are_listed_once_with_their_calculators() -> None:
    listed = [e["id"] for e in reading_entries()]
    assert sorted(listed) == ["chart-beyond", "fly-climb", "fly-reroll", "ranks-flying", "roll-reaches"]  # each once
    entries = {e["id"]: e for e in reading_entries()}
    assert entries["chart-beyond"]["calculators"] == ["building-damage"]
    assert entries["roll-reaches"]["calculators"] == ["charge-and-fall-back"]
    assert entries["ranks-flying"]["calculators"] == ["ruin-movement"]
    for entry in entries.values():
        assert list(entry) == ["id", "calculators", "question", "rules", "options", "default", "why"]
        assert entry["default"] in entry["options"]


def test_every_reading_names_rules_that_exist() -> None:
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))["anchors"]
    for reading, _ in all_readings().values():
        for rule in reading.rules:
            page, _, anchor = rule.partition("#")
            assert anchor in lock.get(page, {}), f"{reading.id}: {rule} is no rule"


GOOD: dict[str, Any] = {
    "id": "demo-reading",
    "question": "What?",
    "rules": ("buildings#breach",),
    "options": {"one": "One.", "two": "Two."},
    "default": "one",
    "why": "The rules are silent: on this.",
}


@pytest.mark.parametrize(
    ("given", "option"), [(None, "one"), ("", "one"), ("   ", "one"), (" two ", "two"), ("two", "two")]
)
def test_a_readings_option_is_read_with_spaces_trimmed_and_nothing_given_is_the_default(
    given: object, option: str
) -> None:
    assert Reading(**GOOD).check(given) == option


@pytest.mark.parametrize("given", [2, "Two", "three", ["two"]])
def test_a_readings_unknown_option_or_a_non_string_is_refused_naming_it_and_the_options(given: object) -> None:
    with pytest.raises(ValueError, match=r"The reading demo-reading has no option .*; its options are one, two\."):
        Reading(**GOOD).check(given)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"id": "Bad Id"}, "its id must be lowercase letters, digits and hyphens"),
        ({"options": {"one": "One."}, "default": "one"}, "it needs at least two options"),
        (
            {"options": {"one": "One.", "Two!": "Two."}, "default": "one"},
            "each option must be lowercase letters, digits and hyphens",
        ),
        ({"default": "three"}, "its default 'three' is not one of its options"),
        ({"rules": ()}, 'it needs its rules as "page#rule-id"'),
        ({"rules": ("breach",)}, 'it needs its rules as "page#rule-id"'),
        ({"why": "Because."}, "its why must start with one of: " + "; ".join(WHY_STARTS)),
        ({"short": {"three": "3"}}, "its short words name options it does not have"),
    ],
)
def test_a_bad_declaration_is_refused_naming_what_is_wrong(change: dict[str, Any], says: str) -> None:
    declared = {**GOOD, **change}
    with pytest.raises(ValueError, match=r"^reading ") as refused:
        Reading(**declared)
    assert str(refused.value) == f"reading {declared['id']!r}: {says}."


def test_every_problem_of_a_declaration_is_named_at_once() -> None:
    with pytest.raises(ValueError, match=r"^reading 'Bad Id': ") as refused:
        Reading(**{**GOOD, "id": "Bad Id", "why": "Because."})
    assert str(refused.value) == (
        "reading 'Bad Id': its id must be lowercase letters, digits and hyphens; "
        "its why must start with one of: " + "; ".join(WHY_STARTS) + "."
    )


def test_a_readings_options_and_short_words_are_its_own_and_cannot_be_changed() -> None:
    options, short = dict(GOOD["options"]), {next(iter(GOOD["options"])): "first"}
    reading = Reading(**{**GOOD, "options": options, "short": short})
    options.clear()
    short.clear()
    first, second = list(reading.options)
    assert reading.words(first) == "first", "its short words when it has them"
    assert reading.words(second) == reading.options[second], "else its words"
    with pytest.raises(TypeError):
        reading.options[first] = "changed"  # type: ignore[index]
    with pytest.raises(TypeError):
        reading.short[first] = "changed"  # type: ignore[index]


def test_two_different_readings_may_not_share_an_id(monkeypatch: pytest.MonkeyPatch) -> None:
    from calculators import registry  # noqa: PLC0415 - the module whose cache is under test

    building = CALCULATORS["building-damage"]
    other = Reading(**{**GOOD, "id": "chart-beyond"})
    monkeypatch.setattr(building, "readings", (*building.readings, other))
    registry.all_readings.cache_clear()
    try:
        with pytest.raises(TypeError, match="two different readings are called 'chart-beyond'"):
            registry.all_readings()
    finally:
        registry.all_readings.cache_clear()


# ----------------------------------------------------------------------------- bad input


def test_an_unknown_reading_or_option_is_refused_naming_it() -> None:
    calc = get("building-damage")
    with pytest.raises(InputError) as caught:
        calc.compute({"reading.nope": "x", "reading.chart-beyond": "maybe", "strength": "99"})
    errors = caught.value.errors
    assert errors["reading.nope"] == "building-damage has no reading 'nope'; its readings are chart-beyond."
    assert errors["reading.chart-beyond"] == (
        "The reading chart-beyond has no option 'maybe'; its options are nearest, nothing."
    )
    assert "strength" in errors  # every bad value is named at once


def test_an_unknown_reading_is_refused_naming_every_reading_the_calculator_has() -> None:
    with pytest.raises(InputError) as caught:
        get("charge-and-fall-back").compute({"unit_type": "cavalry", "reading.nope": "x"})
    assert caught.value.errors == {
        "reading.nope": "charge-and-fall-back has no reading 'nope'; its readings are fly-reroll, roll-reaches."
    }


def test_an_option_not_checked_with_the_inputs_is_a_programming_error() -> None:
    # option_of reads a value check_options already checked; anything else is the code's fault.
    reading = CHART_BEYOND
    for value in ("maybe", 1, None):
        with pytest.raises(TypeError, match=r"^reading 'chart-beyond' was not checked with the inputs$"):
            option_of({reading.param: value}, reading)
    assert option_of({reading.param: "nothing"}, reading) == "nothing"


def test_a_calculator_without_readings_says_it_has_none() -> None:
    with pytest.raises(InputError, match="hit-split has no reading 'chart-beyond'; it has none"):
        get("hit-split").compute({"reading.chart-beyond": "nearest"})


def test_the_command_line_takes_a_reading_and_refuses_a_bad_one() -> None:
    run = [sys.executable, "-m", "calculators", "charge-and-fall-back", "unit_type=cavalry", "distance=10"]
    ok = subprocess.run(
        [*run, "reading.roll-reaches=greater", "--json"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["readings"] == {"roll-reaches": "greater"}
    assert json.loads(ok.stdout)["success"] == "1/2"
    bad = subprocess.run([*run, "reading.roll-reaches=<b>"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert "The reading roll-reaches has no option '<b>'; its options are equal, greater." in bad.stderr


def test_the_command_line_lists_every_reading_as_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "calculators", "--readings", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(out.stdout) == reading_entries()


# ----------------------------------------------------------------------------- each option's answer


def building_chart(modifier: int, *, nearest: bool) -> dict[str, Fraction]:
    """The first hit's chart results from the chart die alone (given it damaged), by the option's words."""
    out: dict[str, Fraction] = {}
    for face in range(1, 7):
        modified = face + modifier
        key = str(min(6, max(1, modified))) if nearest or 1 <= modified <= 6 else "off"
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6)
    return out


@pytest.mark.parametrize("option", ["nearest", "nothing"])
@pytest.mark.parametrize(
    ("building", "attack", "modifier"), [("wooden-house", "flame", 1), ("stone-house", "shock", -1)]
)
def test_chart_beyond_each_option_against_the_chart_die(option: str, building: str, attack: str, modifier: int) -> None:
    result = get("building-damage").compute(
        strength=10, building=building, attack=attack, **{"reading.chart-beyond": option}
    )
    expected = building_chart(modifier, nearest=option == "nearest")
    pen = result["penetration"]
    for key in map(str, range(1, 7)):
        assert result["chart"][key] == pen * expected.get(key, Fraction(0))
    assert result["off_chart"] == pen * expected.get("off", Fraction(0))


def test_chart_beyond_nothing_over_two_hits_against_every_face() -> None:
    # Flame against a wooden house (AV 10), S8, two hits: every face of every die.
    collapse = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=6):
        av, down = 10, False
        for pen, chart, loss in (faces[:3], faces[3:]):
            if down or 8 + pen <= av:
                continue
            result = chart + 1
            if result > 6:  # off the chart: damaged, no result
                continue
            if result == 6:
                down = True
                continue
            av -= {1: (loss + 1) // 2, 4: (loss + 1) // 2, 5: loss}.get(result, 0)
            down = av <= 0
        collapse += Fraction(down, 6**6)
    result = get("building-damage").compute(
        strength=8, building="wooden-house", attack="flame", hits=2, **{"reading.chart-beyond": "nothing"}
    )
    assert result["total_collapse"] == collapse
    # A hit off the chart still damaged the building: a ranged one still hits the unit inside.
    ranged = get("building-damage").compute(
        strength=8, building="wooden-house", attack="flame", ranged=True, **{"reading.chart-beyond": "nothing"}
    )
    assert ranged["ranged_hits"]["expected"] == Fraction(2, 3)


def three_d6() -> icepool.Die:
    return 3 @ icepool.d6


@pytest.mark.parametrize("distance", [4, 9, 10, 11, 17])
@pytest.mark.parametrize("greater", [False, True])
def test_roll_reaches_each_option_against_icepool(distance: int, greater: bool) -> None:
    option = "greater" if greater else "equal"
    result = get("charge-and-fall-back").compute(
        unit_type="cavalry", distance=distance, **{"reading.roll-reaches": option}
    )
    die = three_d6()
    expected = die.probability(">" if greater else ">=", distance)
    assert result["success"] == expected


@pytest.mark.parametrize("distance", [None, 8, 12])
def test_fly_reroll_each_option_against_icepool(distance: int | None) -> None:
    die = three_d6()
    first = icepool_distribution(die)
    for option in ("second", "better"):
        given: dict[str, object] = {"unit_type": "flyer-cavalry", "fly": True, "reading.fly-reroll": option}
        if distance is not None:
            given["distance"] = distance
        result = get("charge-and-fall-back").compute(given)
        got = {int(k): p for k, p in result["distribution"].items()}
        if distance is None:
            # No distance: the re-roll stands (nothing falls short) or, the better counting, always re-rolled.
            expected = first if option == "second" else icepool_distribution(icepool.highest(die, die))
        else:
            short = sum((p for k, p in first.items() if k < distance), Fraction(0))
            expected = {}
            for a, p in first.items():
                if a >= distance:
                    expected[a] = expected.get(a, Fraction(0)) + p
                    continue
                for b, q in first.items():
                    kept = max(a, b) if option == "better" else b
                    expected[kept] = expected.get(kept, Fraction(0)) + p * q
            assert result["success"] == 1 - short * sum((p for k, p in first.items() if k < distance), Fraction(0))
        assert got == {k: v for k, v in expected.items() if v}


def test_fly_climb_each_option_by_hand() -> None:
    calc = get("ruin-movement")
    counted = calc.compute(unit_type="flyer-infantry", fly=True, level_height=5)
    free = calc.compute(unit_type="flyer-infantry", fly=True, level_height=5, **{"reading.fly-climb": "free"})
    # 12" with 5" levels: two levels inside the 12" (10"), or any level.
    assert counted["climb"] == {"1": 1, "2": 1}
    assert not counted["any_level"]
    assert free["climb"] == {}
    assert free["any_level"]
    assert "any level (the climb does not count)" in calc.present(free)["headline"]["text"]


def test_ranks_flying_each_option_by_hand() -> None:
    calc = get("ruin-movement")
    given = {"unit_type": "flyer-infantry", "fly": True, "fight_in_ranks": True}
    ground = calc.compute(given)
    up = calc.compute({**given, "reading.ranks-flying": "any-level"})
    assert not ground["can_climb"]
    assert ground["climb"] == {}
    assert up["can_climb"]
    assert up["climb"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    # On foot, Fight in Ranks keeps it on the ground whatever the reading: it depends on nothing.
    walking = calc.compute({**given, "fly": False, "reading.ranks-flying": "any-level"})
    assert not walking["can_climb"]
    assert walking["readings"] == {}


# ----------------------------------------------------------------------------- side by side


def every_case() -> list[tuple[str, dict[str, object]]]:
    cases = [(CALCULATOR_OF[section], {**FIXED.get(section, {}), **inputs}) for section, inputs in CASES]
    return [
        *cases,
        ("building-damage", {"strength": "8", "building": "wooden-house", "attack": "flame"}),
        ("building-damage", {"strength": "10", "building": "stone-house", "attack": "shock"}),
        ("charge-and-fall-back", {"unit_type": "flyer-cavalry", "fly": "true", "distance": "10"}),
        ("charge-and-fall-back", {"unit_type": "flyer-cavalry", "fly": "true"}),
        ("charge-and-fall-back", {"unit_type": "cavalry", "distance": "3"}),
        ("ruin-movement", {"unit_type": "flyer-infantry", "fly": "true"}),
        ("ruin-movement", {"unit_type": "flyer-infantry", "fly": "true", "fight_in_ranks": "true"}),
    ]


@pytest.mark.parametrize(("name", "inputs"), every_case())
def test_both_answers_equal_separate_calculations_and_the_result_names_what_it_depends_on(
    name: str, inputs: dict[str, object]
) -> None:
    calc = get(name)
    for reading in calc.readings:
        for used in reading.options:
            given = {**inputs, reading.param: used}
            result = calc.compute(given)
            view = calc.present(result)
            separate = {
                option: calc.compute({**inputs, reading.param: option}) for option in reading.options if option != used
            }

            def answer(r: dict[str, Any]) -> dict[str, Any]:
                return {k: v for k, v in r.items() if k not in ("working", "readings")}

            differing = {o: r for o, r in separate.items() if answer(r) != answer(result)}
            assert (reading.id in result["readings"]) == bool(differing), (name, inputs, reading.id, used)
            if differing:
                assert result["readings"][reading.id] == used
                (shown,) = [v for v in view["readings"] if v["id"] == reading.id]
                assert shown["option"] == used
                assert shown["default"] == reading.default
                assert [o["option"] for o in shown["others"]] == list(differing)
                for other in shown["others"]:
                    theirs = calc.present(separate[other["option"]])
                    assert other["headline"] == theirs["headline"]
                    assert " → " in other["change"]
            else:
                assert reading.id not in [v["id"] for v in view["readings"]]


def test_the_difference_is_marked_on_the_headline_when_it_changes() -> None:
    calc = get("charge-and-fall-back")
    view = calc.present(calc.compute(unit_type="cavalry", distance=10))
    (reading,) = view["readings"]
    assert reading["id"] == "roll-reaches"
    assert reading["words"] == "a roll equal to the distance makes it"
    (other,) = reading["others"]
    # 3d6 ≥ 10 is 5/8, 3d6 > 10 is 1/2.
    assert other["change"] == 'Makes the 10" charge: 62.5% → 50.0%'
    assert other["headline"]["text"] == "50.0%"


# ----------------------------------------------------------------------------- the working names its readings

#: Words with which a line of working says it takes a side where the rules are silent.
CHOICE_WORDS = re.compile(r"this site|do not say|does not say|silent|read here", re.IGNORECASE)


def all_option_sets(name: str) -> list[dict[str, str]]:
    calc = get(name)
    params = [r.param for r in calc.readings]
    return [dict(zip(params, combo, strict=True)) for combo in itertools.product(*(r.options for r in calc.readings))]


@pytest.mark.parametrize(("name", "inputs"), every_case())
def test_a_line_that_takes_a_reading_names_it(name: str, inputs: dict[str, object]) -> None:
    calc = get(name)
    own = {r.id for r in calc.readings}
    for options in all_option_sets(name):
        result = calc.compute({**inputs, **options})
        for step in result["working"]:
            if CHOICE_WORDS.search(step["text"]):
                assert step.get("reading") in own, f"{name}: {step['text']!r} takes a reading without naming it"
            if "reading" in step:
                assert step["reading"] in own
                reading = all_readings()[step["reading"]][0]
                # The line says which option it took: the site's reading is marked as such.
                said_default = "the site's reading" in step["text"]
                assert said_default == (options[reading.param] == reading.default), step["text"]
