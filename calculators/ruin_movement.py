"""ruin-movement: what a Difficult Terrain test roll allows inside a ruin, level by level.

Ruins › Moving within Ruins, Infantry, Flyers; Unit Types › Flyer Units.

Readings where the rules are silent (each is said in the working):

* A Flyer may Fly (``fly=true``) or move normally (``fly=false``, the default, as for
  every unit): flying, it takes no Difficult Terrain test and is placed within 12" of its
  start; this site counts the climb inside those 12" (``12 // level_height`` levels).
  Moving normally, it takes the test like Infantry: it is one of "all types of Flyers"
  that may clamber. Only a Flyer can Fly.
* A unit in Fight in Ranks stays on the ground level, flying or not.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from calculators.contract import Calculator, Checked, Dice, Figure, Result, Rules, Step, View
from calculators.spec import Input, InputError, as_bool, as_int, as_optional_int, as_str
from calculators.unit_types import UNIT_TYPES, base_type, is_flyer
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
        "flyers-may-fly": "unit-types#flyer-units-may-choose-fly-once-per",
    }
)

_CLIMBERS = frozenset({"infantry", "beasts"})
_FLY_RANGE = 12
_MOST_ROLLED = 6

INPUTS = (
    Input(
        "unit_type",
        "Unit type",
        "choice",
        "The unit's type; Flyer types may fly over the ruin.",
        "infantry",
        choices=UNIT_TYPES,
    ),
    Input(
        "fly",
        "Flies (Fly move)",
        "bool",
        "Yes: a Flyer uses its Fly move and takes no Difficult Terrain test. No: it moves normally.",
        default=False,
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
    flying: bool
    can_climb: bool
    test: bool
    rolls: dict[str, list[Choice]]
    climb: dict[str, Fraction]


def _flying(unit_type: str, fly: bool) -> bool:
    """Whether the unit Flies this move (only a Flyer can)."""
    if fly and not is_flyer(unit_type):
        raise InputError(
            {
                "fly": f"Only Flyer units can Fly, and the unit type {unit_type.replace('-', ' ')} is not one: "
                "choose a Flyer unit type, or No."
            }
        )
    return fly


def _compute(v: Checked) -> RuinMovementResult:
    """The moves each roll allows.

    Returns:
        ``rolls`` (roll → list of ``{"levels", "horizontal"}`` choices), ``climb``
        (levels → probability of being able to change at least that many levels),
        ``flyer``, ``flying`` (no test: placed within 12"), ``can_climb``, ``test`` and
        ``working``.
    """
    unit_type, ranks = as_str(v, "unit_type"), as_bool(v, "fight_in_ranks")
    height, roll = as_int(v, "level_height"), as_optional_int(v, "roll")
    flyer, flying = is_flyer(unit_type), _flying(unit_type, as_bool(v, "fly"))
    base = base_type(unit_type)
    can_climb = (flyer or base in _CLIMBERS) and not ranks
    steps: list[Step] = []
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
    result: RuinMovementResult = {
        "calculator": CALCULATOR.name,
        "inputs": dict(v),
        "flyer": flyer,
        "flying": flying,
        "can_climb": can_climb,
        "test": not flying,
        "rolls": {},
        "climb": {},
        "working": steps,
    }
    if flying:
        levels = _FLY_RANGE // height if can_climb else 0
        steps.append(RULES.step("A Flyer may Fly instead of making its normal move.", "flyers-may-fly"))
        counted = f'This site counts the climb within those {_FLY_RANGE}": up to {levels} level(s) of {height}".'
        where = f"on any level. {counted}" if can_climb else "on the ground level."
        steps.append(
            RULES.step(
                f'Flying, it takes no Difficult Terrain test: it is placed within {_FLY_RANGE}" of its start, {where}',
                "flyers-in-ruins",
            )
        )
        result["climb"] = {str(k): Fraction(1) for k in range(1, levels + 1)}
        return result

    if flyer:
        steps.append(
            RULES.step("Moving normally, a Flyer takes the Difficult Terrain test like Infantry.", "flyers-may-fly")
        )
    rolls_shown = [roll] if roll is not None else list(range(1, _MOST_ROLLED + 1))
    if can_climb:
        steps.append(
            RULES.step(
                f'Going up or down one level costs {height}" of the Difficult Terrain test roll; '
                "the rest may be moved horizontally.",
                "level-cost" if height == 3 else "level-distance",
            )
        )
        if height == _MOST_ROLLED:
            steps.append(
                RULES.step(
                    'With 6" between levels, a level is changed only on a 6, with no horizontal move.', "level-distance"
                )
            )
        elif height > _MOST_ROLLED:
            steps.append(
                RULES.step(f'With {height}" between levels, no roll lets the unit change level.', "level-too-high")
            )
        result["rolls"] = {str(r): _choices(r, height) for r in rolls_shown}
        result["climb"] = {
            str(k): Fraction(sum(1 for r in range(1, 7) if r // height >= k), 6)
            for k in range(1, _MOST_ROLLED // height + 1)
        }
        if height == 3:
            steps.append(RULES.step("These are the rulebook's own examples for 3\" levels.", "level-examples"))
    else:
        result["rolls"] = {str(r): [Choice(levels=0, horizontal=r)] for r in rolls_shown}
    return result


# ----------------------------------------------------------------------------- the view


def _choice_text(choice: Choice) -> str:
    levels, inches = choice["levels"], choice["horizontal"]
    if levels == 0:
        return f'{inches}" horizontally'
    level_text = f"{levels} level{'s' if levels != 1 else ''} up or down"
    return f'{level_text} and {inches}" horizontally' if inches else level_text


def _asked(v: Checked, r: RuinMovementResult) -> str:
    parts = [as_str(v, "unit_type").replace("-", " ").capitalize()]
    if r["flyer"]:
        parts.append("flying" if r["flying"] else "normal move")
    if as_bool(v, "fight_in_ranks"):
        parts.append("Fight in Ranks")
    parts.append(f'{as_int(v, "level_height")}" levels')
    roll = as_optional_int(v, "roll")
    if roll is not None and r["test"]:
        parts.append(f"roll {roll}")
    return " · ".join(parts)


def _why(v: Checked, r: RuinMovementResult) -> str | None:
    height = as_int(v, "level_height")
    if as_bool(v, "fight_in_ranks"):
        return "In Fight in Ranks formation a unit moves only on the ground level."
    if not r["can_climb"]:
        base = base_type(as_str(v, "unit_type")).replace("-", " ")
        return f"{base.capitalize()} stay on the ground level: only Beasts, Infantry and Flyers climb in ruins."
    if r["flying"]:
        return "Flyers are not hindered by difficult terrain: no Difficult Terrain test."
    if height > _MOST_ROLLED:
        return f'With {height}" between levels, no Difficult Terrain roll (6" at most) reaches the next level.'
    return None


def _headline(v: Checked, r: RuinMovementResult, climb: list[tuple[str, Fraction]]) -> Figure:
    if r["flying"]:
        levels = len(climb)
        reach = (
            f'on any level (up to {levels} level{"s" if levels != 1 else ""} of {as_int(v, "level_height")}")'
            if r["can_climb"]
            else "on the ground level"
        )
        return {
            "label": "Flying",
            "text": f'placed within {_FLY_RANGE}" of its start, {reach}',
            "exact": None,
            "rule": RULES.link("flyers-in-ruins"),
        }
    roll = as_optional_int(v, "roll")
    if roll is not None:
        (choices,) = r["rolls"].values()
        return {
            "label": f"A roll of {roll} allows",
            "text": ", or ".join(_choice_text(c) for c in choices),
            "exact": None,
            "rule": RULES.link("level-cost"),
        }
    if climb:
        return chance("Change level on the test", climb[0][1], RULES.link("level-cost"))
    return chance("Change level on the test", Fraction(0), RULES.link("who-can-climb"))


def _most_levels(climb: list[tuple[str, Fraction]]) -> list[tuple[str, Fraction]]:
    """P(the roll allows at most, and exactly, k levels) from P(at least k levels)."""
    at_least = [Fraction(1), *(p for _, p in climb), Fraction(0)]
    return [(f"{k} level{'s' if k != 1 else ''}", at_least[k] - at_least[k + 1]) for k in range(len(at_least) - 1)]


def _present(r: RuinMovementResult) -> View:
    v = r["inputs"]
    climb = [(f"{k}+ level{'s' if k != '1' else ''}", p) for k, p in r["climb"].items()]
    roll_given = as_optional_int(v, "roll") is not None
    general = r["test"] and not roll_given
    rows = [[roll, " or ".join(_choice_text(c) for c in choices)] for roll, choices in r["rolls"].items()]
    unused = [] if r["flyer"] else ["fly"]
    if r["flying"]:
        unused.append("roll")
    if not r["can_climb"]:
        unused.append("level_height")
    return {
        "asked": _asked(v, r),
        "headline": _headline(v, r, climb),
        "why": _why(v, r),
        "figures": [],
        "charts": [chart("Most levels the roll allows", _most_levels(climb))] if general and len(climb) > 1 else [],
        "tables": [table("What each roll allows", ["Roll", "Move"], rows)] if general else [],
        "working": working(r["working"]),
        "unused": unused,
        "can_roll": r["test"],
    }


def _play(v: Checked, d6: Dice) -> list[str]:
    """Roll the Difficult Terrain test with a real die and say what the roll allows."""
    result = _compute(v)
    if not result["test"]:
        where = "on any level" if result["can_climb"] else "on the ground level"
        return [f'Flying, the unit takes no test: place it within {_FLY_RANGE}" of its start, {where}.']
    roll = d6()
    choices = (
        _choices(roll, as_int(result["inputs"], "level_height"))
        if result["can_climb"]
        else [Choice(levels=0, horizontal=roll)]
    )
    return [f"Rolled {roll}: " + ", or ".join(_choice_text(c) for c in choices) + "."]


CALCULATOR: Calculator[RuinMovementResult] = Calculator(
    name="ruin-movement",
    title="Ruin movement",
    inputs=INPUTS,
    rules=RULES,
    compute=_compute,
    present=_present,
    play=_play,
)
