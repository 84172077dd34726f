"""Where the charge and Fall Back rules are silent: the readings, and the working that names them.

See :mod:`calculators.readings`. Each option is read in ``_resolve`` (the package's
``__init__``) and said in the working by the steps below.
"""

from __future__ import annotations

from calculators.charge_and_fall_back.moves import RULES
from calculators.contract import Step
from calculators.readings import Reading

__all__ = ["FLY_REROLL", "READINGS", "ROLL_REACHES", "reaches_step", "reroll_step"]

FLY_REROLL = Reading(
    id="fly-reroll",
    question="A Flyer's Fly charge re-rolls its distance: which roll counts?",
    rules=("unit-types#flyer-units-close-combat-phase-uses-fly-move-instead-charge",),
    options={
        "second": "The re-roll, even when it is lower: it replaces the first roll, which fell short.",
        "better": "The better of the two rolls (with no distance given, a player always re-rolls).",
    },
    short={"second": "the re-roll stands", "better": "the better roll counts"},
    default="second",
    why='A word reads two ways: "it can re-roll its charge distance" does not say whether the first roll '
    "may still count after the re-roll.",
)
ROLL_REACHES = Reading(
    id="roll-reaches",
    question="Does a roll for distance equal to the distance needed make it?",
    rules=(
        "unit-types#beasts-close-combat-roll-3d6-when-charging-when",
        "unit-types#cavalry-close-combat-roll-3d6-when-charging-when",
        "unit-types#flyer-units-close-combat-phase-uses-fly-move-instead-charge",
    ),
    options={
        "equal": "Yes: a roll of at least the distance needed makes it.",
        "greater": "No: only a roll greater than the distance needed makes it.",
    },
    short={"equal": "a roll equal to the distance makes it", "greater": "only a greater roll makes it"},
    default="equal",
    why="The rules are silent: they give the dice of a charge or a Fall Back move, not whether a roll "
    "equal to the distance to go is enough.",
)
READINGS = (FLY_REROLL, ROLL_REACHES)


def reroll_step(*, better: bool, distance: int | None) -> Step:
    """Which roll a Fly charge's re-roll keeps, as the reading ``fly-reroll`` has it."""
    if better:
        text = "The rules do not say which roll counts after the re-roll; read here as the better of the two" + (
            " (with no distance given, a player always re-rolls)." if distance is None else "."
        )
    elif distance is None:
        text = (
            "The rules do not say which roll counts after the re-roll; read here as the re-roll standing "
            "(the site's reading), so with no distance given there is nothing to fall short of: "
            "the first roll stands."
        )
    else:
        text = (
            "The rules do not say which roll counts after the re-roll; read here as the re-roll standing "
            "(the site's reading): a first roll that falls short is re-rolled."
        )
    return RULES.step(text, "flyer-charge", FLY_REROLL)


def reaches_step(*, greater: bool, distance: int, rule: str) -> Step:
    """What makes the distance, as the reading ``roll-reaches`` has it."""
    if greater:
        text = (
            f'The rules do not say whether a roll of exactly {distance}" makes it; read here as no: '
            f'{distance + 1}" or more.'
        )
    else:
        text = (
            f'The rules do not say whether a roll of exactly {distance}" makes it; read here as yes '
            f"(the site's reading): {distance}\" or more."
        )
    return RULES.step(text, rule, ROLL_REACHES)
