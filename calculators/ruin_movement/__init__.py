"""ruin-movement: what a Difficult Terrain test roll allows inside a ruin, level by level.

Ruins › Moving within Ruins, Infantry, Flyers; Unit Types › Flyer Units.

A Flyer may Fly (``fly=true``) or move normally (``fly=false``, the default, as for
every unit): flying, it takes no Difficult Terrain test and is placed within 12" of its
start; moving normally, it takes the test like Infantry: it is one of "all types of
Flyers" that may clamber. Only a Flyer can Fly. That is an input, not a reading: the
player says which move the unit makes.

Where the rules are silent, two readings (:data:`READINGS`, each said in the working):

* ``fly-climb``: the levels a Flying unit climbs count inside its 12" (``12 //
  level_height`` levels, the site's reading), or it may be placed on any level.
* ``ranks-flying``: a unit in Fight in Ranks stays on the ground level, flying or not (the
  site's reading), or a Flying one may be placed on another level.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from calculators.contract import Calculator, Checked, Computed, Dice, Step, View
from calculators.readings import option_of
from calculators.ruin_movement.readings import FLY_CLIMB, RANKS_FLYING, READINGS, fly_climb_step, ranks_flying_step
from calculators.ruin_movement.words import (
    FLY_RANGE,
    MOST_ROLLED,
    RULES,
    asked,
    choice_text,
    headline,
    most_levels,
    why,
)
from calculators.spec import Input, InputError, as_bool, as_int, as_optional_int, as_str
from calculators.unit_types import UNIT_TYPES, base_type, is_flyer
from calculators.view import chart, table, working

__all__ = ["CALCULATOR", "UNIT_TYPES"]

_CLIMBERS = frozenset({"infantry", "beasts"})

UNIT_TYPE = Input.choice(
    "unit_type",
    "Unit type",
    help="The unit's type; Flyer types may fly over the ruin.",
    choices=UNIT_TYPES,
    default="infantry",
)
INPUTS = (
    UNIT_TYPE,
    Input.bool(
        "fly",
        "Flies (Fly move)",
        help="Yes: a Flyer uses its Fly move and takes no Difficult Terrain test. No: it moves normally.",
    ),
    Input.bool("fight_in_ranks", "Fight in Ranks", help="Whether the unit is in the Fight in Ranks formation."),
    Input.int(
        "level_height", "Level height", help="Inches between two levels of the ruin.", default=3, minimum=1, maximum=12
    ),
    Input.int(
        "roll",
        "Test roll",
        help="The Difficult Terrain test roll; leave empty to see every roll.",
        minimum=1,
        maximum=6,
    ),
)


@dataclass(frozen=True)
class Move:
    """What the inputs mean: the unit, whether it flies or takes the test, and whether it may climb.

    Attributes:
        unit_type: The unit type's words (``flyer cavalry``).
        base: Its category's words (``cavalry``).
        flyer: Whether it is a Flyer.
        flying: Whether it Flies this move (no Difficult Terrain test).
        fight_in_ranks: Whether it is in Fight in Ranks formation.
        can_climb: Whether it may change level at all.
        height: Inches between two levels.
        roll: The test roll given, or ``None`` for every roll.
        free_climb: The reading ``fly-climb``: a Flying unit may be placed on any level.
        ranks_fly_up: The reading ``ranks-flying``: a Flying unit in Fight in Ranks may change level.
    """

    unit_type: str
    base: str
    flyer: bool
    flying: bool
    fight_in_ranks: bool
    can_climb: bool
    height: int
    roll: int | None
    free_climb: bool = False
    ranks_fly_up: bool = False

    @property
    def test(self) -> bool:
        """Whether the unit takes a Difficult Terrain test."""
        return not self.flying


def _resolve(v: Checked) -> Move:
    unit_type, ranks = as_str(v, "unit_type"), as_bool(v, "fight_in_ranks")
    flyer, base = is_flyer(unit_type), base_type(unit_type)
    flying = as_bool(v, "fly")
    ranks_fly_up = option_of(v, RANKS_FLYING) == "any-level"
    if flying and not flyer:
        raise InputError(
            {
                "fly": f"Only Flyer units can Fly, and the unit type {UNIT_TYPE.words(unit_type)} is not one: "
                "choose a Flyer unit type, or No."
            }
        )
    return Move(
        unit_type=UNIT_TYPE.words(unit_type),
        base=UNIT_TYPE.words(base),
        flyer=flyer,
        flying=flying,
        fight_in_ranks=ranks,
        can_climb=(flyer or base in _CLIMBERS) and (not ranks or (flying and ranks_fly_up)),
        height=as_int(v, "level_height"),
        roll=as_optional_int(v, "roll"),
        free_climb=option_of(v, FLY_CLIMB) == "free",
        ranks_fly_up=ranks_fly_up,
    )


class Choice(TypedDict):
    """One move a roll allows: levels up or down, and the inches left to move on the level."""

    levels: int
    horizontal: int


def _choices(roll: int, height: int) -> list[Choice]:
    """Every number of levels L with L x height <= roll, and the inches left to move."""
    return [{"levels": levels, "horizontal": roll - levels * height} for levels in range(roll // height + 1)]


def _allowed(move: Move, roll: int) -> list[Choice]:
    """What one roll of the test allows this unit."""
    return _choices(roll, move.height) if move.can_climb else [Choice(levels=0, horizontal=roll)]


class RuinMovement(Computed):
    """The moves each roll allows (see :func:`_compute`)."""

    flyer: bool
    flying: bool
    can_climb: bool
    test: bool
    rolls: dict[str, list[Choice]]
    climb: dict[str, Fraction]
    #: Flying, placed on any level (the climb does not count in the 12").
    any_level: bool


def _who_climbs(move: Move) -> list[Step]:
    """The working on whether the unit may change level at all."""
    if move.fight_in_ranks:
        ranks = RULES.step("A unit in Fight in Ranks formation may only move on the ground level.", "who-can-climb")
        return [ranks, ranks_flying_step(fly_up=move.ranks_fly_up)] if move.flying else [ranks]
    if not move.can_climb:
        return [
            RULES.step(
                f"Only Beasts, Infantry and Flyers climb; {move.base} stay on the ground level.", "who-can-climb"
            )
        ]
    return []


def _compute(move: Move) -> RuinMovement:
    """The moves each roll allows.

    Returns:
        ``rolls`` (roll → list of ``{"levels", "horizontal"}`` choices), ``climb``
        (levels → probability of being able to change at least that many levels),
        ``flyer``, ``flying`` (no test: placed within 12"), ``can_climb``, ``test`` and
        ``working``.
    """
    height = move.height
    steps = _who_climbs(move)
    result: RuinMovement = {
        "flyer": move.flyer,
        "flying": move.flying,
        "can_climb": move.can_climb,
        "test": move.test,
        "rolls": {},
        "climb": {},
        "any_level": move.flying and move.can_climb and move.free_climb,
        "working": steps,
    }
    if move.flying:
        levels = FLY_RANGE // height if move.can_climb and not move.free_climb else 0
        steps.append(RULES.step("A Flyer may Fly instead of making its normal move.", "flyers-may-fly"))
        where = "on any level." if move.can_climb else "on the ground level."
        steps.append(
            RULES.step(
                f'Flying, it takes no Difficult Terrain test: it is placed within {FLY_RANGE}" of its start, {where}',
                "flyers-in-ruins",
            )
        )
        if move.can_climb:
            steps.append(fly_climb_step(free=move.free_climb, levels=levels, height=move.height))
        result["climb"] = {str(k): Fraction(1) for k in range(1, levels + 1)}
        return result

    if move.flyer:
        steps.append(
            RULES.step("Moving normally, a Flyer takes the Difficult Terrain test like Infantry.", "flyers-may-fly")
        )
    rolls_shown = [move.roll] if move.roll is not None else list(range(1, MOST_ROLLED + 1))
    result["rolls"] = {str(r): _allowed(move, r) for r in rolls_shown}
    if move.can_climb:
        steps.append(
            RULES.step(
                f'Going up or down one level costs {height}" of the Difficult Terrain test roll; '
                "the rest may be moved horizontally.",
                "level-cost" if height == 3 else "level-distance",
            )
        )
        if height == MOST_ROLLED:
            steps.append(
                RULES.step(
                    'With 6" between levels, a level is changed only on a 6, with no horizontal move.', "level-distance"
                )
            )
        elif height > MOST_ROLLED:
            steps.append(
                RULES.step(f'With {height}" between levels, no roll lets the unit change level.', "level-too-high")
            )
        result["climb"] = {
            str(k): Fraction(sum(1 for r in range(1, 7) if r // height >= k), 6)
            for k in range(1, MOST_ROLLED // height + 1)
        }
        if height == 3:
            steps.append(RULES.step("These are the rulebook's own examples for 3\" levels.", "level-examples"))
    return result


def _present(move: Move, r: RuinMovement) -> View:
    climb = list(r["climb"].values())  # P(at least 1, 2, ... levels)
    general = move.test and move.roll is None
    rows = [[roll, " or ".join(choice_text(c) for c in choices)] for roll, choices in r["rolls"].items()]
    unused = [] if move.flyer else ["fly"]
    if move.flying:
        unused.append("roll")
    if not move.can_climb:
        unused.append("level_height")
    return {
        "asked": asked(move),
        "headline": headline(move, r, climb),
        "why": why(move),
        "figures": [],
        "charts": [chart("Most levels the roll allows", most_levels(climb))] if general and len(climb) > 1 else [],
        "tables": [table("What each roll allows", ["Roll", "Move"], rows)] if general else [],
        "working": working(r["working"]),
        "unused": unused,
        "can_roll": move.test,
    }


def _play(move: Move, d6: Dice) -> list[str]:
    """Roll the Difficult Terrain test with a real die and say what the roll allows."""
    if not move.test:
        where = "on any level" if move.can_climb else "on the ground level"
        return [f'Flying, the unit takes no test: place it within {FLY_RANGE}" of its start, {where}.']
    roll = d6()
    return [f"Rolled {roll}: " + ", or ".join(choice_text(c) for c in _allowed(move, roll)) + "."]


CALCULATOR: Calculator[Move, RuinMovement] = Calculator(
    name="ruin-movement",
    title="Ruin movement",
    inputs=INPUTS,
    rules=RULES,
    resolve=_resolve,
    compute=_compute,
    present=_present,
    play=_play,
    sample={"level_height": "3"},
    readings=READINGS,
)
