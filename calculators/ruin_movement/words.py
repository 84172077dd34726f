"""The words of a ruin movement answer: what a roll allows, the question in one line, and why."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from calculators.contract import Figure, Rules
from calculators.view import chance

if TYPE_CHECKING:
    from calculators.ruin_movement import Choice, Move, RuinMovement

__all__ = ["FLY_RANGE", "MOST_ROLLED", "RULES", "asked", "choice_text", "headline", "most_levels", "why"]

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
#: How far a Flyer is placed when it Flies.
FLY_RANGE = 12
#: The most a Difficult Terrain test can roll.
MOST_ROLLED = 6


def choice_text(choice: Choice) -> str:
    """One move a roll allows, in words (``1 level up or down and 1 inch horizontally``)."""
    levels, inches = choice["levels"], choice["horizontal"]
    if levels == 0:
        return f'{inches}" horizontally'
    level_text = f"{levels} level{'s' if levels != 1 else ''} up or down"
    return f'{level_text} and {inches}" horizontally' if inches else level_text


def asked(move: Move) -> str:
    """The inputs in one line (``Infantry · 3-inch levels · roll 4``)."""
    parts = [move.unit_type.capitalize()]
    if move.flyer:
        parts.append("flying" if move.flying else "normal move")
    if move.fight_in_ranks:
        parts.append("Fight in Ranks")
    parts.append(f'{move.height}" levels')
    if move.roll is not None and move.test:
        parts.append(f"roll {move.roll}")
    return " · ".join(parts)


def why(move: Move) -> str | None:
    """Why the unit cannot climb, or takes no test, in one line."""
    if move.fight_in_ranks and not move.can_climb:
        return "In Fight in Ranks formation a unit moves only on the ground level."
    if not move.can_climb:
        return f"{move.base.capitalize()} stay on the ground level: only Beasts, Infantry and Flyers climb in ruins."
    if move.flying:
        return "Flyers are not hindered by difficult terrain: no Difficult Terrain test."
    if move.height > MOST_ROLLED:
        return f'With {move.height}" between levels, no Difficult Terrain roll (6" at most) reaches the next level.'
    return None


def headline(move: Move, r: RuinMovement, climb: list[Fraction]) -> Figure:
    """The answer in one figure: where a flying unit goes, what a given roll allows, or the chance to climb."""
    if move.flying:
        levels = len(climb)
        if not move.can_climb:
            reach = "on the ground level"
        elif r["any_level"]:
            reach = "on any level (the climb does not count)"
        else:
            reach = f'on any level (up to {levels} level{"s" if levels != 1 else ""} of {move.height}")'

        return {
            "label": "Flying",
            "text": f'placed within {FLY_RANGE}" of its start, {reach}',
            "exact": None,
            "rule": RULES.link("flyers-in-ruins"),
        }
    if move.roll is not None:
        (choices,) = r["rolls"].values()
        return {
            "label": f"A roll of {move.roll} allows",
            "text": ", or ".join(choice_text(c) for c in choices),
            "exact": None,
            "rule": RULES.link("level-cost"),
        }
    if climb:
        return chance("Change level on the test", climb[0], RULES.link("level-cost"))
    return chance("Change level on the test", Fraction(0), RULES.link("who-can-climb"))


def most_levels(climb: list[Fraction]) -> list[tuple[str, Fraction]]:
    """P(the roll allows at most, and exactly, k levels) from P(at least k levels), k = 1, 2, ..."""
    at_least = [Fraction(1), *climb, Fraction(0)]
    return [(f"{k} level{'s' if k != 1 else ''}", at_least[k] - at_least[k + 1]) for k in range(len(at_least) - 1)]
