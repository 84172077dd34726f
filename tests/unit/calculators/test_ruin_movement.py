"""ruin-movement against the rulebook's own examples and its invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.ruin_movement import CALCULATOR, UNIT_TYPES
from calculators.spec import InputError

compute = CALCULATOR.compute


def options(rolls: dict[str, list[dict[str, int]]]) -> dict[int, set[tuple[int, int]]]:
    return {int(r): {(c["levels"], c["horizontal"]) for c in cs} for r, cs in rolls.items()}


def test_three_inch_levels_equal_the_infantry_examples() -> None:
    # Ruins › Infantry: "if a 1 or 2 is rolled, a model may not make any vertical movement (but
    # may still move horizontally on its level). If a 3 is rolled, the model can either move up
    # to 3" horizontally or simply go up or down a level without any horizontal movement. If a 4
    # or 5 is rolled, a model can either move horizontally up to the maximum rolled or go up down
    # a level as well as moving its remaining 1" or 2" horizontally. On a result of 6, the model
    # will be able to go up/down two levels if it does not move horizontally at all, or move one
    # level up/down and horizontally for the remaining 3" or all 6" horizontally."
    table = options(compute(unit_type="infantry")["rolls"])
    assert table == {
        1: {(0, 1)},
        2: {(0, 2)},
        3: {(0, 3), (1, 0)},
        4: {(0, 4), (1, 1)},
        5: {(0, 5), (1, 2)},
        6: {(0, 6), (1, 3), (2, 0)},
    }


def test_six_inch_levels_only_on_a_six_with_no_horizontal_move() -> None:
    # Ruins › Infantry: "If the distance between levels is 6", ... only ... on a Difficult
    # Terrain test of a 6, and they will not be able to make any horizontal movement."
    table = options(compute(unit_type="beasts", level_height=6)["rolls"])
    assert all(levels == 0 for r in range(1, 6) for levels, _ in table[r])
    assert (1, 0) in table[6]
    assert compute(unit_type="beasts", level_height=6)["climb"] == {"1": Fraction(1, 6)}


@pytest.mark.parametrize("height", [7, 9, 12])
def test_levels_above_six_inches_cannot_be_climbed_by_the_test(height: int) -> None:
    result = compute(unit_type="infantry", level_height=height)
    assert result["climb"] == {}
    assert all(c["levels"] == 0 for cs in result["rolls"].values() for c in cs)


@pytest.mark.parametrize("unit_type", ["cavalry", "monstrous-creature", "monstrous-cavalry", "artillery"])
def test_other_units_stay_on_the_ground_level(unit_type: str) -> None:
    result = compute(unit_type=unit_type)
    assert result["can_climb"] is False
    assert options(result["rolls"]) == {r: {(0, r)} for r in range(1, 7)}


def test_fight_in_ranks_stays_on_the_ground_level() -> None:
    result = compute(unit_type="infantry", fight_in_ranks=True)
    assert result["can_climb"] is False
    assert result["climb"] == {}


def test_flying_flyers_take_no_test() -> None:
    # Ruins › Flyers: "simply placed within 12\" of their starting point, including on a different level".
    result = compute(unit_type="flyer-cavalry", level_height=4, fly=True)
    assert result["test"] is False
    assert result["flying"] is True
    assert result["climb"] == {"1": 1, "2": 1, "3": 1}


def test_flyers_that_move_normally_take_the_test_and_may_climb() -> None:
    # Ruins › Moving within Ruins: "only Beasts, Infantry, and all types of Flyers" clamber.
    result = compute(unit_type="flyer-cavalry", level_height=3)
    assert result["test"] is True
    assert result["can_climb"] is True
    assert result["climb"] == {"1": Fraction(2, 3), "2": Fraction(1, 6)}


def test_flying_in_fight_in_ranks_stays_on_the_ground_level() -> None:
    result = compute(unit_type="flyer-infantry", fly=True, fight_in_ranks=True)
    assert result["test"] is False
    assert result["can_climb"] is False
    assert result["climb"] == {}
    view = CALCULATOR.present(result)
    assert view["headline"]["text"] == 'placed within 12" of its start, on the ground level'
    assert not view["can_roll"]
    assert "roll" in view["unused"]


def test_only_flyers_can_fly() -> None:
    with pytest.raises(InputError, match="Only Flyer units can Fly") as info:
        compute(unit_type="infantry", fly=True)
    assert set(info.value.errors) == {"fly"}


def test_the_headline_follows_the_entered_roll() -> None:
    view = CALCULATOR.present(compute(unit_type="infantry", roll=5))
    assert view["headline"]["label"] == "A roll of 5 allows"
    assert view["headline"]["text"] == '5" horizontally, or 1 level up or down and 2" horizontally'
    assert view["tables"] == []
    view = CALCULATOR.present(compute(unit_type="infantry"))
    assert view["headline"]["text"] == "66.7%"


def test_a_flyer_flying_shows_one_line_and_no_roll() -> None:
    view = CALCULATOR.present(compute(unit_type="flyer-infantry", fly=True, roll=5))
    assert view["headline"] == {
        "label": "Flying",
        "text": 'placed within 12" of its start, on any level (up to 4 levels of 3")',
        "exact": None,
        "rule": "ruins#flyers-remember-flyers-not-hindered-difficult",
    }
    assert view["charts"] == []
    assert view["tables"] == []
    assert view["can_roll"] is False


def test_a_given_roll_shows_only_that_roll() -> None:
    result = compute(unit_type="infantry", roll=4)
    assert list(result["rolls"]) == ["4"]
    assert result["climb"]["1"] == Fraction(2, 3)


@settings(max_examples=80, deadline=None)
@given(unit_type=st.sampled_from(tuple(UNIT_TYPES)), ranks=st.booleans(), height=st.integers(1, 11))
def test_greater_level_height_never_raises_a_climb_probability(unit_type: str, ranks: bool, height: int) -> None:
    low = compute(unit_type=unit_type, fight_in_ranks=ranks, level_height=height)["climb"]
    high = compute(unit_type=unit_type, fight_in_ranks=ranks, level_height=height + 1)["climb"]
    for levels, p in high.items():
        assert p <= low.get(levels, Fraction(0))


@settings(max_examples=80, deadline=None)
@given(height=st.integers(1, 12))
def test_horizontal_is_what_the_levels_leave(height: int) -> None:
    for roll, choices in compute(unit_type="infantry", level_height=height)["rolls"].items():
        for c in choices:
            assert c["horizontal"] == int(roll) - c["levels"] * height >= 0
