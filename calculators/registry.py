"""Every calculator, found by looking: a module of this package that defines ``CALCULATOR``.

Adding a calculator is adding its module; nothing here or elsewhere lists them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import MappingProxyType
from typing import Any

import calculators
from calculators.contract import Calculator
from calculators.readings import Reading, ReadingEntry

__all__ = ["all_calculators", "all_readings", "get", "reading_entries"]


@cache
def all_calculators() -> MappingProxyType[str, Calculator[Any, Any]]:
    """Name → calculator, for every calculator module, in module-name order.

    Raises:
        TypeError: when a module's ``CALCULATOR`` is not a :class:`Calculator`, or two
            calculators share a name.
    """
    found: dict[str, Calculator[Any, Any]] = {}
    for info in sorted(pkgutil.iter_modules(calculators.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{calculators.__name__}.{info.name}")
        calc = getattr(module, "CALCULATOR", None)
        if calc is None:
            continue
        if not isinstance(calc, Calculator):
            raise TypeError(f"{module.__name__}.CALCULATOR is not a calculators.contract.Calculator")
        if calc.name in found:
            raise TypeError(f"two calculator modules are called {calc.name!r}")
        found[calc.name] = calc
    return MappingProxyType(found)


def get(name: str) -> Calculator[Any, Any]:
    """The calculator called ``name``, or :class:`ValueError` listing the known ones."""
    known = all_calculators()
    try:
        return known[name]
    except KeyError:
        raise ValueError(f"no calculator {name!r}; known: {', '.join(known)}.") from None


@cache
def all_readings() -> MappingProxyType[str, tuple[Reading, tuple[str, ...]]]:
    """Reading id → the reading and the calculators that use it, in id order.

    Raises:
        TypeError: when two different readings share an id.
    """
    found: dict[str, tuple[Reading, tuple[str, ...]]] = {}
    for calc in all_calculators().values():
        for reading in calc.readings:
            known, users = found.get(reading.id, (reading, ()))
            if known != reading:
                raise TypeError(f"two different readings are called {reading.id!r}")
            found[reading.id] = (reading, (*users, calc.name))
    return MappingProxyType(dict(sorted(found.items())))


def reading_entries() -> list[ReadingEntry]:
    """Every reading as ``python -m calculators --readings --json`` lists it."""
    return [reading.entry(list(users)) for reading, users in all_readings().values()]
