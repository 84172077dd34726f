"""building-damage: the exact odds of hurting a building, and what it does to those inside.

Buildings › Attacking Buildings, Building Types, What can Hurt a Building?

One hit is one step, :func:`hit`: it takes the section's armour value and a source of d6
faces and says what the dice did. The exact odds run that step over every face it can
roll (:func:`calculators.dice.outcome_counts`), hit after hit; Roll it runs the same
step with the page's dice; the working is written from the same chart table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from calculators.contract import Calculator, Checked, Dice, Result, Rules, Step, View
from calculators.dice import outcome_counts
from calculators.spec import Input, InputError, as_bool, as_int, as_optional_int, as_optional_str, as_str
from calculators.view import average_figure, chance, chart, working

__all__ = ["BUILDINGS", "CALCULATOR", "CHART", "RUINS", "Attack", "ChartRow", "Hit", "hit"]

#: Building type → (material, usual armour value), from Buildings › Building Types.
BUILDINGS: dict[str, tuple[str, int]] = {
    "castle-strongpoint": ("stone", 20),
    "stone-tower": ("stone", 18),
    "stone-house": ("stone", 13),
    "wooden-tower": ("wooden", 12),
    "wooden-house": ("wooden", 10),
}
_MAX_AV = 30
_MAX_STRENGTH = 10
_MEAN_D6 = Fraction(7, 2)

RULES = Rules(
    {
        "roll-to-penetrate": "buildings#attacking-buildings-when-rolling-wound-against-building",
        "penetration-roll": "buildings#attacking-buildings-roll-d6-armour-penetration-roll",
        "building-damaged": "buildings#attacking-buildings-result-greater-than-armour-value",
        "breach": "buildings#breach",
        "tremor": "buildings#tremor",
        "partial-collapse": "buildings#partial-collapse",
        "structural-collapse": "buildings#structural-collapse",
        "catastrophic-breach": "buildings#catastrophic-breach",
        "total-collapse": "buildings#total-collapse",
        "zero-armour-value": "buildings#attacking-buildings-building-reaches-0-armour-value",
        "battlements-damage": (
            "buildings#attacking-buildings-battlements-and-building-damage-unit-battlements-slightly-less-prone"
        ),
        "building-types": "buildings#building-types",
        "flame-attacks": "buildings#what-can-hurt-a-building-flame-attacks-get-1-damage",
        "shock-attacks": "buildings#what-can-hurt-a-building-shock-attacks-get-1-damage",
    }
)


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
_AT_ZERO = CHART[6]
#: The state of a section that has collapsed (a standing section has armour value 1 or more).
RUINS = 0

INPUTS = (
    Input(
        "strength",
        "Weapon Strength",
        "int",
        "The Strength of the weapon rolling against the building.",
        6,
        1,
        _MAX_STRENGTH,
    ),
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


# ----------------------------------------------------------------------------- one hit


@dataclass(frozen=True)
class Attack:
    """What stays the same from hit to hit: the weapon's Strength and the chart modifier."""

    strength: int
    modifier: int


