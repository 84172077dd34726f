"""charge-and-fall-back: how far a charge or a Fall Back move goes, exactly.

Unit Types › Beasts, Cavalry (3d6" charges; 4d6" choosing the three lowest through
difficult terrain; 3D6" Fall Back moves) and Flyer Units (a Fly charge may re-roll its
distance and never counts as charging through difficult terrain; Flyers Fall Back 3D6",
always Flying).

What these sections do not give is an input error naming the missing rule, never a
guess: an Infantry, Monstrous Creature or Monstrous Cavalry charge roll, their Fall Back
distance, a Fall Back through difficult terrain on foot, any charge by Artillery.

Where the rules are silent, two readings (:data:`READINGS`, each said in the working):

* ``fly-reroll``: a Fly charge re-rolls when its first roll falls short of the distance
  needed and the re-roll stands (the site's reading), or the better of the two counts
  (then, with no distance given, a player always re-rolls).
* ``roll-reaches``: a roll equal to the distance needed makes it (the site's reading), or
  only a greater one does.

Not readings: a Flyer's Fly charge rolls its base type's charge dice, since a Flyer
"share[s] two sets of rules, the Flyer unit rules, and those of their base type".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NotRequired

from calculators.charge_and_fall_back.moves import (
    RULES,
    WORDS,
    MoveDice,
    Roll,
    charge_dice,
    fall_back_dice,
    roll_distance,
    unit_name,
)
from calculators.charge_and_fall_back.readings import FLY_REROLL, READINGS, ROLL_REACHES, reaches_step, reroll_step
from calculators.contract import Calculator, Checked, Computed, Dice, View
from calculators.dice import expected, outcome_counts
from calculators.readings import option_of
from calculators.spec import Input, InputError, as_bool, as_optional_int, as_str
from calculators.unit_types import UNIT_TYPES, base_type, is_flyer
from calculators.view import average_figure, chance, chart, working

__all__ = ["CALCULATOR", "UNIT_TYPES", "MoveDice", "Plan", "Roll", "roll_distance"]

_MAX_DISTANCE = 36

UNIT_TYPE = Input.choice(
    "unit_type",
    "Unit type",
    help="The unit's type; Flyer forms may use their Fly move.",
    choices=UNIT_TYPES,
    default="cavalry",
)
INPUTS = (
    UNIT_TYPE,
    Input.choice(
        "move",
        "Move",
        help="A charge, or a Fall Back move.",
        choices={"charge": "charge", "fall-back": "fall back"},
        default="charge",
    ),
    Input.bool("difficult", "Through difficult terrain", help="Whether the charge goes through difficult terrain."),
    Input.bool("fly", "Flies (Fly move)", help="Whether a Flyer uses its Fly move to charge."),
    Input.int(
        "distance",
        "Distance needed",
        help="Inches to the enemy; leave empty to see every distance.",
        minimum=1,
        maximum=_MAX_DISTANCE,
    ),
)


def _one_roll(roll: Roll) -> dict[int, Fraction]:
    """The exact distribution of one roll for distance (every face of every die)."""
    counts, total = outcome_counts(lambda d6: roll_distance(roll, d6)[0])
    return {inches: Fraction(count, total) for inches, count in sorted(counts.items())}


@dataclass(frozen=True)
class Plan:
    """What the inputs mean: the unit and its move, and the dice the rules give it.

    Attributes:
        unit_type: The unit type's words (``flyer cavalry``).
        flyer: Whether the unit is a Flyer.
        fall_back: A Fall Back move (else a charge).
        fly: Whether a Flyer uses its Fly move to charge.
        difficult: Through difficult terrain.
        distance: The inches needed, or ``None`` for every distance.
        dice: What the move rolls.
        better: The reading ``fly-reroll``: the better of the two rolls counts.
        greater: The reading ``roll-reaches``: only a roll greater than the distance makes it.
    """

    unit_type: str
    flyer: bool
    fall_back: bool
    fly: bool
    difficult: bool
    distance: int | None
    dice: MoveDice
    better: bool = False
    greater: bool = False

    @property
    def needed(self) -> int | None:
        """The least roll that makes the distance, as the reading ``roll-reaches`` has it."""
        return None if self.distance is None else self.distance + self.greater


def _resolve(v: Checked) -> Plan:
    """What this move rolls, from the unit type and the move, or an error naming the missing rule."""
    unit_type, fall_back = as_str(v, "unit_type"), as_str(v, "move") == "fall-back"
    difficult, fly = as_bool(v, "difficult"), as_bool(v, "fly")
    flyer = is_flyer(unit_type)
    base = base_type(unit_type)
    if fly and not flyer:
        raise InputError(
            {
                "fly": f"Only Flyer units can Fly, and {unit_name(unit_type)} are not Flyers: choose No, "
                "or a Flyer unit type."
            }
        )
    dice = (
        fall_back_dice(unit_type, base, flyer=flyer, difficult=difficult)
        if fall_back
        else charge_dice(unit_type, base, flying=fly, difficult=difficult)
    )
    return Plan(
        unit_type=UNIT_TYPE.words(unit_type),
        flyer=flyer,
        fall_back=fall_back,
        fly=fly,
        difficult=difficult,
        distance=as_optional_int(v, "distance"),
        dice=dice,
        better=option_of(v, FLY_REROLL) == "better",
        greater=option_of(v, ROLL_REACHES) == "greater",
    )


class Charge(Computed):
    """The distance of a charge or Fall Back move (see :func:`_compute`)."""

    distribution: dict[str, Fraction]
    expected: Fraction
    dice: str
    reroll: bool
    #: P(final ≥ distance); only when a distance is given.
    success: NotRequired[Fraction]


def _with_reroll(first: dict[int, Fraction], needed: int | None, *, better: bool) -> dict[int, Fraction]:
    """Keep a roll of at least ``needed``; otherwise roll again and keep the re-roll, or the better of the two.

    With no distance (``needed`` is ``None``) the first roll stands, unless the better
    roll counts: then a player always re-rolls.
    """
    final: dict[int, Fraction] = {}
    for a, p in first.items():
        if needed is not None and a >= needed:
            final[a] = final.get(a, Fraction(0)) + p
            continue
        if needed is None and not better:
            final[a] = final.get(a, Fraction(0)) + p
            continue
        for b, q in first.items():
            kept = max(a, b) if better else b
            final[kept] = final.get(kept, Fraction(0)) + p * q
    return {inches: final[inches] for inches in sorted(final) if final[inches]}


def _compute(plan: Plan) -> Charge:
    """The exact distance.

    Returns:
        ``distribution`` (final inches → probability), ``expected`` (the mean), ``success``
        (P(final ≥ distance), only when a distance is given), ``dice`` (what is rolled),
        ``reroll`` (whether a re-roll is allowed) and ``working``.
    """
    distance, needed = plan.distance, plan.needed
    first = _one_roll(plan.dice.roll)
    final = _with_reroll(first, needed, better=plan.better) if plan.dice.reroll else first
    steps = list(plan.dice.steps)
    if plan.dice.reroll:
        steps.append(reroll_step(better=plan.better, distance=distance))
    if distance is not None:
        steps.append(reaches_step(greater=plan.greater, distance=distance, rule=plan.dice.rule))
    result: Charge = {
        "distribution": {str(inches): p for inches, p in final.items()},
        "expected": expected(final),
        "dice": plan.dice.roll.describe(),
        "reroll": plan.dice.reroll,
        "working": steps,
    }
    if needed is not None:
        result["success"] = sum((p for inches, p in final.items() if inches >= needed), Fraction(0))
    return result


# ----------------------------------------------------------------------------- the view


def _asked(plan: Plan, r: Charge) -> str:
    parts = [plan.unit_type.capitalize()]
    parts.append("Fall Back" if plan.fall_back else "charge")
    if plan.fly:
        parts.append("Fly move")
    if plan.difficult:
        parts.append("through difficult terrain")
    if plan.distance is not None:
        parts.append(f'{plan.distance}" needed')
    reroll = ""
    if r["reroll"] and (plan.distance is not None or plan.better):
        reroll = ", re-roll if short" if plan.distance is not None else ", re-roll"
        reroll += ", the better counts" if plan.better else ""
    parts.append(r["dice"] + reroll)
    return " · ".join(parts)


def _present(plan: Plan, r: Charge) -> View:
    distance = plan.distance
    move = "Fall Back move" if plan.fall_back else "charge"
    rule = RULES.link(plan.dice.rule)
    inches = [int(k) for k in r["distribution"]]
    why = None
    if "success" in r and distance is not None and plan.needed is not None:
        success = r["success"]
        headline = chance(f'Makes the {distance}" {move}', success, rule)
        if success == 0:
            why = f'{r["dice"]} rolls {max(inches)}" at most: {plan.needed}" is out of reach.'
        elif success == 1:
            why = f'{r["dice"]} rolls at least {min(inches)}": {plan.needed}" is always reached.'
        figures = [average_figure(f"Average {move}, inches", r["expected"])]
    else:
        headline = average_figure(f"Average {move}, inches", r["expected"], rule)
        figures = []
    # Only a Flyer's charge has a Fly move to choose (a Flyer always flies when falling back).
    fly_chosen = plan.flyer and not plan.fall_back
    return {
        "asked": _asked(plan, r),
        "headline": headline,
        "why": why,
        "figures": figures,
        "charts": [chart(f"How far the {move} goes", [(f'{k}"', p) for k, p in r["distribution"].items()])],
        "tables": [],
        "working": working(r["working"]),
        "unused": [] if fly_chosen else ["fly"],
        "can_roll": True,
    }


def _play(plan: Plan, d6: Dice) -> list[str]:
    """Roll for distance with real dice (and re-roll a Fly charge that falls short, as the readings have it)."""
    distance, needed = plan.distance, plan.needed
    inches, faces = roll_distance(plan.dice.roll, d6)
    lines = [f'Rolled {" ".join(map(str, faces))}: {inches}"' + _kept(plan.dice.roll, faces) + "."]
    short = inches < needed if needed is not None else plan.better
    if plan.dice.reroll and short:
        again, faces = roll_distance(plan.dice.roll, d6)
        said = f'Short of {distance}": re-rolled' if distance is not None else "Re-rolled"
        if plan.better:
            lines.append(f'{said} {" ".join(map(str, faces))}: {again}"; the better counts: {max(inches, again)}".')
            inches = max(inches, again)
        else:
            lines.append(f'{said} {" ".join(map(str, faces))}: {again}".')
            inches = again
    if distance is not None and needed is not None:
        lines.append(f'{inches}" {"makes" if inches >= needed else "falls short of"} the {distance}" needed.')
    return lines


def _kept(roll: Roll, faces: tuple[int, ...]) -> str:
    if roll.keep == roll.count:
        return ""
    return f" (the {WORDS[roll.keep]} lowest: {' + '.join(map(str, sorted(faces)[: roll.keep]))})"


CALCULATOR: Calculator[Plan, Charge] = Calculator(
    name="charge-and-fall-back",
    title="Charge and fall back",
    inputs=INPUTS,
    rules=RULES,
    resolve=_resolve,
    compute=_compute,
    present=_present,
    play=_play,
    sample={"distance": "9"},
    readings=READINGS,
)
