"""Roll it in Python: each calculator's play-out, fed fixed faces, agrees with its exact odds."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from calculators.registry import all_calculators

CALCULATORS = all_calculators()


def play_with(name: str, inputs: dict[str, object], faces: tuple[int, ...]) -> list[str]:
    supply = iter(faces)
    return CALCULATORS[name].play(inputs, lambda: next(supply))


@pytest.mark.parametrize(
    "inputs",
    [
        {"strength": 8, "building": "wooden-house", "attack": "flame"},
        {"strength": 10, "building": "stone-house", "attack": "shock"},
        {"strength": 9, "building": "custom", "material": "stone", "armour_value": 4, "occupants": "none"},
    ],
)
def test_building_damage_play_out_has_the_exact_odds(inputs: dict[str, object]) -> None:
    # Every sequence of six d6 faces, each as likely: enough dice for one hit's rolls.
    outcomes: dict[str, int] = {}
    for faces in itertools.product(range(1, 7), repeat=6):
        last = play_with("building-damage", inputs, faces)[-1]
        outcomes[last] = outcomes.get(last, 0) + 1
    exact = CALCULATORS["building-damage"].compute(**inputs)
    total = 6**6
    assert Fraction(outcomes.pop("The section has collapsed into ruins.", 0), total) == exact["total_collapse"]
    standing = {
        re.search(r"armour value (\d+)", line).group(1): Fraction(count, total)  # type: ignore[union-attr]
        for line, count in outcomes.items()
    }
    assert standing == {av: p for av, p in exact["final_armour_value"].items() if p}


def test_ruin_movement_play_out_matches_the_table() -> None:
    for face in range(1, 7):
        (line,) = play_with("ruin-movement", {"unit_type": "infantry"}, (face,))
        assert line.startswith(f"Rolled {face}:")
        table = CALCULATORS["ruin-movement"].compute(unit_type="infantry")["rolls"][str(face)]
        options = line.removeprefix(f"Rolled {face}: ").removesuffix(".").split(", or ")
        assert len(options) == len(table)
        for option, choice in zip(options, table, strict=True):
            assert option.startswith(f"{choice['levels']} level") if choice["levels"] else option.startswith(f"{face}")


def test_hit_split_play_out_counts_the_faces() -> None:
    lines = play_with("hit-split", {"target": "monstrous-cavalry", "hits": 6}, (1, 4, 5, 6, 2, 3))
    assert lines == ["Rolled 1 4 5 6 2 3.", "4 on the monstrous creature, 2 on the riders."]


FLY_CHARGE = {"unit_type": "flyer-cavalry", "move": "charge", "fly": "yes"}


@pytest.mark.parametrize(
    ("inputs", "faces", "lines"),
    [
        (
            {**FLY_CHARGE, "reading.fly-reroll": "better", "distance": 12},
            (1, 2, 3, 4, 5, 6),
            [
                'Rolled 1 2 3: 6".',
                'Short of 12": re-rolled 4 5 6: 15"; the better counts: 15".',
                '15" makes the 12" needed.',
            ],
        ),
        (
            {**FLY_CHARGE, "reading.fly-reroll": "better", "distance": 12},
            (6, 5, 6, 1, 1, 1),
            ['Rolled 6 5 6: 17".', '17" makes the 12" needed.'],
        ),
        (
            {**FLY_CHARGE, "reading.fly-reroll": "better"},
            (6, 6, 6, 1, 1, 1),
            ['Rolled 6 6 6: 18".', 'Re-rolled 1 1 1: 3"; the better counts: 18".'],
        ),
        (
            {**FLY_CHARGE, "distance": 12},
            (1, 2, 3, 1, 1, 2),
            ['Rolled 1 2 3: 6".', 'Short of 12": re-rolled 1 1 2: 4".', '4" falls short of the 12" needed.'],
        ),
        ({**FLY_CHARGE}, (1, 1, 1), ['Rolled 1 1 1: 3".']),
    ],
)
def test_a_fly_charge_is_re_rolled_as_its_reading_has_it(
    inputs: dict[str, object], faces: tuple[int, ...], lines: list[str]
) -> None:
    assert play_with("charge-and-fall-back", inputs, faces) == lines
