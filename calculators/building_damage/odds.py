"""The exact odds of many hits on one section: :func:`.chart.hit` run over every face.

Weights stay whole numbers (over ``6**3`` per hit, the most dice one hit rolls:
penetration, chart, armour loss) until the end: exact, and much faster than adding
Fractions at every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculators.building_damage.chart import RUINS, Attack, hit
from calculators.contract import Dice
from calculators.dice import outcome_counts

__all__ = ["Odds", "odds", "penetration"]

# One hit's outcomes: (section after, damaged, chart result or None, occupant dice) →
# weight over _HIT_WEIGHT.
_Kernel = dict[tuple[int, bool, int | None, int], int]
_HIT_WEIGHT = 6**3


def _kernel(armour_value: int, attack: Attack) -> _Kernel:
    """Every way one hit on a section with this armour value can go, exactly."""

    def one(d6: Dice) -> tuple[int, bool, int | None, int]:
        h = hit(armour_value, attack, d6)
        return h.after, h.damaged, h.result, h.occupant_dice

    counts, total = outcome_counts(one)
    return {outcome: count * (_HIT_WEIGHT // total) for outcome, count in counts.items()}


@dataclass(frozen=True)
class Odds:
    """The exact state of the section after every hit, and what was gathered on the way.

    Attributes:
        sections: Armour value (or :data:`RUINS`) → probability, after the last hit.
        first_chart: Chart result → probability that the first hit damages with it (a
            roll off the chart, read as no result, is in none).
        occupant_dice: The expected number of d6 of hits the occupants suffer.
        damaging_hits: The expected number of hits that damage the building.
    """

    sections: dict[int, Fraction]
    first_chart: dict[int, Fraction]
    occupant_dice: Fraction
    damaging_hits: Fraction


def odds(start: int, attack: Attack, hits: int) -> Odds:
    """Run one hit over every face, hit after hit, from armour value ``start``; a collapsed section stays so."""
    sections = {start: 1}
    first_chart: dict[int, int] = {}
    occupant_dice = damaging = Fraction(0)
    kernels: dict[int, _Kernel] = {}  # one per armour value the section can have
    for n in range(hits):
        nxt: dict[int, int] = {}
        step_dice = step_damaging = 0
        for av, weight in sections.items():
            if av == RUINS:
                nxt[RUINS] = nxt.get(RUINS, 0) + weight * _HIT_WEIGHT
                continue
            if av not in kernels:
                kernels[av] = _kernel(av, attack)
            for (after, damaged, result, dice), count in kernels[av].items():
                w = weight * count
                nxt[after] = nxt.get(after, 0) + w
                step_dice += w * dice
                if damaged:
                    step_damaging += w
                if result is not None and n == 0:
                    first_chart[result] = first_chart.get(result, 0) + w
        sections = nxt
        occupant_dice += Fraction(step_dice, _HIT_WEIGHT ** (n + 1))
        damaging += Fraction(step_damaging, _HIT_WEIGHT ** (n + 1))
    total = _HIT_WEIGHT**hits
    # A guard of exactness no input reaches: every branch above splits a weight into parts that
    # add up to it (test_building_damage checks the sum). Its message is never read, so it is
    # not mutated; the test above it is.
    if sum(sections.values()) != total:
        raise ArithmeticError("building states do not add up to 1")  # pragma: no mutate - see above
    return Odds(
        sections={av: Fraction(w, total) for av, w in sections.items()},
        first_chart={result: Fraction(w, _HIT_WEIGHT) for result, w in first_chart.items()},
        occupant_dice=occupant_dice,
        damaging_hits=damaging,
    )


def penetration(strength: int, armour_value: int) -> Fraction:
    """P(Strength + d6 > armour value)."""
    return Fraction(sum(1 for face in range(1, 7) if strength + face > armour_value), 6)
