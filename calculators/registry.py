"""Every calculator by name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calculators import building_damage, hit_split, ruin_movement
from calculators.spec import Input

__all__ = ["CALCULATORS", "Calculator", "get"]


@dataclass(frozen=True)
class Calculator:
    """A calculator's name, title, input declarations and entry point."""

    name: str
    title: str
    inputs: tuple[Input, ...]
    calculate: Callable[..., dict[str, Any]]
    play: Callable[[dict[str, object], Callable[[], int]], list[str]]


CALCULATORS: dict[str, Calculator] = {
    m.NAME: Calculator(m.NAME, m.TITLE, m.INPUTS, m.calculate, m.play)
    for m in (building_damage, ruin_movement, hit_split)
}


def get(name: str) -> Calculator:
    """The calculator called ``name``, or :class:`ValueError` listing the known ones."""
    try:
        return CALCULATORS[name]
    except KeyError:
        raise ValueError(f"no calculator {name!r}; known: {', '.join(CALCULATORS)}.") from None
