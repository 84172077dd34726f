"""building-damage against brute force, the rule text and its own invariants."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.building_damage import BUILDINGS, CALCULATOR
from calculators.spec import InputError

compute = CALCULATOR.compute


def brute_force(  # noqa: C901 - the rules spelled out, one branch per chart result
    strength: int, start: int, modifier: int, hits: int
) -> tuple[Fraction, dict[int, Fraction], Fraction]:
    """Enumerate every die of every hit: penetration d6, chart d6, and a d6 for AV loss.

    The AV-loss die is read as d3 = ceil(d6 / 2) for Breach and Structural Collapse, and
    as the d6 itself for Catastrophic Breach, so one d6 per roll covers all cases.
    Returns total collapse, the final standing AV distribution and expected occupant hits
    (with 2d6 counted as 7 and d6 as 7/2 by their own enumeration below).
    """
    collapse = Fraction(0)
    final: dict[int, Fraction] = {}
    occupant = Fraction(0)
    weight = Fraction(1, 6 ** (3 * hits))
    for faces in itertools.product(range(1, 7), repeat=3 * hits):
        av, down, hits_taken = start, False, Fraction(0)
        for n in range(hits):
            pen, chart, loss = faces[3 * n : 3 * n + 3]
            if down or strength + pen <= av:
                continue
            result = min(6, max(1, chart + modifier))
            if result == 6:
                down, hits_taken = True, hits_taken + mean_2d6()
                continue
            if result == 3:
                hits_taken += mean_d6()
            if result == 4:
                hits_taken += mean_2d6()
            if result in (1, 4):
                av -= (loss + 1) // 2
            if result == 5:
                av -= loss
            if av <= 0:
                down, hits_taken = True, hits_taken + mean_2d6()
        if down:
            collapse += weight
        else:
            final[av] = final.get(av, Fraction(0)) + weight
        occupant += weight * hits_taken
    return collapse, final, occupant


def mean_d6() -> Fraction:
    return Fraction(sum(range(1, 7)), 6)


def mean_2d6() -> Fraction:
    return Fraction(sum(a + b for a in range(1, 7) for b in range(1, 7)), 36)


@pytest.mark.parametrize(
    ("strength", "building", "attack", "hits", "modifier"),
    [
        (6, "wooden-house", "flame", 2, 1),
        (8, "stone-house", "shock", 2, -1),
        (9, "stone-house", "normal", 1, 0),
        (4, "wooden-house", "normal", 2, 0),
        (10, "wooden-tower", "shock", 2, 0),
    ],
)
def test_matches_brute_force(strength: int, building: str, attack: str, hits: int, modifier: int) -> None:
    result = compute(strength=strength, building=building, attack=attack, hits=hits)
    collapse, final, occupant = brute_force(strength, BUILDINGS[building][1], modifier, hits)
    assert result["total_collapse"] == collapse
    assert result["final_armour_value"] == {str(k): v for k, v in sorted(final.items(), reverse=True)}
    assert result["occupant_hits"]["expected"] == occupant


def test_issue_example_wooden_house_flame_three_hits() -> None:
    result = compute(strength=6, building="wooden-house", attack="flame", hits=3)
    # S6 + d6 > 10 on a 5 or 6 (Attacking Buildings).
    assert result["penetration"] == Fraction(1, 3)
    assert result["no_damage"] == Fraction(2, 3)
    # Flame: +1 on the chart against wooden buildings, so 1 never shows and 6 comes on 5 or 6.
    assert result["chart"] == {
        "1": 0,
        "2": Fraction(1, 18),
        "3": Fraction(1, 18),
        "4": Fraction(1, 18),
        "5": Fraction(1, 18),
        "6": Fraction(1, 9),
    }
    assert result["total_collapse"] + sum(result["final_armour_value"].values()) == 1


def test_building_type_presets_follow_the_building_types_paragraphs() -> None:
    # Buildings › Building Types: "Castle Strongpoints usually have an armour value of 20." …
    assert BUILDINGS == {
        "castle-strongpoint": ("stone", 20),
        "stone-tower": ("stone", 18),
        "stone-house": ("stone", 13),
        "wooden-tower": ("wooden", 12),
        "wooden-house": ("wooden", 10),
    }


def test_unbeatable_armour_is_never_damaged() -> None:
    result = compute(strength=1, building="castle-strongpoint", hits=20)
    assert result["penetration"] == 0
    assert result["total_collapse"] == 0
    assert result["final_armour_value"] == {"20": 1}


def test_shock_against_stone_clamps_at_one() -> None:
    result = compute(strength=10, building="stone-house", attack="shock")
    # S10 + d6 > 13 on 4+; chart d6-1 counts 0 as 1, so Breach! on a 1 or 2.
    assert result["chart"]["1"] == Fraction(1, 2) * Fraction(2, 6)
    assert result["chart"]["6"] == 0
    assert any("counting as 1 or 6" in s["text"] and s.get("reading") == "chart-beyond" for s in result["working"])


def test_battlements_take_strength_three_hits() -> None:
    assert compute(occupants="battlements")["occupant_hits"]["strength"] == 3
    assert compute(occupants="inside")["occupant_hits"]["strength"] == 6
    assert compute(occupants="none")["occupant_hits"]["expected"] == 0


def test_ranged_hit_on_the_unit_inside() -> None:
    result = compute(strength=7, building="wooden-house", ranged=True, hits=1)
    # S7 + d6 > 10 on a 4+.
    assert result["ranged_hits"] == {"expected": Fraction(1, 2), "strength": 6, "ap": -1}


def test_custom_building_needs_material_and_armour_value() -> None:
    with pytest.raises(InputError, match=r"^material: Material is required for a custom building") as info:
        compute(building="custom", armour_value=9)
    assert info.value.errors == {"material": "Material is required for a custom building: give one of stone, wooden."}
    with pytest.raises(InputError, match=r"^armour_value: Armour value is required for a custom building"):
        compute(building="custom", material="stone")
    assert compute(building="custom", material="wooden", armour_value=9)["penetration"] == Fraction(3, 6)


def test_preset_material_cannot_be_contradicted() -> None:
    with pytest.raises(ValueError, match="choose a custom building for a wooden one"):
        compute(building="stone-house", material="wooden")


@settings(max_examples=60, deadline=None)
@given(
    strength=st.integers(1, 10),
    building=st.sampled_from(sorted(BUILDINGS)),
    attack=st.sampled_from(["normal", "flame", "shock"]),
    hits=st.integers(1, 6),
)
def test_probabilities_sum_to_exactly_one(strength: int, building: str, attack: str, hits: int) -> None:
    result = compute(strength=strength, building=building, attack=attack, hits=hits)
    assert result["penetration"] + result["no_damage"] == 1
    assert sum(result["chart"].values()) == result["penetration"]
    assert result["total_collapse"] + sum(result["final_armour_value"].values()) == 1


@settings(max_examples=60, deadline=None)
@given(strength=st.integers(1, 9), av=st.integers(1, 30))
def test_more_strength_never_lowers_penetration(strength: int, av: int) -> None:
    low = compute(strength=strength, building="custom", material="stone", armour_value=av)
    high = compute(strength=strength + 1, building="custom", material="stone", armour_value=av)
    assert high["penetration"] >= low["penetration"]


@settings(max_examples=60, deadline=None)
@given(strength=st.integers(1, 10), av=st.integers(1, 29))
def test_higher_armour_never_raises_penetration(strength: int, av: int) -> None:
    low = compute(strength=strength, building="custom", material="wooden", armour_value=av)
    high = compute(strength=strength, building="custom", material="wooden", armour_value=av + 1)
    assert high["penetration"] <= low["penetration"]


def test_roll_it_says_what_each_hit_did_to_the_section_for_the_table() -> None:
    # Hit 1: 6 (S10+6 beats 13), chart 1: Breach!, d3 from a 4: 2. Hit 2: 1 (11, no damage).
    # Hit 3: 6, chart 2: Tremor (no change). Hit 4: 6, chart 6: Total Collapse; 2d6 on the occupants.
    faces = iter([6, 1, 4, 1, 6, 2, 6, 6, 3, 3])
    played = CALCULATOR.play_out({"strength": "10", "hits": "5", "building": "stone-house"}, faces.__next__)
    assert played["effects"] == [{"row": 1, "loss": 2}, {"row": 6, "loss": 0}]
    assert played["lines"][-1] == "The section has collapsed into ruins."
