"""building-damage: the exact odds of hurting a building, and what it does to those inside.

Buildings › Attacking Buildings, Building Types, What can Hurt a Building?
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from calculators.dice import die, map_outcomes
from calculators.spec import (
    Input,
    InputError,
    Value,
    as_bool,
    as_int,
    as_optional_int,
    as_optional_str,
    as_str,
    validate,
)
from calculators.working import Step

__all__ = ["BUILDINGS", "INPUTS", "NAME", "TITLE", "calculate", "play"]

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
    Input("ranged", "Ranged weapon", "bool", "A damaging ranged hit also hits the unit inside.", default=False),
    Input(
        "occupants",
        "Occupants",
        "choice",
        "Where the occupying unit is: inside, on the battlements, or no unit.",
        "inside",
        choices=("inside", "battlements", "none"),
    ),
)


def _resolve_building(v: dict[str, Value]) -> tuple[str, int, list[Step]]:
    """The building's material and starting armour value, checked against each other."""
    building = as_str(v, "building")
    material = as_optional_str(v, "material")
    av = as_optional_int(v, "armour_value")
    if building == "custom":
        if material is None:
            raise InputError(
                {"material": "Material (material) is required for a custom building: give one of stone, wooden."}
            )
        if av is None:
            raise InputError(
                {
                    "armour_value": "Armour value (armour_value) is required for a custom building: "
                    f"give a whole number from 1 to {_MAX_AV}."
                }
            )
        return material, av, [Step(f"Custom {material} building with armour value {av}.", "building-types")]
    usual_material, usual_av = BUILDINGS[building]
    if material is not None and material != usual_material:
        raise InputError(
            {
                "material": f"Material (material) must be empty or {usual_material} for {building}; "
                f"choose building=custom for a {material} building."
            }
        )
    name = building.replace("-", " ")
    if av is None:
        return usual_material, usual_av, [Step(f"A {name} usually has armour value {usual_av}.", "building-types")]
    step = Step(f"A {name} (usually armour value {usual_av}) at its current armour value {av}.", "building-types")
    return usual_material, av, [step]


def _chart_modifier(attack: str, material: str) -> tuple[int, list[Step]]:
    """The Damage Chart modifier for this attack and material, with its working."""
    if attack == "flame" and material == "wooden":
        modifier, step = 1, Step("Flame attack against a wooden building: +1 on the Damage Chart.", "flame-attacks")
    elif attack == "shock" and material == "stone":
        modifier, step = -1, Step("Shock attack against a stone building: -1 on the Damage Chart.", "shock-attacks")
    elif attack != "normal":
        return 0, [Step(f"A {attack} attack has no chart modifier against a {material} building.", f"{attack}-attacks")]
    else:
        return 0, []
    reading = Step(
        "The rules do not say what a modified result below 1 or above 6 means; this site counts it as 1 or 6.",
        step.rule,
    )
    return modifier, [step, reading]


def _chart_distribution(modifier: int) -> dict[int, Fraction]:
    """The Building Damage Chart result after the modifier, counted within 1..6."""
    return map_outcomes(die(6), lambda face: min(6, max(1, face + modifier)))


def _penetration(strength: int, av: int) -> Fraction:
    """P(Strength + d6 > armour value)."""
    return Fraction(sum(1 for face in range(1, 7) if strength + face > av), 6)


def _roll_step(strength: int, av: int) -> Step:
    need = av - strength + 1
    if need > 6:
        roll_text = f"S{strength} + d6 can never beat armour value {av}"
    elif need <= 1:
        roll_text = f"S{strength} + d6 always beats armour value {av}"
    else:
        roll_text = f"S{strength} + d6 beats armour value {av} on a roll of {need}+"
    return Step(
        f"A hit damages the building when Strength + d6 is greater than its armour value: {roll_text}.",
        "building-damaged",
    )


