"""building-damage: the exact odds of hurting a building, and what it does to those inside.

Buildings › Attacking Buildings, Building Types, What can Hurt a Building?
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from calculators.dice import die, map_outcomes
from calculators.spec import Input, validate
from calculators.working import Step

__all__ = ["BUILDINGS", "INPUTS", "NAME", "TITLE", "calculate"]

NAME = "building-damage"
TITLE = "Building damage"

#: Building type → (material, usual armour value), from Buildings › Building Types.
BUILDINGS: dict[str, tuple[str, int]] = {
    "castle-strongpoint": ("stone", 20),
    "stone-tower": ("stone", 18),
    "stone-house": ("stone", 13),
    "wooden-tower": ("wooden", 12),
    "wooden-house": ("wooden", 10),
}
_MAX_AV = 30
_CHART_NAMES = {
    1: "Breach!",
    2: "Tremor",
    3: "Partial Collapse",
    4: "Structural Collapse",
    5: "Catastrophic Breach",
    6: "Total Collapse",
}
_CHART_RULES = {
    1: "breach",
    2: "tremor",
    3: "partial-collapse",
    4: "structural-collapse",
    5: "catastrophic-breach",
    6: "total-collapse",
}
_COLLAPSE_HITS = Fraction(7)  # 2d6
_PARTIAL_HITS = Fraction(7, 2)  # d6

INPUTS = (
    Input("strength", "Weapon Strength", "int", "The Strength of the weapon rolling against the building.", 6, 1, 10),
    Input(
        "building",
        "Building",
        "choice",
        "The building type; its usual armour value is used unless you give the current one.",
        "stone-house",
        choices=(*BUILDINGS, "custom"),
    ),
    Input(
        "material",
        "Material",
        "choice",
        "Stone or wooden; needed only for a custom building.",
        None,
        choices=("stone", "wooden"),
    ),
    Input(
        "armour_value",
        "Armour value",
        "int",
        "The section's current armour value; leave empty for the type's usual value.",
        None,
        1,
        _MAX_AV,
    ),
    Input(
        "attack",
        "Attack",
        "choice",
        "Flame gets +1 on the chart against wooden buildings, Shock -1 against stone.",
        "normal",
        choices=("normal", "flame", "shock"),
    ),
    Input("hits", "Hits", "int", "How many hits strike the same section, one after another.", 1, 1, 20),
    Input("ranged", "Ranged weapon", "bool", "A damaging ranged hit also hits the unit inside.", False),
    Input(
        "occupants",
        "Occupants",
        "choice",
        "Where the occupying unit is: inside, on the battlements, or no unit.",
        "inside",
        choices=("inside", "battlements", "none"),
    ),
)


def _resolve_building(v: dict[str, Any]) -> tuple[str, int, list[Step]]:
    """The building's material and starting armour value, checked against each other."""
    building, material, av = v["building"], v["material"], v["armour_value"]
    if building == "custom":
        if material is None:
            raise ValueError("Material (material) is required for a custom building: give one of stone, wooden.")
        if av is None:
            raise ValueError(
                f"Armour value (armour_value) is required for a custom building: give a whole number from 1 to {_MAX_AV}."
            )
        return material, av, [Step(f"Custom {material} building with armour value {av}.", "building-types")]
    usual_material, usual_av = BUILDINGS[building]
    if material is not None and material != usual_material:
        raise ValueError(
            f"Material (material) must be empty or {usual_material} for {building}; "
            f"choose building=custom for a {material} building."
        )
    name = building.replace("-", " ")
    if av is None:
        return usual_material, usual_av, [Step(f"A {name} usually has armour value {usual_av}.", "building-types")]
    return (
        usual_material,
        av,
        [Step(f"A {name} (usually armour value {usual_av}) at its current armour value {av}.", "building-types")],
    )


def _chart_distribution(modifier: int) -> dict[int, Fraction]:
    """The Building Damage Chart result after the modifier, counted within 1..6."""
    return map_outcomes(die(6), lambda face: min(6, max(1, face + modifier)))


def _penetration(strength: int, av: int) -> Fraction:
    """P(Strength + d6 > armour value)."""
    return Fraction(sum(1 for face in range(1, 7) if strength + face > av), 6)


