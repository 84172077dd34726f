"""charge-and-fall-back against brute force over every die, the rule text, and its readings."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.charge_and_fall_back import CALCULATOR, UNIT_TYPES
from calculators.format import to_jsonable
from calculators.spec import InputError
from harness.project import ROOT

compute = CALCULATOR.compute
FACES = range(1, 7)


def brute_force(dice: int, keep: int, *, reroll_below: int | None = None) -> dict[int, Fraction]:
    """Every face of every die: ``dice`` d6 keeping the ``keep`` lowest; with a re-roll, a
    second set of the same dice is rolled and used when the first falls short."""
    rolls = dice * (2 if reroll_below else 1)
    counts: dict[int, int] = {}
    for faces in itertools.product(FACES, repeat=rolls):
        first = sum(sorted(faces[:dice])[:keep])
        final = first
        if reroll_below is not None and first < reroll_below:
            final = sum(sorted(faces[dice:])[:keep])
        counts[final] = counts.get(final, 0) + 1
    return {inches: Fraction(n, 6**rolls) for inches, n in sorted(counts.items())}


def distribution(result: dict) -> dict[int, Fraction]:
    return {int(k): p for k, p in result["distribution"].items()}


@pytest.mark.parametrize("unit_type", ["beasts", "cavalry", "flyer-beasts", "flyer-cavalry"])
def test_a_charge_is_3d6(unit_type: str) -> None:
    # Unit Types › Beasts/Cavalry › Close Combat: "roll 3d6\" when charging".
    assert distribution(compute(unit_type=unit_type)) == brute_force(3, 3)


@pytest.mark.parametrize("unit_type", ["beasts", "cavalry", "flyer-cavalry"])
def test_through_difficult_terrain_it_is_4d6_choosing_the_three_lowest(unit_type: str) -> None:
    # "they roll 4d6\" and choose the three lowest dice".
    result = compute(unit_type=unit_type, difficult=True)
    assert distribution(result) == brute_force(4, 3)
    assert result["dice"] == '4d6" choosing the three lowest'


@pytest.mark.parametrize("distance", [3, 7, 10, 12, 15, 18])
def test_a_fly_charge_re_rolls_only_when_short(distance: int) -> None:
    # Flyer Units › Close Combat Phase: "it can re-roll its charge distance".
    result = compute(unit_type="flyer-beasts", fly=True, distance=distance)
    assert distribution(result) == brute_force(3, 3, reroll_below=distance)
    expected_success = sum(
        (p for k, p in brute_force(3, 3, reroll_below=distance).items() if k >= distance), Fraction(0)
    )
    assert result["success"] == expected_success


def test_a_fly_charge_never_counts_as_through_difficult_terrain() -> None:
    assert distribution(compute(unit_type="flyer-cavalry", fly=True, difficult=True, distance=9)) == brute_force(
        3, 3, reroll_below=9
    )


def test_with_no_distance_a_fly_charge_keeps_its_first_roll() -> None:
    result = compute(unit_type="flyer-cavalry", fly=True)
    assert distribution(result) == brute_force(3, 3)
    assert "success" not in result
    assert any("first roll stands" in step["text"] for step in result["working"])


@pytest.mark.parametrize("unit_type", ["beasts", "cavalry", *(t for t in UNIT_TYPES if t.startswith("flyer-"))])
def test_fall_back_moves_are_3d6(unit_type: str) -> None:
    # Beasts/Cavalry: "they move 3D6\""; Flyers: "Their Fall Back moves are 3D6\"".
    assert distribution(compute(unit_type=unit_type, move="fall-back")) == brute_force(3, 3)


def test_a_flyer_falls_back_flying_over_difficult_terrain() -> None:
    result = compute(unit_type="flyer-infantry", move="fall-back", difficult=True)
    assert distribution(result) == brute_force(3, 3)
    assert any("all terrain freely" in step["text"] for step in result["working"])


@pytest.mark.parametrize(
    ("inputs", "field", "words"),
    [
        ({"unit_type": "infantry"}, "unit_type", "The charge distance of Infantry is not in these sections"),
        ({"unit_type": "monstrous-creature"}, "unit_type", "charge distance of Monstrous Creature"),
        ({"unit_type": "flyer-infantry", "fly": True}, "unit_type", "charge distance of Flyer Infantry"),
        ({"unit_type": "artillery"}, "unit_type", "Artillery units cannot charge"),
        ({"unit_type": "infantry", "move": "fall-back"}, "unit_type", "The Fall Back distance of Infantry"),
        ({"unit_type": "artillery", "move": "fall-back"}, "unit_type", "Fall Back distance of Artillery"),
        ({"unit_type": "cavalry", "move": "fall-back", "difficult": True}, "difficult", "Fall Back moves through"),
        ({"unit_type": "cavalry", "fly": True}, "fly", "Only Flyer units can Fly"),
    ],
)
def test_what_these_sections_do_not_cover_is_an_error_naming_the_rule(
    inputs: dict[str, object], field: str, words: str
) -> None:
    with pytest.raises(InputError) as info:
        compute(**inputs)
    assert set(info.value.errors) == {field}
    assert words in info.value.errors[field]


@settings(max_examples=60, deadline=None)
@given(
    unit_type=st.sampled_from(["beasts", "cavalry", "flyer-beasts", "flyer-cavalry"]),
    difficult=st.booleans(),
    distance=st.none() | st.integers(1, 36),
)
def test_probabilities_sum_to_one_and_more_distance_never_helps(
    unit_type: str, difficult: bool, distance: int | None
) -> None:
    fly = unit_type.startswith("flyer-")
    result = compute(unit_type=unit_type, difficult=difficult, fly=fly, distance=distance)
    assert sum(result["distribution"].values()) == 1
    if distance is not None and distance < 36:
        further = compute(unit_type=unit_type, difficult=difficult, fly=fly, distance=distance + 1)
        assert further["success"] <= result["success"]


def test_the_play_out_has_the_exact_odds() -> None:
    # Every sequence of six faces, each as likely: the Fly charge's first roll and its re-roll.
    outcomes: dict[int, int] = {}
    inputs = {"unit_type": "flyer-cavalry", "fly": "true", "distance": "11"}
    for faces in itertools.product(FACES, repeat=6):
        lines = CALCULATOR.play(inputs, iter(faces).__next__)
        final = int(lines[-1].split('"')[0])  # '12" makes the 11" needed.'
        outcomes[final] = outcomes.get(final, 0) + 1
    exact = compute(unit_type="flyer-cavalry", fly=True, distance=11)
    assert {k: Fraction(n, 6**6) for k, n in sorted(outcomes.items())} == distribution(exact)


def test_the_cli_answers_the_issue_example() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "calculators",
            "charge-and-fall-back",
            "unit_type=cavalry",
            "move=charge",
            "difficult=true",
            "distance=9",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    exact = brute_force(4, 3)
    assert data["distribution"] == {str(k): str(p) for k, p in exact.items()}
    assert data["expected"] == str(sum((k * p for k, p in exact.items()), Fraction(0)))
    assert data["success"] == str(sum((p for k, p in exact.items() if k >= 9), Fraction(0)))
    assert data == to_jsonable(compute(unit_type="cavalry", move="charge", difficult=True, distance=9))


def test_a_charge_out_of_reach_says_why() -> None:
    view = CALCULATOR.present(compute(unit_type="cavalry", distance=19))
    assert view["headline"]["text"] == "0.0%"
    assert view["why"] == '3d6" rolls 18" at most: 19" is out of reach.'
