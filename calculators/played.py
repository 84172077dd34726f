"""What Roll it gives back: a line per rolled step, and the effects the page may keep.

Most calculators only tell what the dice did. Building damage also says what each hit did
to the section (a chart result and the armour value it took off), and the table applies
that to the building the player picked (``docs/assets/js/table/steps.mjs``).
"""

from __future__ import annotations

from typing import TypedDict

__all__ = ["Effect", "Played"]


class Effect(TypedDict):
    """A Building Damage Chart result (``row``) that changed a section, and the armour value it took off."""

    row: int
    loss: int


class Played(TypedDict):
    """A play-out with real dice: a line per step, and the effects the page may apply."""

    lines: list[str]
    effects: list[Effect]
