"""The Building Damage Chart, and one hit on a building section.

Buildings › Attacking Buildings: the Armour Penetration Roll, the chart and what each of
its results does. One hit is one step, :func:`hit`: it takes the section's armour value
and a source of d6 faces and says what the dice did. The exact odds run that step over
every face it can roll (:mod:`.odds`); Roll it runs the same step with the page's dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculators.contract import Dice

__all__ = ["AT_ZERO", "CHART", "RUINS", "Attack", "ChartRow", "Hit", "chart_modifier", "hit"]


@dataclass(frozen=True)
class ChartRow:
    """One result of the Building Damage Chart and what it does.

    Attributes:
        name: The result's name as the chart prints it.
        rule: The rule key of the chart row.
        occupant_dice: How many d6 of S6 hits the occupying units suffer.
        armour_loss: The die the section's armour value is reduced by (3 for d3, 6 for
            d6), or 0.
        collapses: Whether the section becomes ruins.
    """

    name: str
    rule: str
    occupant_dice: int = 0
    armour_loss: int = 0
    collapses: bool = False


#: The Building Damage Chart: the one place that says which results hurt the occupants,
#: reduce the armour value or bring the building down.
CHART: dict[int, ChartRow] = {
    1: ChartRow("Breach!", "breach", armour_loss=3),
    2: ChartRow("Tremor", "tremor"),
    3: ChartRow("Partial Collapse", "partial-collapse", occupant_dice=1),
    4: ChartRow("Structural Collapse", "structural-collapse", occupant_dice=2, armour_loss=3),
    5: ChartRow("Catastrophic Breach", "catastrophic-breach", armour_loss=6),
    6: ChartRow("Total Collapse", "total-collapse", occupant_dice=2, collapses=True),
}
#: "If a Building reaches 0 armour value, it immediately suffers Total Collapse."
AT_ZERO = CHART[6]
#: The state of a section that has collapsed (a standing section has armour value 1 or more).
RUINS = 0


def chart_modifier(attack: str, material: str) -> int:
    """What Flame (+1 against wooden) and Shock (-1 against stone) add to the chart roll."""
    if attack == "flame" and material == "wooden":
        return 1
    if attack == "shock" and material == "stone":
        return -1
    return 0


@dataclass(frozen=True)
class Attack:
    """What stays the same from hit to hit: the weapon's Strength, the chart modifier and how it is read.

    Attributes:
        strength: The weapon's Strength.
        modifier: What Flame or Shock adds to the chart roll against this material.
        nearest: The reading ``chart-beyond``: a modified roll below 1 or above 6 counts
            as 1 or 6 (``True``, the site's reading), or gives no chart result (``False``).
    """

    strength: int
    modifier: int
    nearest: bool = True


@dataclass(frozen=True)
class Hit:
    """One hit on a standing section: the faces it rolled and what they did.

    Attributes:
        before: The section's armour value when the hit struck.
        roll: The Armour Penetration Roll.
        face: The chart die, when the hit damaged the building.
        result: The chart result after the modifier (counted within 1..6 when the attack
            reads it so); ``None`` when the hit did no damage, or its roll went off the chart.
        loss: How much the armour value went down.
        occupant_dice: How many d6 of hits the occupants suffer from this hit (the
            chart row's, and Total Collapse's when the armour value reached 0).
    """

    before: int
    roll: int
    face: int | None = None
    result: int | None = None
    loss: int = 0
    occupant_dice: int = 0

    @property
    def damaged(self) -> bool:
        """Whether the hit damaged the building (the chart was rolled)."""
        return self.face is not None

    @property
    def after(self) -> int:
        """The section after the hit: its armour value, or :data:`RUINS`."""
        if self.result is not None and CHART[self.result].collapses:
            return RUINS
        return max(RUINS, self.before - self.loss)


def hit(armour_value: int, attack: Attack, d6: Dice) -> Hit:
    """Strike a standing section once, rolling each die the rules call for with ``d6``.

    The Armour Penetration Roll; if Strength + roll beats the armour value, the chart
    roll (with the attack's modifier; off the chart, counted as 1 or 6 or no result, as
    the attack reads it); if the result reduces the armour value, that die (a d3 is read
    from a d6 as ``(face + 1) // 2``).
    """
    roll = d6()
    if attack.strength + roll <= armour_value:
        return Hit(armour_value, roll)
    face = d6()
    modified = face + attack.modifier
    if modified not in CHART and not attack.nearest:
        return Hit(armour_value, roll, face)
    result = min(6, max(1, modified))
    row = CHART[result]
    loss = 0
    if row.armour_loss == 6:
        loss = d6()
    elif row.armour_loss == 3:
        loss = (d6() + 1) // 2
    dice = row.occupant_dice
    if not row.collapses and armour_value - loss <= 0:
        dice += AT_ZERO.occupant_dice
    return Hit(armour_value, roll, face, result, loss, dice)