@dataclass(frozen=True)
class Hit:
    """One hit on a standing section: the faces it rolled and what they did.

    Attributes:
        before: The section's armour value when the hit struck.
        roll: The Armour Penetration Roll.
        face: The chart die, when the hit damaged the building.
        result: The chart result after the modifier, counted within 1..6.
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
    def after(self) -> int:
        """The section after the hit: its armour value, or :data:`RUINS`."""
        if self.result is not None and CHART[self.result].collapses:
            return RUINS
        return max(RUINS, self.before - self.loss)


def hit(armour_value: int, attack: Attack, d6: Dice) -> Hit:
    """Strike a standing section once, rolling each die the rules call for with ``d6``.

    The Armour Penetration Roll; if Strength + roll beats the armour value, the chart
    roll (with the attack's modifier, counted within 1..6); if the result reduces the
    armour value, that die (a d3 is read from a d6 as ``(face + 1) // 2``).
    """
    roll = d6()
    if attack.strength + roll <= armour_value:
        return Hit(armour_value, roll)
    face = d6()
    result = min(6, max(1, face + attack.modifier))
    row = CHART[result]
    loss = 0
    if row.armour_loss == 6:
        loss = d6()
    elif row.armour_loss == 3:
        loss = (d6() + 1) // 2
    dice = row.occupant_dice
    if not row.collapses and armour_value - loss <= 0:
        dice += _AT_ZERO.occupant_dice
    return Hit(armour_value, roll, face, result, loss, dice)


# One hit's outcomes: (section after, chart result or None, occupant dice) → weight over
# _HIT_WEIGHT, the most dice one hit rolls (penetration, chart, armour loss: 6**3).
_Kernel = dict[tuple[int, int | None, int], int]
_HIT_WEIGHT = 6**3


def _kernel(armour_value: int, attack: Attack) -> _Kernel:
    """Every way one hit on a section with this armour value can go, exactly."""

    def one(d6: Dice) -> tuple[int, int | None, int]:
        h = hit(armour_value, attack, d6)
        return h.after, h.result, h.occupant_dice

    counts, total = outcome_counts(one)
    return {outcome: count * (_HIT_WEIGHT // total) for outcome, count in counts.items()}


@dataclass
class _Odds:
    """The exact state of the section after every hit, and what was gathered on the way."""

    sections: dict[int, Fraction]
    first_chart: dict[int, Fraction]
    occupant_dice: Fraction
    damaging_hits: Fraction


def _odds(start: int, attack: Attack, hits: int) -> _Odds:
    """Run :func:`hit` over every face, hit after hit; a collapsed section stays so.

    Weights stay whole numbers (over ``_HIT_WEIGHT ** n`` after n hits) until the end:
    exact, and much faster than adding Fractions at every step.
    """
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
            for (after, result, dice), count in kernels[av].items():
                w = weight * count
                nxt[after] = nxt.get(after, 0) + w
                step_dice += w * dice
                if result is not None:
                    step_damaging += w
                    if n == 0:
                        first_chart[result] = first_chart.get(result, 0) + w
        sections = nxt
        occupant_dice += Fraction(step_dice, _HIT_WEIGHT ** (n + 1))
        damaging += Fraction(step_damaging, _HIT_WEIGHT ** (n + 1))
    total = _HIT_WEIGHT**hits
    if sum(sections.values()) != total:
        raise ArithmeticError("building states do not add up to 1")
    return _Odds(
        sections={av: Fraction(w, total) for av, w in sections.items()},
        first_chart={result: Fraction(w, _HIT_WEIGHT) for result, w in first_chart.items()},
        occupant_dice=occupant_dice,
        damaging_hits=damaging,
    )


# ----------------------------------------------------------------------------- inputs and working


def _resolve_building(v: Checked) -> tuple[str, int, list[Step]]:
    """The building's material and starting armour value, checked against each other."""
    building = as_str(v, "building")
    material = as_optional_str(v, "material")
    av = as_optional_int(v, "armour_value")
    if building == "custom":
        if material is None:
            raise InputError({"material": "Material is required for a custom building: give one of stone, wooden."})
        if av is None:
            raise InputError(
                {
                    "armour_value": "Armour value is required for a custom building: "
                    f"give a whole number from 1 to {_MAX_AV}."
                }
            )
        return material, av, [RULES.step(f"Custom {material} building with armour value {av}.", "building-types")]
    usual_material, usual_av = BUILDINGS[building]
    if material is not None and material != usual_material:
        raise InputError(
            {
                "material": f"Material must be empty or {usual_material} for a {building.replace('-', ' ')}; "
                f"choose a custom building for a {material} one."
            }
        )
    name = building.replace("-", " ")
    if av is None:
        return (
            usual_material,
            usual_av,
            [RULES.step(f"A {name} usually has armour value {usual_av}.", "building-types")],
        )
    step = RULES.step(f"A {name} (usually armour value {usual_av}) at its current armour value {av}.", "building-types")
    return usual_material, av, [step]


def _chart_modifier(attack: str, material: str) -> tuple[int, list[Step]]:
    """The Damage Chart modifier for this attack and material, with its working."""
    if attack == "flame" and material == "wooden":
        modifier, step = (
            1,
            RULES.step("Flame attack against a wooden building: +1 on the Damage Chart.", "flame-attacks"),
        )
    elif attack == "shock" and material == "stone":
        modifier, step = (
            -1,
            RULES.step("Shock attack against a stone building: -1 on the Damage Chart.", "shock-attacks"),
        )
    elif attack != "normal":
        return 0, [
            RULES.step(f"A {attack} attack has no chart modifier against a {material} building.", f"{attack}-attacks")
        ]
    else:
        return 0, []
    reading = RULES.step(
        "The rules do not say what a modified result below 1 or above 6 means; this site counts it as 1 or 6.",
        step["rule"],
    )
    return modifier, [step, reading]


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
    return RULES.step(
        f"A hit damages the building when Strength + d6 is greater than its armour value: {roll_text}.",
        "building-damaged",
    )


def _dice_text(count: int) -> str:
    return "d6" if count == 1 else f"{count}d6"


def _row_effect(row: ChartRow) -> str:
    """What a chart row does, in a few words, from the table itself."""
    parts = []
    if row.occupant_dice:
        parts.append(f"{_dice_text(row.occupant_dice)} S6 hits")
    if row.armour_loss:
        parts.append(f"armour value -d{row.armour_loss}")
    text = " and ".join(parts)
    if row.collapses:
        return text + "; the occupants flee and the building becomes ruins"
    if row.occupant_dice and not row.armour_loss:
        return text + " on the occupants"
    return text


def _effect_steps(*, strength: int, occupants: str, ranged: bool, hits: int) -> list[Step]:
    steps = []
    if occupants == "battlements":
        steps.append(
            RULES.step("The unit on the battlements takes the chart's hits at Strength 3, not 6.", "battlements-damage")
        )
    if ranged and occupants == "inside":
        steps.append(
            RULES.step(
                f"Each damaging ranged hit also hits the unit inside at S{strength - 1}, AP -1.", "building-damaged"
            )
        )
    steps += [
        RULES.step(f"{n} {row.name}: {_row_effect(row)}.", row.rule)
        for n, row in CHART.items()
        if row.occupant_dice or row.armour_loss or row.collapses
    ]
    steps.append(
        RULES.step(
            "Armour value 0 or less: the building immediately suffers Total Collapse, "
            f"with its {_dice_text(_AT_ZERO.occupant_dice)} hits "
            "(added to any hits of the result that brought it there).",
            "zero-armour-value",
        )
    )
    if hits > 1:
        steps.append(
            RULES.step(
                f"The {hits} hits are rolled one after another; each meets the section as the earlier ones "
                "left it (lower armour value, or already collapsed).",
                "breach",
            )
        )
    return steps


# ----------------------------------------------------------------------------- the calculator


class ExpectedHits(TypedDict):
    """The average number of hits some models take, and the hits' profile."""

    expected: Fraction
    #: The hits' Strength; ``None`` when nobody is there to be hit.
    strength: int | None
    ap: int


class BuildingDamageResult(Result):
    """The exact answer (see :func:`_compute`)."""

    penetration: Fraction
    no_damage: Fraction
    chart: dict[str, Fraction]
    chart_names: dict[str, str]
    chart_rules: dict[str, str]
    total_collapse: Fraction
    final_armour_value: dict[str, Fraction]
    damaged_at_least_once: Fraction
    occupant_hits: ExpectedHits
    ranged_hits: ExpectedHits


def _compute(v: Checked) -> BuildingDamageResult:
    """The exact building damage result.

    Returns:
        ``penetration`` and ``no_damage`` for the first hit, ``chart`` (result →
        probability the first hit damages with it), ``total_collapse`` over all hits,
        ``final_armour_value`` (AV → probability the building stands with it),
        ``damaged_at_least_once``, ``occupant_hits`` (expected hits and their Strength),
        ``ranged_hits`` (expected S-1 AP-1 hits on the unit inside) and ``working``.
    """
    material, start_av, steps = _resolve_building(v)
    strength, hits = as_int(v, "strength"), as_int(v, "hits")
    occupants, ranged = as_str(v, "occupants"), as_bool(v, "ranged")
    modifier, modifier_steps = _chart_modifier(as_str(v, "attack"), material)
    steps += [*modifier_steps, _roll_step(strength, start_av)]
    steps += _effect_steps(strength=strength, occupants=occupants, ranged=ranged, hits=hits)

    odds = _odds(start_av, Attack(strength, modifier), hits)
    first_pen = _penetration(strength, start_av)
    hits_inside = ranged and occupants == "inside"
    standing = {av: p for av, p in odds.sections.items() if av != RUINS}
    return {
        "calculator": CALCULATOR.name,
        "inputs": dict(v),
        "penetration": first_pen,
        "no_damage": 1 - first_pen,
        "chart": {str(k): odds.first_chart.get(k, Fraction(0)) for k in CHART},
        "chart_names": {str(k): row.name for k, row in CHART.items()},
        "chart_rules": {str(k): row.rule for k, row in CHART.items()},
        "total_collapse": odds.sections.get(RUINS, Fraction(0)),
        "final_armour_value": {str(av): p for av, p in sorted(standing.items(), reverse=True)},
        "damaged_at_least_once": 1 - (1 - first_pen) ** hits,
        "occupant_hits": {
            "expected": odds.occupant_dice * _MEAN_D6 if occupants != "none" else Fraction(0),
            "strength": (3 if occupants == "battlements" else 6) if occupants != "none" else None,
            "ap": 0,
        },
        "ranged_hits": {
            "expected": odds.damaging_hits if hits_inside else Fraction(0),
            "strength": strength - 1 if hits_inside else None,
            "ap": -1,
        },
        "working": steps,
    }


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


_OCCUPANTS = {"inside": "unit inside", "battlements": "unit on the battlements", "none": "no unit"}


def _asked(v: Checked, material: str, av: int) -> str:
    """The inputs in one line: ``S9 · shock · stone house (AV 13) · 3 hits · unit inside``."""
    building = as_str(v, "building")
    name = f"{material} building" if building == "custom" else building.replace("-", " ")
    parts = [f"S{as_int(v, 'strength')}"]
    if as_str(v, "attack") != "normal":
        parts.append(as_str(v, "attack"))
    parts += [f"{name} (AV {av})", _plural(as_int(v, "hits"), "hit")]
    if as_bool(v, "ranged"):
        parts.append("ranged")
    parts.append(_OCCUPANTS[as_str(v, "occupants")])
    return " · ".join(parts)


def _why(strength: int, av: int, penetration: Fraction) -> str | None:
    """Why the building can never, or always, be damaged."""
    if penetration == 0:
        needed = av - 5
        if needed > _MAX_STRENGTH:
            return f"S{strength} + d6 cannot beat armour value {av}: no Strength up to {_MAX_STRENGTH} can."
        return f"S{strength} + d6 cannot beat armour value {av}: needs Strength {needed} or more."
    if penetration == 1:
        return f"S{strength} + d6 always beats armour value {av}: even a roll of 1 makes {strength + 1}."
    return None


def _present(r: BuildingDamageResult) -> View:
    v = r["inputs"]
    material, av, _ = _resolve_building(v)
    strength, hits = as_int(v, "strength"), as_int(v, "hits")
    damaged = RULES.link("building-damaged")
    if hits == 1:
        headline = chance("Damages the building", r["penetration"], damaged)
    else:
        headline = chance(f"Damages the building at least once in {hits} hits", r["damaged_at_least_once"], damaged)
    figures = [
        chance(f"Total Collapse within {_plural(hits, 'hit')}", r["total_collapse"], RULES.link("total-collapse"))
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
    unused = [] if as_str(v, "building") == "custom" else ["material"]
    if as_str(v, "occupants") != "inside":
        unused.append("ranged")
    return {
        "asked": _asked(v, material, av),
        "headline": headline,
        "why": _why(strength, av, r["penetration"]),
        "figures": figures,
        "charts": [
            chart(f"The section after {_plural(hits, 'hit')}", section),
            chart("The first hit on the Building Damage Chart", first),
        ],
        "tables": [],
        "working": working(r["working"]),
        "unused": unused,
        "can_roll": True,
    }


def _play(v: Checked, d6: Dice) -> list[str]:
    """Play the hits out with real dice: one line per hit, and the section's state."""
    material, av, _ = _resolve_building(v)
    modifier, _ = _chart_modifier(as_str(v, "attack"), material)
    attack = Attack(as_int(v, "strength"), modifier)
    occupants, ranged = as_str(v, "occupants"), as_bool(v, "ranged")
    lines: list[str] = []
    for n in range(1, as_int(v, "hits") + 1):
        h = hit(av, attack, d6)
        lines.append(_hit_line(n, h, attack, occupants=occupants, ranged=ranged, d6=d6))
        av = h.after
        if av == RUINS:
            lines.append("The section has collapsed into ruins.")
            return lines
    lines.append(f"The section stands with armour value {av}.")
    return lines


def _hit_line(n: int, h: Hit, attack: Attack, *, occupants: str, ranged: bool, d6: Dice) -> str:
    """What one hit's dice did, in words; rolls the occupants' hit dice it reports."""
    s, total = attack.strength, attack.strength + h.roll
    if h.result is None or h.face is None:
        return f"Hit {n}: rolled {h.roll}, S{s} + {h.roll} = {total}, not above AV {h.before}: no damage."
    row = CHART[h.result]
    shown = f"{h.face} {attack.modifier:+d} = {h.result}" if attack.modifier else f"{h.face}"
    line = f"Hit {n}: rolled {h.roll}, {total} beats AV {h.before}. Chart {shown}: {row.name}"
    if ranged and occupants == "inside":
        line += f"; 1 S{s - 1} AP-1 hit on the unit inside"
    if row.occupant_dice:
        line += _occupant_hits(row.occupant_dice, occupants, d6)
    if h.loss:
        line += f"; armour value -{h.loss} = {h.before - h.loss}"
        if h.after == RUINS:
            line += ": Total Collapse" + _occupant_hits(_AT_ZERO.occupant_dice, occupants, d6)
    return line + "."


def _occupant_hits(count: int, occupants: str, d6: Dice) -> str:
    if occupants == "none":
        return ""
    dice = [d6() for _ in range(count)]
    rolled = f"{dice[0]}" if count == 1 else f"{' + '.join(map(str, dice))} = {sum(dice)}"
    strength = 3 if occupants == "battlements" else 6
    return f"; {_dice_text(count)} hits on the occupants: {rolled} at S{strength}"


CALCULATOR: Calculator[BuildingDamageResult] = Calculator(
    name="building-damage",
    title="Building damage",
    inputs=INPUTS,
    rules=RULES,
    compute=_compute,
    present=_present,
    play=_play,
)
