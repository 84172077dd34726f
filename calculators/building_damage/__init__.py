"""building-damage: the exact odds of hurting a building, and what it does to those inside.

Buildings › Attacking Buildings, Building Types, What can Hurt a Building?

The calculator in four parts, one job each: :mod:`.target` (the inputs and what they
mean), :mod:`.chart` (the Building Damage Chart and one hit), :mod:`.odds` (that hit run
over every face, hit after hit) and :mod:`.words` (the working, the question in one line,
Roll it's lines). This module puts them together.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from calculators.building_damage.chart import CHART, RUINS, Attack, ChartRow, Hit, hit
from calculators.building_damage.odds import odds, penetration
from calculators.building_damage.target import BUILDINGS, INPUTS, READINGS, Target, resolve
from calculators.building_damage.words import RULES, asked, hit_line, plural, why, working_steps
from calculators.contract import Calculator, Computed, Dice, View
from calculators.played import Effect, Played
from calculators.view import average_figure, chance, chart, working

__all__ = ["BUILDINGS", "CALCULATOR", "CHART", "RUINS", "Attack", "ChartRow", "Hit", "hit"]

_MEAN_D6 = Fraction(7, 2)


class ExpectedHits(TypedDict):
    """The average number of hits some models take, and the hits' profile."""

    expected: Fraction
    #: The hits' Strength; ``None`` when nobody is there to be hit.
    strength: int | None
    ap: int


class BuildingDamage(Computed):
    """The exact answer (see :func:`_compute`)."""

    penetration: Fraction
    no_damage: Fraction
    chart: dict[str, Fraction]
    chart_names: dict[str, str]
    chart_rules: dict[str, str]
    #: P(the first hit damages, but its modified roll is off the chart and read as no result).
    off_chart: Fraction
    total_collapse: Fraction
    final_armour_value: dict[str, Fraction]
    damaged_at_least_once: Fraction
    occupant_hits: ExpectedHits
    ranged_hits: ExpectedHits


def _compute(t: Target) -> BuildingDamage:
    """The exact building damage result.

    Returns:
        ``penetration`` and ``no_damage`` for the first hit, ``chart`` (result →
        probability the first hit damages with it), ``total_collapse`` over all hits,
        ``final_armour_value`` (AV → probability the building stands with it),
        ``damaged_at_least_once``, ``occupant_hits`` (expected hits and their Strength),
        ``ranged_hits`` (expected S-1 AP-1 hits on the unit inside) and ``working``.
    """
    result = odds(t.armour_value, t.attack, t.hits)
    first = penetration(t.attack.strength, t.armour_value)
    inside = t.ranged_hits_inside
    standing = {av: p for av, p in result.sections.items() if av != RUINS}
    return {
        "penetration": first,
        "no_damage": 1 - first,
        "chart": {str(k): result.first_chart.get(k, Fraction(0)) for k in CHART},
        "chart_names": {str(k): row.name for k, row in CHART.items()},
        "chart_rules": {str(k): row.rule for k, row in CHART.items()},
        "off_chart": first - sum(result.first_chart.values(), Fraction(0)),
        "total_collapse": result.sections.get(RUINS, Fraction(0)),
        "final_armour_value": {str(av): p for av, p in sorted(standing.items(), reverse=True)},
        "damaged_at_least_once": 1 - (1 - first) ** t.hits,
        "occupant_hits": {
            "expected": result.occupant_dice * _MEAN_D6 if t.occupant_strength is not None else Fraction(0),
            "strength": t.occupant_strength,
            "ap": 0,
        },
        "ranged_hits": {
            "expected": result.damaging_hits if inside else Fraction(0),
            "strength": t.attack.strength - 1 if inside else None,
            "ap": -1,
        },
        "working": working_steps(t),
    }


def _present(t: Target, r: BuildingDamage) -> View:
    hits = t.hits
    damaged = RULES.link("building-damaged")
    if hits == 1:
        headline = chance("Damages the building", r["penetration"], damaged)
    else:
        headline = chance(f"Damages the building at least once in {hits} hits", r["damaged_at_least_once"], damaged)
    figures = [
        chance(f"Total Collapse within {plural(hits, 'hit')}", r["total_collapse"], RULES.link("total-collapse"))
    ]
    occupants, ranged = r["occupant_hits"], r["ranged_hits"]
    if occupants["strength"] is not None:
        figures.append(
            average_figure(f"Average hits on the occupants (S{occupants['strength']} AP0)", occupants["expected"])
        )
    if ranged["strength"] is not None:
        figures.append(
            average_figure(
                f"Average hits on the unit inside, at the weapon's Strength −1 (S{ranged['strength']}) and AP −1",
                ranged["expected"],
                damaged,
            )
        )
    section = [("Collapsed", r["total_collapse"])] + [(f"AV {k}", p) for k, p in r["final_armour_value"].items()]
    first = [("No damage", r["no_damage"])] + [(f"{k}: {r['chart_names'][k]}", p) for k, p in r["chart"].items()]
    if r["off_chart"]:
        first.append(("Off the chart: no result", r["off_chart"]))
    unused = [] if t.custom else ["material"]
    if t.occupants != "inside":
        unused.append("ranged")
    return {
        "asked": asked(t),
        "headline": headline,
        "why": why(t, r["penetration"]),
        "figures": figures,
        "charts": [
            chart(f"The section after {plural(hits, 'hit')}", section),
            chart("The first hit on the Building Damage Chart", first),
        ],
        "tables": [],
        "working": working(r["working"]),
        "unused": unused,
        "can_roll": True,
    }


def _play(t: Target, d6: Dice) -> Played:
    """Play the hits out with real dice: one line per hit, and the section's state.

    The effects are the chart results that changed the section (a reduction, a Total
    Collapse), in order, for the table to apply to the building they hit.
    """
    av = t.armour_value
    lines: list[str] = []
    effects: list[Effect] = []
    for n in range(1, t.hits + 1):
        h = hit(av, t.attack, d6)
        lines.append(hit_line(n, h, t, d6))
        if h.result is not None and (h.loss or CHART[h.result].collapses):
            effects.append({"row": h.result, "loss": h.loss})
        av = h.after
        if av == RUINS:
            lines.append("The section has collapsed into ruins.")
            return {"lines": lines, "effects": effects}
    lines.append(f"The section stands with armour value {av}.")
    return {"lines": lines, "effects": effects}


CALCULATOR: Calculator[Target, BuildingDamage] = Calculator(
    name="building-damage",
    title="Building damage",
    inputs=INPUTS,
    rules=RULES,
    resolve=resolve,
    compute=_compute,
    present=_present,
    play=_play,
    sample={"strength": "8", "hits": "2"},
    readings=READINGS,
)
