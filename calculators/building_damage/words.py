"""The words of a building damage answer: the working, the one-line question, why, and Roll it.

Formatting only: every figure comes from :mod:`.odds` or :mod:`.chart`; every line of
working cites its rule (:data:`RULES`).
"""

from __future__ import annotations

from fractions import Fraction

from calculators.building_damage.chart import AT_ZERO, CHART, RUINS, ChartRow, Hit
from calculators.building_damage.target import CHART_BEYOND, MAX_STRENGTH, Target
from calculators.contract import Dice, Rules, Step

__all__ = ["RULES", "asked", "hit_line", "plural", "why", "working_steps"]

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


def plural(count: int, word: str) -> str:
    """``1 hit``, ``3 hits``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def _dice_text(count: int) -> str:
    return "d6" if count == 1 else f"{count}d6"


# ----------------------------------------------------------------------------- the working


def _building_step(t: Target) -> Step:
    if t.custom:
        return RULES.step(f"Custom {t.material} building with armour value {t.armour_value}.", "building-types")
    if t.given is None:
        return RULES.step(f"A {t.name} usually has armour value {t.usual}.", "building-types")
    return RULES.step(
        f"A {t.name} (usually armour value {t.usual}) at its current armour value {t.given}.", "building-types"
    )


def _modifier_steps(t: Target) -> list[Step]:
    modifier = t.attack.modifier
    if modifier == 1:
        step = RULES.step("Flame attack against a wooden building: +1 on the Damage Chart.", "flame-attacks")
    elif modifier == -1:
        step = RULES.step("Shock attack against a stone building: -1 on the Damage Chart.", "shock-attacks")
    elif t.attack_kind != "normal":
        return [
            RULES.step(
                f"A {t.attack_kind} attack has no chart modifier against a {t.material} building.",
                f"{t.attack_kind}-attacks",
            )
        ]
    else:
        return []
    if t.attack.nearest:
        read = "read here as counting as 1 or 6 (the site's reading)"
    else:
        read = "read here as off the chart: the hit damages the building, but no chart result applies"
    reading = RULES.step(
        f"The rules do not say what a modified result below 1 or above 6 means; {read}.",
        step["rule"],
        CHART_BEYOND,
    )
    return [step, reading]


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


def _effect_steps(t: Target) -> list[Step]:
    steps = []
    if t.occupants == "battlements":
        steps.append(
            RULES.step("The unit on the battlements takes the chart's hits at Strength 3, not 6.", "battlements-damage")
        )
    if t.ranged_hits_inside:
        steps.append(
            RULES.step(
                f"Each damaging ranged hit also hits the unit inside at S{t.attack.strength - 1}, AP -1.",
                "building-damaged",
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
            f"with its {_dice_text(AT_ZERO.occupant_dice)} hits "
            "(added to any hits of the result that brought it there).",
            "zero-armour-value",
        )
    )
    if t.hits > 1:
        steps.append(
            RULES.step(
                f"The {t.hits} hits are rolled one after another; each meets the section as the earlier ones "
                "left it (lower armour value, or already collapsed).",
                "breach",
            )
        )
    return steps


def working_steps(t: Target) -> list[Step]:
    """The whole working: the building, the chart modifier, the roll needed, what the results do."""
    return [
        _building_step(t),
        *_modifier_steps(t),
        _roll_step(t.attack.strength, t.armour_value),
        *_effect_steps(t),
    ]


# ----------------------------------------------------------------------------- the question and why


def asked(t: Target) -> str:
    """The inputs in one line: ``S9 · shock · stone house (AV 13) · 3 hits · unit inside``."""
    parts = [f"S{t.attack.strength}"]
    if t.attack_kind != "normal":
        parts.append(t.attack_kind)
    parts += [f"{t.name} (AV {t.armour_value})", plural(t.hits, "hit")]
    if t.ranged:
        parts.append("ranged")
    parts.append(t.occupants_words)
    return " · ".join(parts)


def why(t: Target, penetration: Fraction) -> str | None:
    """Why the building can never, or always, be damaged (``penetration`` is 0 or 1 then)."""
    strength, av = t.attack.strength, t.armour_value
    if penetration == 0:
        needed = av - 5
        if needed > MAX_STRENGTH:
            return f"S{strength} + d6 cannot beat armour value {av}: no Strength up to {MAX_STRENGTH} can."
        return f"S{strength} + d6 cannot beat armour value {av}: needs Strength {needed} or more."
    if penetration == 1:
        return f"S{strength} + d6 always beats armour value {av}: even a roll of 1 makes {strength + 1}."
    return None


# ----------------------------------------------------------------------------- Roll it


def hit_line(n: int, h: Hit, t: Target, d6: Dice) -> str:
    """What one hit's dice did, in words; rolls the occupants' hit dice it reports."""
    s, total = t.attack.strength, t.attack.strength + h.roll
    if h.face is None:
        return f"Hit {n}: rolled {h.roll}, S{s} + {h.roll} = {total}, not above AV {h.before}: no damage."
    modifier = t.attack.modifier
    if h.result is None:
        line = (
            f"Hit {n}: rolled {h.roll}, {total} beats AV {h.before}. "
            f"Chart {h.face} {modifier:+d} = {h.face + modifier}: off the chart, no result"
        )
        return line + (f"; 1 S{s - 1} AP-1 hit on the unit inside." if t.ranged_hits_inside else ".")
    row = CHART[h.result]
    shown = f"{h.face} {modifier:+d} = {h.result}" if modifier else f"{h.face}"
    line = f"Hit {n}: rolled {h.roll}, {total} beats AV {h.before}. Chart {shown}: {row.name}"
    if t.ranged_hits_inside:
        line += f"; 1 S{s - 1} AP-1 hit on the unit inside"
    if row.occupant_dice:
        line += _occupant_hits(row.occupant_dice, t, d6)
    if h.loss:
        line += f"; armour value -{h.loss} = {h.before - h.loss}"
        if h.after == RUINS:
            line += ": Total Collapse" + _occupant_hits(AT_ZERO.occupant_dice, t, d6)
    return line + "."


def _occupant_hits(count: int, t: Target, d6: Dice) -> str:
    if t.occupant_strength is None:
        return ""
    dice = [d6() for _ in range(count)]
    rolled = f"{dice[0]}" if count == 1 else f"{' + '.join(map(str, dice))} = {sum(dice)}"
    return f"; {_dice_text(count)} hits on the occupants: {rolled} at S{t.occupant_strength}"