def calculate(**given: object) -> dict[str, Any]:
    """Validate the inputs, then compute the exact building damage result.

    Returns:
        ``penetration`` and ``no_damage`` for the first hit, ``chart`` (result →
        probability the first hit damages with it), ``total_collapse`` over all hits,
        ``final_armour_value`` (AV → probability the building stands with it),
        ``damaged_at_least_once``, ``occupant_hits`` (expected hits and their Strength),
        ``ranged_hits`` (expected S-1 AP-1 hits on the unit inside) and ``working``.
    """
    v = validate(INPUTS, given, calculator=NAME)
    material, start_av, working = _resolve_building(v)
    strength, hits, attack = v["strength"], v["hits"], v["attack"]
    assert isinstance(strength, int)
    assert isinstance(hits, int)
    occupants, ranged = v["occupants"], bool(v["ranged"])

    modifier = 0
    if attack == "flame" and material == "wooden":
        modifier = 1
        working.append(Step("Flame attack against a wooden building: +1 on the Damage Chart.", "flame-attacks"))
    elif attack == "shock" and material == "stone":
        modifier = -1
        working.append(Step("Shock attack against a stone building: -1 on the Damage Chart.", "shock-attacks"))
    elif attack != "normal":
        working.append(Step(f"A {attack} attack has no chart modifier against a {material} building.", f"{attack}-attacks"))
    if modifier:
        working.append(
            Step(
                "The rules do not say what a modified result below 1 or above 6 means; "
                "this site counts it as 1 or 6.",
                "flame-attacks" if modifier > 0 else "shock-attacks",
            )
        )
    chart = _chart_distribution(modifier)

    need = start_av - strength + 1
    if need > 6:
        roll_text = f"S{strength} + d6 can never beat armour value {start_av}"
    elif need <= 1:
        roll_text = f"S{strength} + d6 always beats armour value {start_av}"
    else:
        roll_text = f"S{strength} + d6 beats armour value {start_av} on a roll of {need}+"
    working.append(Step(f"A hit damages the building when Strength + d6 is greater than its armour value: {roll_text}.", "building-damaged"))

    hit_strength = 3 if occupants == "battlements" else 6
    if occupants == "battlements":
        working.append(Step("The unit on the battlements takes the chart's hits at Strength 3, not 6.", "battlements-damage"))
    if ranged and occupants == "inside":
        working.append(
            Step(f"Each damaging ranged hit also hits the unit inside at S{strength - 1}, AP -1.", "building-damaged")
        )
    working.extend(
        [
            Step("1 Breach!: armour value -d3.", "breach"),
            Step("3 Partial Collapse: d6 S6 hits on the occupants.", "partial-collapse"),
            Step("4 Structural Collapse: 2d6 S6 hits and armour value -d3.", "structural-collapse"),
            Step("5 Catastrophic Breach: armour value -d6.", "catastrophic-breach"),
            Step("6 Total Collapse: 2d6 S6 hits; the occupants flee and the building becomes ruins.", "total-collapse"),
            Step(
                "Armour value 0 or less: the building immediately suffers Total Collapse, "
                "with its 2d6 hits (added to any hits of the result that brought it there).",
                "zero-armour-value",
            ),
        ]
    )
    if hits > 1:
        working.append(
            Step(
                f"The {hits} hits are rolled one after another; each meets the section as the earlier ones "
                "left it (lower armour value, or already collapsed).",
                "breach",
            )
        )

    standing: dict[int, Fraction] = {start_av: Fraction(1)}
    collapsed = Fraction(0)
    occupant_hits = Fraction(0)
    ranged_hits = Fraction(0)
    first_chart: dict[int, Fraction] = {}
    first_pen = _penetration(strength, start_av)
    for n in range(hits):
        nxt: dict[int, Fraction] = {}
        for av, p_av in standing.items():
            pen = _penetration(strength, av)
            miss = p_av * (1 - pen)
            if miss:
                nxt[av] = nxt.get(av, Fraction(0)) + miss
            if not pen:
                continue
            p_dmg = p_av * pen
            if ranged and occupants == "inside":
                ranged_hits += p_dmg
            for result, p_result in chart.items():
                p = p_dmg * p_result
                if n == 0:
                    first_chart[result] = first_chart.get(result, Fraction(0)) + p
                collapsed_here, hits_here = _apply(result, av, p, nxt)
                collapsed += collapsed_here
                occupant_hits += hits_here
        standing = nxt
    stand_total = sum(standing.values(), Fraction(0))
    assert collapsed + stand_total == 1

    return {
        "calculator": NAME,
        "inputs": v,
        "penetration": first_pen,
        "no_damage": 1 - first_pen,
        "chart": {str(k): first_chart.get(k, Fraction(0)) for k in range(1, 7)},
        "chart_names": {str(k): name for k, name in _CHART_NAMES.items()},
        "chart_rules": {str(k): _CHART_RULES[k] for k in range(1, 7)},
        "total_collapse": collapsed,
        "final_armour_value": {str(av): p for av, p in sorted(standing.items(), reverse=True)},
        "damaged_at_least_once": _damaged_at_least_once(strength, start_av, hits),
        "occupant_hits": {
            "expected": occupant_hits if occupants != "none" else Fraction(0),
            "strength": hit_strength if occupants != "none" else None,
            "ap": 0,
        },
        "ranged_hits": {
            "expected": ranged_hits,
            "strength": strength - 1 if ranged and occupants == "inside" else None,
            "ap": -1,
        },
        "working": [s.as_dict() for s in working],
    }


def _apply(result: int, av: int, p: Fraction, nxt: dict[int, Fraction]) -> tuple[Fraction, Fraction]:
    """Add one chart result's outcomes to ``nxt``.

    Returns:
        The probability that this result collapses the building, and the expected chart
        hits it scores on the occupants (weighted by ``p``).
    """
    if result == 6:
        return p, p * _COLLAPSE_HITS
    hits = Fraction(0)
    if result == 3:
        hits = p * _PARTIAL_HITS
    if result == 4:
        hits = p * _COLLAPSE_HITS
    if result in (2, 3):
        nxt[av] = nxt.get(av, Fraction(0)) + p
        return Fraction(0), hits
    loss = die(6) if result == 5 else die(3)
    collapsed = Fraction(0)
    for amount, p_loss in loss.items():
        q = p * p_loss
        left = av - amount
        if left <= 0:
            collapsed += q
            hits += q * _COLLAPSE_HITS
        else:
            nxt[left] = nxt.get(left, Fraction(0)) + q
    return collapsed, hits


def _damaged_at_least_once(strength: int, start_av: int, hits: int) -> Fraction:
    """P(at least one of the hits damages the building).

    Until the first damage the building keeps its starting armour value, so each hit
    before it misses with the same probability.
    """
    return 1 - (1 - _penetration(strength, start_av)) ** hits
