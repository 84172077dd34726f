"""ruin-movement: what a Difficult Terrain test roll allows inside a ruin, level by level.

Ruins › Moving within Ruins, Infantry, Flyers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from calculators.contract import Calculator, Checked, Dice, Result, Rules, Step, View
from calculators.spec import Input, as_bool, as_int, as_optional_int, as_str
from calculators.view import chance, chart, table, working

__all__ = ["CALCULATOR", "UNIT_TYPES"]

RULES = Rules(
    {
        "who-can-climb": "ruins#moving-within-ruins-only-certain-troops-capable-clambering",
        "level-cost": "ruins#infantry-even-though-different-building-models",
        "level-examples": "ruins#infantry-ruins-difficult-terrain-means-1",
        "level-distance": "ruins#infantry-distance-between-levels-ruin-not",
        "level-too-high": "ruins#infantry-distance-between-levels-greater-than",
        "flyers-in-ruins": "ruins#flyers-remember-flyers-not-hindered-difficult",
    }
)

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


class Choice(TypedDict):
    """One move a roll allows: levels up or down, and the inches left to move on the level."""

    levels: int
    horizontal: int


def _choices(roll: int, height: int) -> list[Choice]:
    """Every number of levels L with L x height <= roll, and the inches left to move."""
    return [{"levels": levels, "horizontal": roll - levels * height} for levels in range(roll // height + 1)]


class RuinMovementResult(Result):
    """The moves each roll allows (see :func:`_compute`)."""

    flyer: bool
    can_climb: bool
    test: bool
    rolls: dict[str, list[Choice]]
    climb: dict[str, Fraction]


def _compute(v: Checked) -> RuinMovementResult:
    """The moves each roll allows.

    Returns:
        ``rolls`` (roll → list of ``{"levels", "horizontal"}`` choices), ``climb``
        (levels → probability of being able to change at least that many levels on the
        test), ``can_climb``, ``flyer`` and ``working``.
    """
    unit_type, ranks = as_str(v, "unit_type"), as_bool(v, "fight_in_ranks")
    height, roll = as_int(v, "level_height"), as_optional_int(v, "roll")
    flyer = unit_type.startswith("flyer-")
    base = unit_type.removeprefix("flyer-")
    can_climb = (flyer or base in _CLIMBERS) and not ranks
    steps: list[Step] = []
    rolls_shown = [roll] if roll is not None else list(range(1, 7))

    if ranks:
        steps.append(
            RULES.step("A unit in Fight in Ranks formation may only move on the ground level.", "who-can-climb")
        )
    elif not can_climb:
        steps.append(
            RULES.step(
                f"Only Beasts, Infantry and Flyers climb; {base.replace('-', ' ')} stay on the ground level.",
                "who-can-climb",
            )
        )

    if flyer and can_climb:
        levels = _FLY_RANGE // height
        steps.append(
            RULES.step(
                f'Flyers take no Difficult Terrain test: they are placed within {_FLY_RANGE}" of their start, '
                f'on any level. This site counts the climb within those {_FLY_RANGE}": '
                f'up to {levels} level(s) of {height}".',
                "flyers-in-ruins",
            )
        )
        return {
            "calculator": CALCULATOR.name,
            "inputs": dict(v),
            "flyer": True,
            "can_climb": True,
            "test": False,
            "rolls": {},
            "climb": {str(k): Fraction(1) for k in range(1, levels + 1)},
            "working": steps,
        }

    if can_climb:
        steps.append(
            RULES.step(
                f'Going up or down one level costs {height}" of the Difficult Terrain test roll; '
                "the rest may be moved horizontally.",
                "level-cost" if height == 3 else "level-distance",
            )
        )
        if height == 6:
            steps.append(
                RULES.step(
                    'With 6" between levels, a level is changed only on a 6, with no horizontal move.', "level-distance"
                )
            )
        elif height > 6:
            steps.append(
                RULES.step(f'With {height}" between levels, no roll lets the unit change level.', "level-too-high")
            )
        rolls = {str(r): _choices(r, height) for r in rolls_shown}
        max_levels = 6 // height
        climb = {str(k): Fraction(sum(1 for r in range(1, 7) if r // height >= k), 6) for k in range(1, max_levels + 1)}
        if height == 3:
            steps.append(RULES.step("These are the rulebook's own examples for 3\" levels.", "level-examples"))
    else:
        rolls = {str(r): [Choice(levels=0, horizontal=r)] for r in rolls_shown}
        climb = {}

    return {
        "calculator": CALCULATOR.name,
        "inputs": dict(v),
        "flyer": flyer,
        "can_climb": can_climb,
        "test": True,
        "rolls": rolls,
        "climb": climb,
        "working": steps,
    }


def _choice_text(choice: Choice) -> str:
    levels, inches = choice["levels"], choice["horizontal"]
    if levels == 0:
        return f'{inches}" horizontally'
    level_text = f"{levels} level{'s' if levels != 1 else ''} up or down"
    return f'{level_text} and {inches}" horizontally' if inches else level_text


def _present(r: RuinMovementResult) -> View:
    climb = [(f"{k}+ level{'s' if k != '1' else ''}", p) for k, p in r["climb"].items()]
    if not r["test"]:
        levels = len(climb)
        return {
            "headline": chance(
                f"Change up to {levels} level{'s' if levels != 1 else ''}", Fraction(1), RULES.link("flyers-in-ruins")
            ),
            "figures": [],
            "charts": [],
            "tables": [],
            "working": working(r["working"]),
        }
    rows = [[roll, " or ".join(_choice_text(c) for c in choices)] for roll, choices in r["rolls"].items()]
    headline = (
        chance(f"Change {climb[0][0]}", climb[0][1], RULES.link("level-cost"))
        if climb
        else chance("Change levels", Fraction(0), RULES.link("who-can-climb"))
    )
    return {
        "headline": headline,
        "figures": [],
        "charts": [chart("Chance to change levels on the test", climb)] if len(climb) > 1 else [],
        "tables": [table("What each roll allows", ["Roll", "Move"], rows)],
        "working": working(r["working"]),
    }


def _play(v: Checked, d6: Dice) -> list[str]:
    """Roll the Difficult Terrain test with a real die and say what the roll allows."""
    result = _compute(v)
    if not result["test"]:
        return [f'Flyers take no test: place the unit within {_FLY_RANGE}" of its start, on any level.']
    roll = d6()
    choices = (
        _choices(roll, as_int(result["inputs"], "level_height"))
        if result["can_climb"]
        else [Choice(levels=0, horizontal=roll)]
    )
    options = []
    for c in choices:
        if c["levels"]:
            options.append(f'{c["levels"]} level(s) and {c["horizontal"]}" horizontally')
        else:
            options.append(f'{c["horizontal"]}" horizontally')
    return [f"Rolled {roll}: " + ", or ".join(options) + "."]


CALCULATOR: Calculator[RuinMovementResult] = Calculator(
    name="ruin-movement",
    title="Ruin movement",
    inputs=INPUTS,
    rules=RULES,
    compute=_compute,
    present=_present,
    play=_play,
)
