"""The one place where calculators name the site's rules.

Calculators cite rules by a stable key; this maps each key to the rule's id on the site
(``page#id``, from ``anchors.lock.json``; a test checks every one exists).
"""

from __future__ import annotations

__all__ = ["RULES", "rule_link"]

RULES: dict[str, str] = {
    # Buildings › Attacking Buildings
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
    # Ruins › Moving within Ruins
    "who-can-climb": "ruins#moving-within-ruins-only-certain-troops-capable-clambering",
    "level-cost": "ruins#infantry-even-though-different-building-models",
    "level-examples": "ruins#infantry-ruins-difficult-terrain-means-1",
    "level-distance": "ruins#infantry-distance-between-levels-ruin-not",
    "level-too-high": "ruins#infantry-distance-between-levels-greater-than",
    "flyers-in-ruins": "ruins#flyers-remember-flyers-not-hindered-difficult",
    # Unit Types
    "shooting-at-artillery": "unit-types#artillery-shooting-at-artillery-unit-roll-d6-each-hit",
    "monstrous-cavalry-hits": "unit-types#monstrous-cavalry-close-combat-each-hit-against-against-monstrous",
}


def rule_link(key: str) -> str:
    """The ``page#id`` of a rule key, or :class:`KeyError` for an unknown key."""
    try:
        return RULES[key]
    except KeyError:
        raise KeyError(f"no rule is mapped to the key {key!r}") from None
