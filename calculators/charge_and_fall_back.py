"""charge-and-fall-back: how far a charge or a Fall Back move goes, exactly.

Unit Types › Beasts, Cavalry (3d6" charges; 4d6" choosing the three lowest through
difficult terrain; 3D6" Fall Back moves) and Flyer Units (a Fly charge may re-roll its
distance and never counts as charging through difficult terrain; Flyers Fall Back 3D6",
always Flying).

What these sections do not give is an input error naming the missing rule, never a
guess: an Infantry, Monstrous Creature or Monstrous Cavalry charge roll, their Fall Back
distance, a Fall Back through difficult terrain on foot, any charge by Artillery.

Readings where the rules are silent (each is said in the working):

* The re-roll is taken only when the first roll falls short of the distance needed; with
  no distance given there is nothing to fall short of, so the first roll stands.
* A Flyer's Fly charge rolls its base type's charge dice (3d6" for Beasts and Cavalry).
* Making the distance means rolling at least the distance needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NotRequired

from calculators.contract import Calculator, Checked, Dice, Result, Rules, Step, View
from calculators.dice import expected, outcome_counts
from calculators.spec import Input, InputError, as_bool, as_optional_int, as_str
from calculators.unit_types import UNIT_TYPES, base_type, is_flyer
from calculators.view import average_figure, chance, chart, working

__all__ = ["CALCULATOR", "UNIT_TYPES", "Roll", "roll_distance"]

RULES = Rules(
    {
        "beasts-charge": "unit-types#beasts-close-combat-roll-3d6-when-charging-when",
        "cavalry-charge": "unit-types#cavalry-close-combat-roll-3d6-when-charging-when",
        "beasts-fall-back": "unit-types#beasts-fall-back-moves-make-fall-back-moves-just",
        "cavalry-fall-back": "unit-types#cavalry-fall-back-moves-make-fall-back-moves-just",
        "flyer-charge": "unit-types#flyer-units-close-combat-phase-uses-fly-move-instead-charge",
        "flyer-fall-back": "unit-types#flyer-units-fall-back-moves-flyers-always-count-flying-when",
        "flyers-may-fly": "unit-types#flyer-units-may-choose-fly-once-per",
        "skyborne": "unit-types#flyer-units-skyborne-when-flying-whether-moving-charging",
        "artillery-charge": "unit-types#artillery-close-combat-units-cannot-charge-long-include",
    }
)

#: The unit types whose own charge and Fall Back dice these sections give.
_ROLLERS = frozenset({"beasts", "cavalry"})
_MAX_DISTANCE = 36

INPUTS = (
    Input(
        "unit_type",
        "Unit type",
        "choice",
        "The unit's type; Flyer forms may use their Fly move.",
        "cavalry",
        choices=UNIT_TYPES,
    ),
    Input("move", "Move", "choice", "A charge, or a Fall Back move.", "charge", choices=("charge", "fall-back")),
    Input(
        "difficult",
        "Through difficult terrain",
        "bool",
        "Whether the charge goes through difficult terrain.",
        default=False,
    ),
    Input("fly", "Flies (Fly move)", "bool", "Whether a Flyer uses its Fly move to charge.", default=False),
    Input(
        "distance",
        "Distance needed",
        "int",
        "Inches to the enemy; leave empty to see every distance.",
        None,
        1,
        _MAX_DISTANCE,
    ),
)


@dataclass(frozen=True)
class Roll:
    """The dice of one roll for distance: ``count`` d6, keeping the ``keep`` lowest."""

    count: int
    keep: int

    def describe(self) -> str:
        """``3d6"`` or ``4d6" choosing the three lowest``."""
        if self.keep == self.count:
            return f'{self.count}d6"'
        return f'{self.count}d6" choosing the {_WORDS[self.keep]} lowest'


_WORDS = {1: "one", 2: "two", 3: "three"}
_THREE_D6 = Roll(3, 3)
_DIFFICULT = Roll(4, 3)


def roll_distance(roll: Roll, d6: Dice) -> tuple[int, tuple[int, ...]]:
    """Roll for distance with ``d6``: the inches, and the faces rolled."""
    faces = tuple(d6() for _ in range(roll.count))
    return sum(sorted(faces)[: roll.keep]), faces


def _one_roll(roll: Roll) -> dict[int, Fraction]:
    """The exact distribution of one roll for distance (every face of every die)."""
    counts, total = outcome_counts(lambda d6: roll_distance(roll, d6)[0])
    return {inches: Fraction(count, total) for inches, count in sorted(counts.items())}


@dataclass(frozen=True)
class _Plan:
    """What the rules say this move rolls, and the working that says so."""

    roll: Roll
    reroll: bool
    steps: tuple[Step, ...]


def _fall_back_plan(unit_type: str, base: str, *, flyer: bool, difficult: bool) -> _Plan:
    if flyer:
        steps = [
            RULES.step(
                'Flyers always count as Flying when falling back; their Fall Back moves are 3D6".', "flyer-fall-back"
            ),
        ]
        if difficult:
            steps.append(
                RULES.step(
                    "Flying, a model moves over all other models and all terrain freely: "
                    "difficult terrain changes nothing.",
                    "skyborne",
                )
            )
        return _Plan(_THREE_D6, reroll=False, steps=tuple(steps))
    if base not in _ROLLERS:
        raise InputError(
            {
                "unit_type": f"The Fall Back distance of {_name(unit_type)} is not in these sections of "
                "the rulebook (they give it for Beasts, Cavalry and Flyers only)."
            }
        )
    if difficult:
        raise InputError(
            {
                "difficult": "Fall Back moves through difficult terrain are not in these sections of the "
                "rulebook; choose No."
            }
        )
    key = f"{base}-fall-back"
    return _Plan(
        _THREE_D6,
        reroll=False,
        steps=(
            RULES.step(
                f'{base.capitalize()} make Fall Back moves just like Infantry, except that they move 3D6".', key
            ),
        ),
    )


def _charge_plan(unit_type: str, base: str, *, flying: bool, difficult: bool) -> _Plan:
    if base == "artillery":
        raise InputError({"unit_type": "Artillery units cannot charge as long as they include any artillery pieces."})
    if base not in _ROLLERS:
        raise InputError(
            {
                "unit_type": f"The charge distance of {_name(unit_type)} is not in these sections of the "
                "rulebook (they give it for Beasts and Cavalry only)."
            }
        )
    key = f"{base}-charge"
    if flying:
        steps = [
            RULES.step(f'{base.capitalize()} roll 3d6" when charging.', key),
            RULES.step(
                "A Flyer that uses its Fly move to charge can re-roll its charge distance, and never counts "
                "as charging through difficult terrain.",
                "flyer-charge",
            ),
            RULES.step(
                "This site takes the re-roll only when the first roll falls short of the distance needed.",
                "flyer-charge",
            ),
        ]
        return _Plan(_THREE_D6, reroll=True, steps=tuple(steps))
    if difficult:
        return _Plan(
            _DIFFICULT,
            reroll=False,
            steps=(
                RULES.step(
                    f'Charging through difficult terrain, {base} roll 4d6" and choose the three lowest dice.', key
                ),
            ),
        )
    return _Plan(_THREE_D6, reroll=False, steps=(RULES.step(f'{base.capitalize()} roll 3d6" when charging.', key),))


def _name(unit_type: str) -> str:
    """``flyer-monstrous-creature`` → ``Flyer Monstrous Creature``."""
    return unit_type.replace("-", " ").title()


def _plan(v: Checked) -> _Plan:
    """What this move rolls, from the unit type and the move, or an error naming the missing rule."""
    unit_type, move = as_str(v, "unit_type"), as_str(v, "move")
    difficult, fly = as_bool(v, "difficult"), as_bool(v, "fly")
    flyer = is_flyer(unit_type)
    base = base_type(unit_type)
    if fly and not flyer:
        raise InputError(
            {
                "fly": f"Only Flyer units can Fly, and {_name(unit_type)} are not Flyers: choose No, "
                "or a Flyer unit type."
            }
        )
    if move == "fall-back":
        return _fall_back_plan(unit_type, base, flyer=flyer, difficult=difficult)
    return _charge_plan(unit_type, base, flying=fly, difficult=difficult)


class ChargeResult(Result):
    """The distance of a charge or Fall Back move (see :func:`_compute`)."""

    distribution: dict[str, Fraction]
    expected: Fraction
    #: P(final ≥ distance); only when a distance is given.
    success: NotRequired[Fraction]
    dice: str
    reroll: bool


def _with_reroll(first: dict[int, Fraction], distance: int) -> dict[int, Fraction]:
    """Keep a roll that reaches ``distance``; otherwise roll again and keep that."""
    short = sum((p for inches, p in first.items() if inches < distance), Fraction(0))
    final = {inches: (p if inches >= distance else Fraction(0)) + short * p for inches, p in first.items()}
    return {inches: p for inches, p in final.items() if p}


def _compute(v: Checked) -> ChargeResult:
    """The exact distance.

    Returns:
        ``distribution`` (final inches → probability), ``expected`` (the mean), ``success``
        (P(final ≥ distance), only when a distance is given), ``dice`` (what is rolled),
        ``reroll`` (whether a re-roll is allowed) and ``working``.
    """
    plan = _plan(v)
    distance = as_optional_int(v, "distance")
    first = _one_roll(plan.roll)
    final = _with_reroll(first, distance) if plan.reroll and distance is not None else first
    steps = list(plan.steps)
    if plan.reroll and distance is None:
        steps.append(
            RULES.step(
                "With no distance given there is nothing to fall short of: the first roll stands.", "flyer-charge"
            )
        )
    result: ChargeResult = {
        "calculator": CALCULATOR.name,
        "inputs": dict(v),
        "distribution": {str(inches): p for inches, p in final.items()},
        "expected": expected(final),
        "dice": plan.roll.describe(),
        "reroll": plan.reroll,
        "working": steps,
    }
    if distance is not None:
        result["success"] = sum((p for inches, p in final.items() if inches >= distance), Fraction(0))
    return result


# ----------------------------------------------------------------------------- the view


def _asked(v: Checked, r: ChargeResult) -> str:
    parts = [as_str(v, "unit_type").replace("-", " ").capitalize()]
    parts.append("Fall Back" if as_str(v, "move") == "fall-back" else "charge")
    if as_bool(v, "fly"):
        parts.append("Fly move")
    if as_bool(v, "difficult"):
        parts.append("through difficult terrain")
    distance = as_optional_int(v, "distance")
    if distance is not None:
        parts.append(f'{distance}" needed')
    parts.append(r["dice"] + (", re-roll if short" if r["reroll"] and distance is not None else ""))
    return " · ".join(parts)


def _rule(v: Checked) -> str:
    base = base_type(as_str(v, "unit_type"))
    flyer = is_flyer(as_str(v, "unit_type"))
    if as_str(v, "move") == "fall-back":
        return RULES.link("flyer-fall-back" if flyer else f"{base}-fall-back")
    return RULES.link("flyer-charge" if as_bool(v, "fly") else f"{base}-charge")


def _present(r: ChargeResult) -> View:
    v = r["inputs"]
    distance = as_optional_int(v, "distance")
    move = "Fall Back move" if as_str(v, "move") == "fall-back" else "charge"
    inches = [int(k) for k in r["distribution"]]
    why = None
    if "success" in r and distance is not None:
        success = r["success"]
        headline = chance(f'Makes the {distance}" {move}', success, _rule(v))
        if success == 0:
            why = f'{r["dice"]} rolls {max(inches)}" at most: {distance}" is out of reach.'
        elif success == 1:
            why = f'{r["dice"]} rolls at least {min(inches)}": {distance}" is always reached.'
        figures = [average_figure(f"Average {move}, inches", r["expected"])]
    else:
        headline = average_figure(f"Average {move}, inches", r["expected"], _rule(v))
        figures = []
    # Only a Flyer's charge has a Fly move to choose (a Flyer always flies when falling back).
    fly_chosen = is_flyer(as_str(v, "unit_type")) and as_str(v, "move") == "charge"
    return {
        "asked": _asked(v, r),
        "headline": headline,
        "why": why,
        "figures": figures,
        "charts": [chart(f"How far the {move} goes", [(f'{k}"', p) for k, p in r["distribution"].items()])],
        "tables": [],
        "working": working(r["working"]),
        "unused": [] if fly_chosen else ["fly"],
        "can_roll": True,
    }


def _play(v: Checked, d6: Dice) -> list[str]:
    """Roll for distance with real dice (and re-roll a Fly charge that falls short)."""
    plan = _plan(v)
    distance = as_optional_int(v, "distance")
    inches, faces = roll_distance(plan.roll, d6)
    lines = [f'Rolled {" ".join(map(str, faces))}: {inches}"' + _kept(plan.roll, faces) + "."]
    if plan.reroll and distance is not None and inches < distance:
        inches, faces = roll_distance(plan.roll, d6)
        lines.append(f'Short of {distance}": re-rolled {" ".join(map(str, faces))}: {inches}".')
    if distance is not None:
        lines.append(f'{inches}" {"makes" if inches >= distance else "falls short of"} the {distance}" needed.')
    return lines


def _kept(roll: Roll, faces: tuple[int, ...]) -> str:
    if roll.keep == roll.count:
        return ""
    return f" (the {_WORDS[roll.keep]} lowest: {' + '.join(map(str, sorted(faces)[: roll.keep]))})"


CALCULATOR: Calculator[ChargeResult] = Calculator(
    name="charge-and-fall-back",
    title="Charge and fall back",
    inputs=INPUTS,
    rules=RULES,
    compute=_compute,
    present=_present,
    play=_play,
)
