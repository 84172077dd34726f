"""What the player asks about: the inputs, and what they mean for one building section.

Buildings › Building Types gives each type its material and usual armour value; a
custom building needs both. :func:`resolve` turns checked inputs into a :class:`Target`
once; the odds, the working and Roll it all read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculators.building_damage.chart import Attack, chart_modifier
from calculators.contract import Checked
from calculators.readings import Reading, option_of
from calculators.spec import Input, InputError, as_bool, as_int, as_optional_int, as_optional_str, as_str

__all__ = ["BUILDINGS", "CHART_BEYOND", "INPUTS", "MAX_AV", "MAX_STRENGTH", "READINGS", "Target", "resolve"]

#: Building type → (material, usual armour value), from Buildings › Building Types.
BUILDINGS: dict[str, tuple[str, int]] = {
    "castle-strongpoint": ("stone", 20),
    "stone-tower": ("stone", 18),
    "stone-house": ("stone", 13),
    "wooden-tower": ("wooden", 12),
    "wooden-house": ("wooden", 10),
}
MAX_AV = 30
MAX_STRENGTH = 10
#: The occupants' Strength when the chart hits them: on the battlements, and otherwise.
_BATTLEMENTS_STRENGTH = 3
_INSIDE_STRENGTH = 6

OCCUPANTS = Input.choice(
    "occupants",
    "Occupants",
    help="Where the occupying unit is: inside, on the battlements, or no unit.",
    choices={"inside": "unit inside", "battlements": "unit on the battlements", "none": "no unit"},
    default="inside",
)
BUILDING = Input.choice(
    "building",
    "Building",
    help="The building type; its usual armour value is used unless you give the current one.",
    choices={
        "castle-strongpoint": "castle strongpoint",
        "stone-tower": "stone tower",
        "stone-house": "stone house",
        "wooden-tower": "wooden tower",
        "wooden-house": "wooden house",
        "custom": "custom",
    },
    default="wooden-house",
)
INPUTS = (
    Input.int(
        "strength",
        "Weapon Strength",
        help="The Strength of the weapon rolling against the building.",
        default=6,
        minimum=1,
        maximum=MAX_STRENGTH,
    ),
    BUILDING,
    Input.choice(
        "material",
        "Material",
        help="Stone or wooden; needed only for a custom building.",
        choices={"stone": "stone", "wooden": "wooden"},
    ),
    Input.int(
        "armour_value",
        "Armour value",
        help="The section's current armour value; leave empty for the type's usual value.",
        minimum=1,
        maximum=MAX_AV,
    ),
    Input.choice(
        "attack",
        "Attack",
        help="Flame gets +1 on the chart against wooden buildings, Shock -1 against stone.",
        choices={"normal": "normal", "flame": "flame", "shock": "shock"},
        default="normal",
    ),
    Input.int(
        "hits",
        "Hits",
        help="How many hits strike the same section, one after another.",
        default=1,
        minimum=1,
        maximum=20,
    ),
    Input.bool("ranged", "Ranged weapon", help="A damaging ranged hit also hits the unit inside."),
    OCCUPANTS,
)

#: Where the rules are silent (see :mod:`calculators.readings`).
CHART_BEYOND = Reading(
    id="chart-beyond",
    question="What does a Damage Chart roll that Flame or Shock takes below 1 or above 6 mean?",
    rules=(
        "buildings#what-can-hurt-a-building-flame-attacks-get-1-damage",
        "buildings#what-can-hurt-a-building-shock-attacks-get-1-damage",
        "buildings#attacking-buildings-result-greater-than-armour-value",
    ),
    options={
        "nearest": "It counts as the nearest result: 0 as 1 (Breach!), 7 as 6 (Total Collapse).",
        "nothing": "It is off the chart: the hit damages the building, but no chart result applies.",
    },
    short={"nearest": "counted as 1 or 6", "nothing": "off the chart: no result"},
    default="nearest",
    why="The rules are silent: Flame's +1 turns a chart roll of 6 into 7 and Shock's -1 a 1 into 0, "
    "and the chart has results 1 to 6 only.",
)
READINGS = (CHART_BEYOND,)


@dataclass(frozen=True)
class Target:
    """What the inputs mean: the section, the attack on it, and who is there to be hurt.

    Attributes:
        custom: Whether the building is a custom one (no type).
        name: The building in words (``stone house``; ``wooden building`` for a custom one).
        material: ``stone`` or ``wooden``.
        usual: The type's usual armour value (``None`` for a custom building).
        given: The current armour value the player gave, if any.
        armour_value: The section's armour value when the first hit strikes.
        attack_kind: ``normal``, ``flame`` or ``shock``.
        attack: The weapon's Strength and the chart modifier against this material.
        hits: How many hits strike, one after another.
        occupants: ``inside``, ``battlements`` or ``none``.
        occupants_words: Where the occupants are, in words (``unit inside``).
        occupant_strength: The Strength of the chart's hits on them (``None``: nobody there).
        ranged: Whether the weapon is a ranged one.
    """

    custom: bool
    name: str
    material: str
    usual: int | None
    given: int | None
    armour_value: int
    attack_kind: str
    attack: Attack
    hits: int
    occupants: str
    occupants_words: str
    occupant_strength: int | None
    ranged: bool

    @property
    def ranged_hits_inside(self) -> bool:
        """Whether each damaging hit also hits the unit inside (a ranged weapon, a unit inside)."""
        return self.ranged and self.occupants == "inside"


def _building(v: Checked) -> tuple[str, int | None, int]:
    """The material, the type's usual armour value and the starting one, checked against each other."""
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
                    f"give a whole number from 1 to {MAX_AV}."
                }
            )
        return material, None, av
    usual_material, usual_av = BUILDINGS[building]
    if material is not None and material != usual_material:
        raise InputError(
            {
                "material": f"Material must be empty or {usual_material} for a {BUILDING.words(building)}; "
                f"choose a custom building for a {material} one."
            }
        )
    return usual_material, usual_av, usual_av if av is None else av


def resolve(v: Checked) -> Target:
    """What checked inputs mean, or :class:`InputError` for a building they contradict."""
    material, usual, start = _building(v)
    building, occupants, attack = as_str(v, "building"), as_str(v, "occupants"), as_str(v, "attack")
    custom = building == "custom"
    strength = {"battlements": _BATTLEMENTS_STRENGTH, "none": None}.get(occupants, _INSIDE_STRENGTH)
    return Target(
        custom=custom,
        name=f"{material} building" if custom else BUILDING.words(building),
        material=material,
        usual=usual,
        given=as_optional_int(v, "armour_value"),
        armour_value=start,
        attack_kind=attack,
        attack=Attack(
            as_int(v, "strength"),
            chart_modifier(attack, material),
            nearest=option_of(v, CHART_BEYOND) == "nearest",
        ),
        hits=as_int(v, "hits"),
        occupants=occupants,
        occupants_words=OCCUPANTS.words(occupants),
        occupant_strength=strength,
        ranged=as_bool(v, "ranged"),
    )
