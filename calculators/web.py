"""The browser's entry points: JSON text in, JSON text out.

The page's worker calls these two functions with plain strings (never Python source):
``run`` for a calculation, ``roll`` to play it out with dice the browser rolled.
Bad input comes back as ``{"errors": {field: message}}``, never as an exception.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from calculators.format import to_jsonable
from calculators.registry import get
from calculators.spec import InputError

__all__ = ["roll", "run"]


def _inputs(inputs_json: str) -> dict[str, object]:
    try:
        data = json.loads(inputs_json)
    except json.JSONDecodeError:
        raise InputError({"": "The inputs could not be read."}) from None
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise InputError({"": "The inputs must be a set of named values."})
    return {k: v for k, v in data.items() if v is not None}


def _answer(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"))


def run(name: str, inputs_json: str) -> str:
    """Calculate: ``{"result": <the CLI's --json result>, "view": <View>}`` or ``{"errors": ...}``."""
    try:
        calculator = get(name)
        result = calculator.calculate(_inputs(inputs_json))
    except InputError as exc:
        return _answer({"errors": exc.errors})
    except ValueError as exc:
        return _answer({"errors": {"": str(exc)}})
    return _answer({"result": to_jsonable(result), "view": calculator.view(result)})


def roll(name: str, inputs_json: str, faces_json: str) -> str:
    """Play a calculation out with d6 faces rolled by the browser: ``{"lines": [...]}``."""
    faces = json.loads(faces_json)
    if not isinstance(faces, list) or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
        return _answer({"errors": {"": "The dice could not be read."}})
    supply: Iterator[int] = iter(faces)

    def d6() -> int:
        try:
            return next(supply)
        except StopIteration:
            raise ValueError("Not enough dice were rolled; roll again.") from None

    try:
        lines = get(name).roll(_inputs(inputs_json), d6)
    except InputError as exc:
        return _answer({"errors": exc.errors})
    except ValueError as exc:
        return _answer({"errors": {"": str(exc)}})
    return _answer({"lines": lines, "faces_used": len(faces) - sum(1 for _ in supply)})
