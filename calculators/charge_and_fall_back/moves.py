"""What the rules give a unit for a charge or a Fall Back move: its dice, its rule and the working.

Unit Types › Beasts, Cavalry (3d6" charges; 4d6" choosing the three lowest through
difficult terrain; 3D6" Fall Back moves) and Flyer Units (a Fly charge may re-roll its
distance and never counts as charging through difficult terrain; Flyers Fall Back 3D6",
always Flying). What these sections do not give is an :class:`InputError` naming the
missing rule, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculators.contract import Dice, Rules, Step
from calculators.spec import InputError
from calculators.unit_types import UNIT_TYPES

__all__ = ["RULES", "WORDS", "MoveDice", "Roll", "charge_dice", "fall_back_dice", "roll_distance", "unit_name"]

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


@dataclass(frozen=True)
class Roll:
    """The dice of one roll for distance: ``count`` d6, keeping the ``keep`` lowest."""

    count: int
    keep: int

    def describe(self) -> str:
        """``3d6"`` or ``4d6" choosing the three lowest``."""
        if self.keep == self.count:
            return f'{self.count}d6"'
        return f'{self.count}d6" choosing the {WORDS[self.keep]} lowest'


#: Numbers of dice as the working writes them.
WORDS = {1: "one", 2: "two", 3: "three"}
_THREE_D6 = Roll(3, 3)
_DIFFICULT = Roll(4, 3)


def roll_distance(roll: Roll, d6: Dice) -> tuple[int, tuple[int, ...]]:
    """Roll for distance with ``d6``: the inches, and the faces rolled."""
    faces = tuple(d6() for _ in range(roll.count))
    return sum(sorted(faces)[: roll.keep]), faces


@dataclass(frozen=True)
class MoveDice:
    """What a move rolls for distance, the rule it follows, and the working that says so."""

    roll: Roll
    reroll: bool
    rule: str
    steps: tuple[Step, ...]


def fall_back_dice(unit_type: str, base: str, *, flyer: bool, difficult: bool) -> MoveDice:
    """A Fall Back move's dice: 3D6" for Beasts, Cavalry and Flyers (always Flying); none for the others."""
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
        return MoveDice(_THREE_D6, reroll=False, rule="flyer-fall-back", steps=tuple(steps))
    if base not in _ROLLERS:
        raise InputError(
            {
                "unit_type": f"The Fall Back distance of {unit_name(unit_type)} is not in these sections of "
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
    return MoveDice(
        _THREE_D6,
        reroll=False,
        rule=key,
        steps=(
            RULES.step(
                f'{base.capitalize()} make Fall Back moves just like Infantry, except that they move 3D6".', key
            ),
        ),
    )


def charge_dice(unit_type: str, base: str, *, flying: bool, difficult: bool) -> MoveDice:
    """A charge's dice: 3d6" for Beasts and Cavalry, 4d6" keeping three through difficult terrain, a Fly re-roll."""
    if base == "artillery":
        raise InputError({"unit_type": "Artillery units cannot charge as long as they include any artillery pieces."})
    if base not in _ROLLERS:
        raise InputError(
            {
                "unit_type": f"The charge distance of {unit_name(unit_type)} is not in these sections of the "
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
        ]
        return MoveDice(_THREE_D6, reroll=True, rule="flyer-charge", steps=tuple(steps))
    if difficult:
        return MoveDice(
            _DIFFICULT,
            reroll=False,
            rule=key,
            steps=(
                RULES.step(
                    f'Charging through difficult terrain, {base} roll 4d6" and choose the three lowest dice.', key
                ),
            ),
        )
    return MoveDice(
        _THREE_D6, reroll=False, rule=key, steps=(RULES.step(f'{base.capitalize()} roll 3d6" when charging.', key),)
    )


def unit_name(unit_type: str) -> str:
    """``flyer-monstrous-creature`` → ``Flyer Monstrous Creature``."""
    return UNIT_TYPES[unit_type].title()
