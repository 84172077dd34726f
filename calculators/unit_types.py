"""The Unit Types categories the calculators take, and their Flyer forms (``flyer-cavalry``).

A Flyer is a unit of one of the six categories that can also fly, so each category has
a Flyer form; the rules a Flyer follows on the ground are its category's.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["BASE_TYPES", "UNIT_TYPES", "base_type", "is_flyer"]

#: The six categories of the Unit Types section → their words.
BASE_TYPES = MappingProxyType(
    {
        "infantry": "infantry",
        "beasts": "beasts",
        "cavalry": "cavalry",
        "monstrous-creature": "monstrous creature",
        "monstrous-cavalry": "monstrous cavalry",
        "artillery": "artillery",
    }
)
_FLYER = "flyer-"
#: Every unit type a calculator takes (the categories, then their Flyer forms) → its words.
UNIT_TYPES = MappingProxyType(
    {**BASE_TYPES, **{f"{_FLYER}{value}": f"flyer {words}" for value, words in BASE_TYPES.items()}}
)


def is_flyer(unit_type: str) -> bool:
    """Whether ``unit_type`` is a Flyer form (``flyer-beasts``)."""
    return unit_type.startswith(_FLYER)


def base_type(unit_type: str) -> str:
    """The category of a unit type: ``flyer-beasts`` → ``beasts``, ``beasts`` → ``beasts``."""
    return unit_type.removeprefix(_FLYER)
