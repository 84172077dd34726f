"""Results → JSON-able data (fractions as "p/q") and a readable text table.

Kept apart from the maths: calculators return Fractions; only this module turns them
into strings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["as_text", "fraction_text", "percent", "to_jsonable"]


def fraction_text(value: Fraction) -> str:
    """A probability as ``"p/q"`` (``"1"`` and ``"0"`` for certainties)."""
    return str(value)


def percent(value: Fraction, digits: int = 1) -> str:
    """A probability as a rounded percentage, for people."""
    return f"{float(value) * 100:.{digits}f}%"


def to_jsonable(value: Any) -> Any:  # noqa: ANN401 - results are nested plain data of any shape
    """Replace every Fraction with ``"p/q"``; integers stay integers."""
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def as_text(result: dict[str, Any]) -> str:
    """A plain-text table of a result, for the command line."""
    lines = [f"{result['calculator']}  " + "  ".join(f"{k}={v}" for k, v in result["inputs"].items() if v is not None)]
    for key, value in result.items():
        if key in {"calculator", "inputs", "working", "chart_names", "chart_rules"}:
            continue
        lines.extend(_rows(key, value, 0))
    lines.append("working:")
    lines.extend(f"  - {step['text']}  [{step['rule_id']}]" for step in result["working"])
    return "\n".join(lines) + "\n"


def _rows(key: str, value: Any, depth: int) -> list[str]:  # noqa: ANN401
    pad = "  " * depth
    if isinstance(value, dict):
        out = [f"{pad}{key}:"]
        for k, v in value.items():
            out.extend(_rows(str(k), v, depth + 1))
        return out
    if isinstance(value, Fraction):
        return [f"{pad}{key:>24}  {percent(value):>7}  {value}"]
    if isinstance(value, list):
        return [f"{pad}{key}: " + ", ".join(str(to_jsonable(v)) for v in value)]
    return [f"{pad}{key:>24}  {value}"]
