"""ruin-movement: what a Difficult Terrain test roll allows inside a ruin, level by level.

Ruins › Moving within Ruins, Infantry, Flyers.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from calculators.spec import Input, as_bool, as_int, as_optional_int, as_str, validate
from calculators.working import Step

__all__ = ["INPUTS", "NAME", "TITLE", "UNIT_TYPES", "calculate", "play"]

NAME = "ruin-movement"
TITLE = "Ruin movement"

_BASE_TYPES = ("infantry", "beasts", "cavalry", "monstrous-creature", "monstrous-cavalry", "artillery")
UNIT_TYPES = (*_BASE_TYPES, *(f"flyer-{t}" for t in _BASE_TYPES))
_CLIMBERS = frozenset({"infantry", "beasts"})
_FLY_RANGE = 12

INPUTS = (
    Input(
        "unit_type",
        "Unit type",
        "choice",
        "The unit's type; Flyer types fly over the ruin.",
        "infantry",
        choices=UNIT_TYPES,
    ),
    Input(
        "fight_in_ranks",
        "Fight in Ranks",
        "bool",
        "Whether the unit is in the Fight in Ranks formation.",
        default=False,
    ),
    Input("level_height", "Level height", "int", "Inches between two levels of the ruin.", 3, 1, 12),
    Input("roll", "Test roll", "int", "The Difficult Terrain test roll; leave empty to see every roll.", None, 1, 6),
)


def _choices(roll: int, height: int) -> list[dict[str, int]]:
    """Every number of levels L with L x height <= roll, and the inches left to move."""
    return [{"levels": levels, "horizontal": roll - levels * height} for levels in range(roll // height + 1)]


def calculate(**given: object) -> dict[str, Any]:
    """Validate the inputs, then list the moves each roll allows.

    Returns:
        ``rolls`` (roll → list of ``{"levels", "horizontal"}`` choices), ``climb``
        (levels → probability of being able to change at least that many levels on the
        test), ``can_climb``, ``flyer`` and ``working``.
    """
    v = validate(INPUTS, given, calculator=NAME)
    unit_type, ranks = as_str(v, "unit_type"), as_bool(v, "fight_in_ranks")
    height, roll = as_int(v, "level_height"), as_optional_int(v, "roll")
    flyer = unit_type.startswith("flyer-")
    base = unit_type.removeprefix("flyer-")
    can_climb = (flyer or base in _CLIMBERS) and not ranks
    working: list[Step] = []
    rolls_shown = [roll] if roll is not None else list(range(1, 7))

    if ranks:
        working.append(Step("A unit in Fight in Ranks formation may only move on the ground level.", "who-can-climb"))
    elif not can_climb:
        working.append(
            Step(
                f"Only Beasts, Infantry and Flyers climb; {base.replace('-', ' ')} stay on the ground level.",
                "who-can-climb",
            )
        )

    if flyer and can_climb:
        levels = _FLY_RANGE // height
        working.append(
            Step(
                f'Flyers take no Difficult Terrain test: they are placed within {_FLY_RANGE}" of their start, '
                f'on any level. This site counts the climb within those {_FLY_RANGE}": '
                f'up to {levels} level(s) of {height}".',
                "flyers-in-ruins",
            )
        )
        return {
            "calculator": NAME,
            "inputs": v,
            "flyer": True,
            "can_climb": True,
            "test": False,
            "rolls": {},
            "climb": {str(k): Fraction(1) for k in range(1, levels + 1)},
            "working": [s.as_dict() for s in working],
        }

    if can_climb:
        working.append(
            Step(
                f'Going up or down one level costs {height}" of the Difficult Terrain test roll; '
                "the rest may be moved horizontally.",
                "level-cost" if height == 3 else "level-distance",
            )
        )
        if height == 6:
            working.append(
                Step(
                    'With 6" between levels, a level is changed only on a 6, with no horizontal move.', "level-distance"
                )
            )
        elif height > 6:
            working.append(
                Step(f'With {height}" between levels, no roll lets the unit change level.', "level-too-high")
            )
        table = {str(r): _choices(r, height) for r in rolls_shown}
        max_levels = 6 // height
        climb = {str(k): Fraction(sum(1 for r in range(1, 7) if r // height >= k), 6) for k in range(1, max_levels + 1)}
        if height == 3:
            working.append(Step("These are the rulebook's own examples for 3\" levels.", "level-examples"))
    else:
        table = {str(r): [{"levels": 0, "horizontal": r}] for r in rolls_shown}
        climb = {}

    return {
        "calculator": NAME,
        "inputs": v,
        "flyer": flyer,
        "can_climb": can_climb,
        "test": True,
        "rolls": table,
        "climb": climb,
        "working": [s.as_dict() for s in working],
    }


def play(given: dict[str, object], d6: Callable[[], int]) -> list[str]:
    """Roll the Difficult Terrain test with a real die and say what the roll allows."""
    result = calculate(**given)
    if not result["test"]:
        return [f'Flyers take no test: place the unit within {_FLY_RANGE}" of its start, on any level.']
    roll = d6()
    choices = (
        _choices(roll, as_int(result["inputs"], "level_height"))
        if result["can_climb"]
        else [{"levels": 0, "horizontal": roll}]
    )
    options = []
    for c in choices:
        if c["levels"]:
            options.append(f'{c["levels"]} level(s) and {c["horizontal"]}" horizontally')
        else:
            options.append(f'{c["horizontal"]}" horizontally')
    return [f"Rolled {roll}: " + ", or ".join(options) + "."]