def _effect_steps(*, strength: int, occupants: str, ranged: bool, hits: int) -> list[Step]:
    steps = []
    if occupants == "battlements":
        steps.append(
            Step("The unit on the battlements takes the chart's hits at Strength 3, not 6.", "battlements-damage")
        )
    if ranged and occupants == "inside":
        steps.append(
            Step(f"Each damaging ranged hit also hits the unit inside at S{strength - 1}, AP -1.", "building-damaged")
        )
    steps += [
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
    if hits > 1:
        steps.append(
            Step(
                f"The {hits} hits are rolled one after another; each meets the section as the earlier ones "
                "left it (lower armour value, or already collapsed).",
                "breach",
            )
        )
    return steps


@dataclass
class _Outcome:
    """The exact state after every hit, and the expectations gathered on the way."""

    standing: dict[int, Fraction]
    collapsed: Fraction
    occupant_hits: Fraction
    damaging_hits: Fraction
    first_chart: dict[int, Fraction]


def _roll_all_hits(strength: int, start_av: int, hits: int, chart: dict[int, Fraction]) -> _Outcome:
    """Carry the exact distribution over the section's state through the hits one by one.

    A state is "standing with armour value a" or "collapsed"; a collapsed section stays so.
    """
    out = _Outcome({start_av: Fraction(1)}, Fraction(0), Fraction(0), Fraction(0), {})
    for n in range(hits):
        nxt: dict[int, Fraction] = {}
        for av, p_av in out.standing.items():
            pen = _penetration(strength, av)
            if pen < 1:
                nxt[av] = nxt.get(av, Fraction(0)) + p_av * (1 - pen)
            if not pen:
                continue
            out.damaging_hits += p_av * pen
            for result, p_result in chart.items():
                p = p_av * pen * p_result
                if n == 0:
                    out.first_chart[result] = out.first_chart.get(result, Fraction(0)) + p
                collapsed, occupant_hits = _apply(result, av, p, nxt)
                out.collapsed += collapsed
                out.occupant_hits += occupant_hits
        out.standing = nxt
    return out


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
    strength, hits = as_int(v, "strength"), as_int(v, "hits")
    occupants, ranged = as_str(v, "occupants"), as_bool(v, "ranged")
    modifier, modifier_steps = _chart_modifier(as_str(v, "attack"), material)
    working += [*modifier_steps, _roll_step(strength, start_av)]
    working += _effect_steps(strength=strength, occupants=occupants, ranged=ranged, hits=hits)

    out = _roll_all_hits(strength, start_av, hits, _chart_distribution(modifier))
    if out.collapsed + sum(out.standing.values(), Fraction(0)) != 1:
        raise ArithmeticError("building states do not add up to 1")
    first_pen = _penetration(strength, start_av)
    hits_inside = ranged and occupants == "inside"
    return {
        "calculator": NAME,
        "inputs": v,
        "penetration": first_pen,
        "no_damage": 1 - first_pen,
        "chart": {str(k): out.first_chart.get(k, Fraction(0)) for k in range(1, 7)},
        "chart_names": {str(k): name for k, name in _CHART_NAMES.items()},
        "chart_rules": {str(k): _CHART_RULES[k] for k in range(1, 7)},
        "total_collapse": out.collapsed,
        "final_armour_value": {str(av): p for av, p in sorted(out.standing.items(), reverse=True)},
        "damaged_at_least_once": 1 - (1 - first_pen) ** hits,
        "occupant_hits": {
            "expected": out.occupant_hits if occupants != "none" else Fraction(0),
            "strength": (3 if occupants == "battlements" else 6) if occupants != "none" else None,
            "ap": 0,
        },
        "ranged_hits": {
            "expected": out.damaging_hits if hits_inside else Fraction(0),
            "strength": strength - 1 if hits_inside else None,
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


@dataclass
class _Table:
    """The dice and the section while a play-out goes on."""

    d6: Callable[[], int]
    strength: int
    modifier: int
    occupants: str
    ranged: bool
    av: int

    def occupant_hits(self, count: int) -> str:
        if self.occupants == "none":
            return ""
        dice = [self.d6() for _ in range(count)]
        rolled = f"{dice[0]}" if count == 1 else f"{' + '.join(map(str, dice))} = {sum(dice)}"
        strength = 3 if self.occupants == "battlements" else 6
        return f"; {count}d6 hits on the occupants: {rolled} at S{strength}"

    def hit(self, n: int) -> tuple[str, bool]:
        """Roll one hit; returns its line and whether the section collapsed."""
        roll, s, av = self.d6(), self.strength, self.av
        if s + roll <= av:
            return f"Hit {n}: rolled {roll}, S{s} + {roll} = {s + roll}, not above AV {av}: no damage.", False
        face = self.d6()
        result = min(6, max(1, face + self.modifier))
        shown = f"{face} {self.modifier:+d} = {result}" if self.modifier else f"{face}"
        line = f"Hit {n}: rolled {roll}, {s + roll} beats AV {av}. Chart {shown}: {_CHART_NAMES[result]}"
        if self.ranged and self.occupants == "inside":
            line += f"; 1 S{s - 1} AP-1 hit on the unit inside"
        if result in (3, 4, 6):
            line += self.occupant_hits(1 if result == 3 else 2)
        if result in (1, 4, 5):
            loss = self.d6() if result == 5 else (self.d6() + 1) // 2
            self.av -= loss
            line += f"; armour value -{loss} = {self.av}"
            if self.av <= 0:
                line += ": Total Collapse" + self.occupant_hits(2)
        return line + ".", result == 6 or self.av <= 0


def play(given: dict[str, object], d6: Callable[[], int]) -> list[str]:
    """Play the hits out with real dice from ``d6`` (the page passes crypto-random faces).

    Returns:
        One line per hit, saying the faces and what they do, and a last line with the
        section's state.
    """
    v = validate(INPUTS, given, calculator=NAME)
    material, av, _ = _resolve_building(v)
    modifier, _ = _chart_modifier(as_str(v, "attack"), material)
    table = _Table(d6, as_int(v, "strength"), modifier, as_str(v, "occupants"), as_bool(v, "ranged"), av)
    lines: list[str] = []
    for n in range(1, as_int(v, "hits") + 1):
        line, collapsed = table.hit(n)
        lines.append(line)
        if collapsed:
            lines.append("The section has collapsed into ruins.")
            return lines
    lines.append(f"The section stands with armour value {table.av}.")
    return lines
