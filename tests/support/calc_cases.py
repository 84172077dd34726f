"""Input sets the browser tests run through the page and compare with CPython."""

from __future__ import annotations

# (calculator section id, inputs typed into its form)
CASES: list[tuple[str, dict[str, str]]] = [
    ("calc-building-damage", {"strength": "6", "building": "wooden-house", "attack": "flame", "hits": "3"}),
    ("calc-building-damage", {"strength": "10", "building": "stone-house", "attack": "shock", "hits": "2"}),
    ("calc-building-damage", {"strength": "9", "building": "stone-house"}),
    ("calc-building-damage", {"strength": "4", "building": "castle-strongpoint", "hits": "20"}),
    ("calc-building-damage", {"strength": "8", "building": "wooden-tower", "ranged": "true", "hits": "4"}),
    ("calc-building-damage", {"strength": "7", "building": "custom", "material": "wooden", "armour_value": "9"}),
    ("calc-building-damage", {"strength": "10", "building": "stone-tower", "armour_value": "12", "hits": "5"}),
    ("calc-building-damage", {"strength": "6", "building": "wooden-house", "occupants": "battlements", "hits": "2"}),
    ("calc-building-damage", {"strength": "5", "building": "custom", "material": "stone", "armour_value": "3"}),
    ("calc-ruin-movement", {"unit_type": "infantry"}),
    ("calc-ruin-movement", {"unit_type": "beasts", "level_height": "2"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "level_height": "6", "roll": "6"}),
    ("calc-ruin-movement", {"unit_type": "cavalry"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "fight_in_ranks": "true"}),
    ("calc-ruin-movement", {"unit_type": "flyer-monstrous-creature", "level_height": "5"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "level_height": "9", "roll": "4"}),
    ("calc-hit-split-artillery", {"hits": "1"}),
    ("calc-hit-split-artillery", {"hits": "7"}),
    ("calc-hit-split-artillery", {"hits": "60"}),
    ("calc-hit-split-monstrous-cavalry", {"hits": "3"}),
    ("calc-hit-split-monstrous-cavalry", {"hits": "12"}),
    ("calc-hit-split-monstrous-cavalry", {"hits": "45"}),
    ("calc-charge-and-fall-back", {"unit_type": "cavalry", "difficult": "true", "distance": "9"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-beasts", "fly": "true", "distance": "12"}),
    ("calc-charge-and-fall-back", {"unit_type": "beasts", "move": "fall-back"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-monstrous-creature", "move": "fall-back", "distance": "14"}),
]

PAGE_OF = {
    "calc-building-damage": "buildings/",
    "calc-ruin-movement": "ruins/",
    "calc-hit-split-artillery": "unit-types/",
    "calc-hit-split-monstrous-cavalry": "unit-types/",
    "calc-charge-and-fall-back": "unit-types/",
}
CALCULATOR_OF = {
    "calc-building-damage": "building-damage",
    "calc-ruin-movement": "ruin-movement",
    "calc-hit-split-artillery": "hit-split",
    "calc-hit-split-monstrous-cavalry": "hit-split",
    "calc-charge-and-fall-back": "charge-and-fall-back",
}
FIXED = {
    "calc-hit-split-artillery": {"target": "artillery"},
    "calc-hit-split-monstrous-cavalry": {"target": "monstrous-cavalry"},
}
#: Every calculator section on the site.
SECTIONS = sorted(PAGE_OF)
#: The charge and fall-back calculator's section.
CHARGE_SECTION = "calc-charge-and-fall-back"
