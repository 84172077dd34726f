"""The browser's entry points: JSON text in, JSON text out.

The page's worker calls these functions with plain strings (never Python source):
``compute`` for a calculation, ``play`` to play it out with dice the browser rolled, and
``canary`` to check that an interpreter restored from a snapshot answers (a calculator
at a time, on its first use). Bad input
comes back as ``{"errors": {field: message}}``, never as an exception.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from calculators.format import to_jsonable
from calculators.registry import all_calculators, get
from calculators.spec import InputError

__all__ = ["canary", "compute", "play"]


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


def compute(name: str, inputs_json: str) -> str:
    """Calculate: ``{"result": <the CLI's --json result>, "view": <View>}`` or ``{"errors": ...}``."""
    try:
        calculator = get(name)
        result = calculator.compute(_inputs(inputs_json))
    except InputError as exc:
        return _answer({"errors": exc.errors})
    except ValueError as exc:
        return _answer({"errors": {"": str(exc)}})
    return _answer({"result": to_jsonable(result), "view": calculator.present(result)})


def play(name: str, inputs_json: str, faces_json: str) -> str:
    """Play a calculation out with d6 faces rolled by the browser: ``{"lines": [...], "effects": [...]}``."""
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
        played = get(name).play_out(_inputs(inputs_json), d6)
    except InputError as exc:
        return _answer({"errors": exc.errors})
    except ValueError as exc:
        return _answer({"errors": {"": str(exc)}})
    used = len(faces) - sum(1 for _ in supply)
    return _answer({"lines": played["lines"], "effects": played["effects"], "faces_used": used})


def canary(name: str | None = None) -> str:
    """A calculator's declared sample, calculated (every calculator's without a name): ``{"answered": n}``.

    A memory snapshot restores an interpreter whose modules were imported elsewhere; the
    worker calls this for a calculator before the restored interpreter answers anyone with
    it. A name no calculator has answers ``{"answered": 0}``: there is nothing to check,
    and its calculation says it is unknown.

    Raises:
        ValueError: when a sample is not answered with a result and a view.
    """
    known = all_calculators()
    names = list(known) if name is None else [name] if name in known else []
    for each in names:
        answer = json.loads(compute(each, json.dumps(dict(known[each].sample))))
        if "result" not in answer or "view" not in answer:
            raise ValueError(f"the {each} calculator did not answer its sample: {answer}")
    return _answer({"answered": len(names)})
