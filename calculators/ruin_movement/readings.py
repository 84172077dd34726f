"""Where the ruin movement rules are silent: the readings, and the working that names them.

See :mod:`calculators.readings`. Each option is read in ``_resolve`` (the package's
``__init__``) and said in the working by the steps below.
"""

from __future__ import annotations

from calculators.contract import Step
from calculators.readings import Reading
from calculators.ruin_movement.words import FLY_RANGE, RULES

__all__ = ["FLY_CLIMB", "RANKS_FLYING", "READINGS", "fly_climb_step", "ranks_flying_step"]

FLY_CLIMB = Reading(
    id="fly-climb",
    question='A Flyer that Flies into a ruin is placed within 12" of its start: '
    'do the levels it climbs count in those 12"?',
    rules=("ruins#flyers-remember-flyers-not-hindered-difficult",),
    options={
        "counted": 'Yes: each level climbed counts its height inside the 12" (12 ÷ the level height levels at most).',
        "free": 'No: it may be placed on any level, within 12" of its start across the ground.',
    },
    short={"counted": 'the climb counts in the 12"', "free": "any level, the climb is free"},
    default="counted",
    why='A word reads two ways: "placed within 12" of their starting point, including on a different level '
    'of a ruin" does not say whether the height climbed is part of the 12".',
)
RANKS_FLYING = Reading(
    id="ranks-flying",
    question="May a unit in Fight in Ranks formation that Flies be placed on another level of a ruin?",
    rules=(
        "ruins#moving-within-ruins-only-certain-troops-capable-clambering",
        "ruins#flyers-remember-flyers-not-hindered-difficult",
    ),
    options={
        "ground": "No: in Fight in Ranks formation a unit moves only on the ground level, flying or not.",
        "any-level": 'Yes: a Flying unit is placed within 12", including on a different level, in any formation.',
    },
    short={"ground": "Fight in Ranks keeps it on the ground", "any-level": "flying, it may go to any level"},
    default="ground",
    why="Two rules collide: only a unit without the Fight in Ranks formation may clamber to the upper "
    'levels, and Flyers moving into a ruin are placed "including on a different level".',
)
READINGS = (FLY_CLIMB, RANKS_FLYING)


def fly_climb_step(*, free: bool, levels: int, height: int) -> Step:
    """Whether the climb counts in a Flying unit's 12", as the reading ``fly-climb`` has it."""
    said = f'The rules do not say whether the height climbed counts in the {FLY_RANGE}"; read here as '
    if free:
        return RULES.step(said + "not counting: any level.", "flyers-in-ruins", FLY_CLIMB)
    return RULES.step(
        said + f"counting (the site's reading): up to {levels} level(s) of {height}\".",
        "flyers-in-ruins",
        FLY_CLIMB,
    )


def ranks_flying_step(*, fly_up: bool) -> Step:
    """Whether Fight in Ranks keeps a Flying unit on the ground, as the reading ``ranks-flying`` has it."""
    said = 'Flyers moving into a ruin are placed within 12", including on a different level; read here as '
    if fly_up:
        return RULES.step(
            said + "the Flyers' rule winning: it may go to another level.", "flyers-in-ruins", RANKS_FLYING
        )
    return RULES.step(
        said + "Fight in Ranks winning (the site's reading): it stays on the ground level.",
        "who-can-climb",
        RANKS_FLYING,
    )
