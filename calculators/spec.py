"""Input declarations and the one validation path every calculator uses.

A calculator declares its inputs once, by keyword, with one constructor per kind
(:meth:`Input.int`, :meth:`Input.choice`, :meth:`Input.bool`), as in
``Input.int("hits", "Hits", help="How many hits strike.", default=1, minimum=1, maximum=20)``.
The same declaration checks values from Python, the command line, the web form and the
URL, and gives the form its labels, ranges, choices (each choice's words are declared
once, here, for the form, the working and the command line) and help text.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Literal

__all__ = [
    "BoolInput",
    "ChoiceInput",
    "Input",
    "InputError",
    "InputKind",
    "IntInput",
    "Value",
    "as_bool",
    "as_int",
    "as_optional_int",
    "as_optional_str",
    "as_str",
    "echo",
    "validate",
]

InputKind = Literal["int", "choice", "bool"]
Value = int | str | bool | None

_INT = re.compile(r"[+-]?[0-9]+")
#: How much of a bad value a message repeats (a link can carry a value of any length).
_ECHO = 40
#: Longer digit strings are out of every range (and Python refuses to read huge ones).
_MOST_DIGITS = 12
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


class InputError(ValueError):
    """Bad input: one plain sentence per field, in the player's words.

    ``errors`` maps an input name to its message, which names the field by the label the
    form shows and says what it allows (the page shows it under the field); the key
    ``""`` holds an error that belongs to no single input. ``str()`` gives every message
    after its input's name (``strength: Weapon Strength must be…``), for the command line.
    """

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__(" ".join(f"{name}: {message}" if name else message for name, message in self.errors.items()))


@dataclass(frozen=True, kw_only=True)
class Input:
    """One input of a calculator; made by :meth:`int`, :meth:`choice` or :meth:`bool`.

    Attributes:
        name: The keyword and URL parameter name (``strength``).
        label: What the form shows (``Weapon Strength``).
        help: One sentence saying what the input means, for the form.
        default: The value when the input is not given at all; ``None`` with
            ``required=False`` means the input is optional and may also be given empty.
            An input with a default given as an empty string is an error, so an
            emptied form field never silently becomes the default.
        required: Whether a value must be given (no default applies).
    """

    #: ``int``, ``choice`` or ``bool``: which kind of field the form shows.
    kind: ClassVar[InputKind]

    name: str
    label: str
    help: str
    default: Value = None
    required: builtins.bool = False

    def allowed(self) -> str:
        """The allowed values, in words, for messages."""
        raise NotImplementedError

    def words(self, value: Value) -> str:
        """A checked value as the form and the working write it."""
        return str(value)

    def check(self, raw: object) -> Value:
        """The value converted to its kind, or :class:`ValueError` naming the input."""
        if raw is None:
            if self.required:
                raise ValueError(f"{self.label} is required: give {self.allowed()}.")
            return self.default
        if isinstance(raw, str) and not raw.strip():
            if self.default is None and not self.required:
                return None  # an optional input left empty
            raise ValueError(f"{self.label} is empty: give {self.allowed()}.")
        return self._convert(raw)

    def _convert(self, raw: object) -> Value:
        raise NotImplementedError

    def _bad(self, raw: object) -> ValueError:
        return ValueError(f"{self.label} must be {self.allowed()}; you gave {echo(raw)}.")

    # One constructor per kind, by keyword (defined last: inside this class body their
    # names shadow the builtins, hence ``builtins.int`` and ``builtins.bool`` above).

    @staticmethod
    def int(
        name: str,
        label: str,
        *,
        help: str,  # noqa: A002 - the declaration's own word for it
        minimum: builtins.int,
        maximum: builtins.int,
        default: builtins.int | None = None,
        required: builtins.bool = False,
    ) -> IntInput:
        """A whole number from ``minimum`` to ``maximum``; ``default=None``: optional."""
        return IntInput(
            name=name, label=label, help=help, default=default, required=required, minimum=minimum, maximum=maximum
        )

    @staticmethod
    def choice(
        name: str,
        label: str,
        *,
        help: str,  # noqa: A002
        choices: Mapping[str, str],
        default: str | None = None,
        required: builtins.bool = False,
    ) -> ChoiceInput:
        """One of ``choices`` (value → its words, in the order the form lists them)."""
        return ChoiceInput(
            name=name, label=label, help=help, default=default, required=required, choices=MappingProxyType(choices)
        )

    @staticmethod
    def bool(name: str, label: str, *, help: str, default: builtins.bool = False) -> BoolInput:  # noqa: A002
        """Yes or no."""
        return BoolInput(name=name, label=label, help=help, default=default)


@dataclass(frozen=True, kw_only=True)
class IntInput(Input):
    """A whole number within a range."""

    kind: ClassVar[InputKind] = "int"
    #: Smallest allowed value.
    minimum: int
    #: Largest allowed value.
    maximum: int

    def allowed(self) -> str:
        """``a whole number from 1 to 20``."""
        return f"a whole number from {self.minimum} to {self.maximum}"

    def _convert(self, raw: object) -> int:
        if isinstance(raw, bool):
            raise self._bad(raw)
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, str) and _INT.fullmatch(raw.strip()) and len(raw.strip()) <= _MOST_DIGITS:
            value = int(raw.strip())
        else:
            raise self._bad(raw)
        if not self.minimum <= value <= self.maximum:
            raise self._bad(raw)
        return value


@dataclass(frozen=True, kw_only=True)
class ChoiceInput(Input):
    """One of a fixed set of values, each with its words."""

    kind: ClassVar[InputKind] = "choice"
    #: Value → its words (``"stone-house"`` → ``"stone house"``), in the order the form lists them.
    choices: Mapping[str, str]

    def allowed(self) -> str:
        """``one of stone, wooden``."""
        return "one of " + ", ".join(self.choices)

    def words(self, value: Value) -> str:
        """The words of the choice ``value`` (``stone house``)."""
        return self.choices[str(value)]

    def _convert(self, raw: object) -> str:
        if isinstance(raw, str) and raw.strip() in self.choices:
            return raw.strip()
        raise self._bad(raw)


@dataclass(frozen=True, kw_only=True)
class BoolInput(Input):
    """Yes or no."""

    kind: ClassVar[InputKind] = "bool"

    def allowed(self) -> str:
        """``true or false``."""
        return "true or false"

    def _convert(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE:
            return True
        if isinstance(raw, str) and raw.strip().lower() in _FALSE:
            return False
        raise self._bad(raw)


def validate(inputs: Sequence[Input], given: Mapping[str, object], *, calculator: str) -> dict[str, Value]:
    """Check every given value against the declarations, before any work is done.

    Args:
        inputs: The calculator's declarations.
        given: Name → value, from Python, the command line or a URL.
        calculator: The calculator's name, for the unknown-input message.

    Returns:
        Every declared input's checked value (defaults filled in).

    Raises:
        InputError: (a ValueError) with a plain sentence per bad input, naming it and
            its allowed values; every input is checked, so a form can mark them all.
    """
    known = {i.name: i for i in inputs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InputError({"": f"{calculator} has no input {unknown[0]!r}; its inputs are " + ", ".join(known) + "."})
    values: dict[str, Value] = {}
    errors: dict[str, str] = {}
    for spec in inputs:
        try:
            values[spec.name] = spec.check(given.get(spec.name))
        except ValueError as exc:
            errors[spec.name] = str(exc)
    if errors:
        raise InputError(errors)
    return values


def echo(raw: object) -> str:
    """A given value as a message repeats it: quoted, and cut short when it is long."""
    if not isinstance(raw, str | int | float | bool):
        return f"a {type(raw).__name__}"
    text = repr(raw)
    return text if len(text) <= _ECHO else text[: _ECHO - 1] + "…"


# Typed access to checked values: the calculators read their inputs through these, so
# a declaration of the wrong kind fails loudly instead of computing with a wrong type.


def as_int(values: Mapping[str, Value], name: str) -> int:
    """The checked integer input ``name``."""
    value = values[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"input {name!r} is not declared as a required int")
    return value


def as_optional_int(values: Mapping[str, Value], name: str) -> int | None:
    """The checked optional integer input ``name`` (``None`` when left empty)."""
    return None if values[name] is None else as_int(values, name)


def as_str(values: Mapping[str, Value], name: str) -> str:
    """The checked choice input ``name``."""
    value = values[name]
    if not isinstance(value, str):
        raise TypeError(f"input {name!r} is not declared as a choice with a default")
    return value


def as_optional_str(values: Mapping[str, Value], name: str) -> str | None:
    """The checked optional choice input ``name`` (``None`` when left empty)."""
    return None if values[name] is None else as_str(values, name)


def as_bool(values: Mapping[str, Value], name: str) -> bool:
    """The checked boolean input ``name``."""
    value = values[name]
    if not isinstance(value, bool):
        raise TypeError(f"input {name!r} is not declared as a bool")
    return value
