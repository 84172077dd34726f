"""Input declarations and the one validation path every calculator uses.

A calculator declares its inputs once as :class:`Input` values. The same declaration
checks values from Python, the command line and (later) the web form and URL, and gives
the form its labels, ranges, choices and help text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["Input", "InputKind", "Value", "validate"]

InputKind = Literal["int", "choice", "bool"]
Value = int | str | bool | None

_INT = re.compile(r"[+-]?[0-9]+")
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True)
class Input:
    """One input of a calculator.

    Attributes:
        name: The keyword and URL parameter name (``strength``).
        label: What the form shows (``Weapon Strength``).
        kind: ``int``, ``choice`` or ``bool``.
        help: One sentence saying what the input means, for the form.
        default: The value when none is given; ``None`` with ``required=False`` means
            the input is optional and may stay empty.
        minimum: Smallest allowed integer (``int`` only).
        maximum: Largest allowed integer (``int`` only).
        choices: Allowed values (``choice`` only), in the order the form lists them.
        required: Whether a value must be given (no default applies).
    """

    name: str
    label: str
    kind: InputKind
    help: str
    default: Value = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = False

    def allowed(self) -> str:
        """The allowed values, in words, for messages."""
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind == "bool":
            return "true or false"
        return "one of " + ", ".join(self.choices)

    def check(self, raw: object) -> Value:
        """The value converted to its kind, or :class:`ValueError` naming the input."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.required:
                raise ValueError(f"{self.label} ({self.name}) is required: give {self.allowed()}.")
            return self.default
        if self.kind == "int":
            return self._check_int(raw)
        if self.kind == "bool":
            return self._check_bool(raw)
        return self._check_choice(raw)

    def _bad(self, raw: object) -> ValueError:
        shown = raw if isinstance(raw, str | int | float | bool) else type(raw).__name__
        return ValueError(f"{self.label} ({self.name}) must be {self.allowed()}; got {shown!r}.")

    def _check_int(self, raw: object) -> int:
        if isinstance(raw, bool):
            raise self._bad(raw)
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, str) and _INT.fullmatch(raw.strip()):
            value = int(raw.strip())
        else:
            raise self._bad(raw)
        assert self.minimum is not None
        assert self.maximum is not None
        if not self.minimum <= value <= self.maximum:
            raise self._bad(raw)
        return value

    def _check_bool(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE:
            return True
        if isinstance(raw, str) and raw.strip().lower() in _FALSE:
            return False
        raise self._bad(raw)

    def _check_choice(self, raw: object) -> str:
        if isinstance(raw, str) and raw.strip() in self.choices:
            return raw.strip()
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
        ValueError: a plain sentence naming the input and its allowed values.
    """
    known = {i.name: i for i in inputs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(
            f"{calculator} has no input {unknown[0]!r}; its inputs are " + ", ".join(i.name for i in inputs) + "."
        )
    return {i.name: i.check(given.get(i.name)) for i in inputs}
