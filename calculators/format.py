"""Numbers and results as text: fractions as ``"p/q"``, percentages, JSON and the CLI's table.

Kept apart from the maths: calculators return Fractions; only this module and
:mod:`calculators.view` turn them into strings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from calculators.contract import View

__all__ = ["as_text", "average", "fraction_text", "percent", "to_jsonable"]


def fraction_text(value: Fraction) -> str:
    """A probability as ``"p/q"`` (``"1"`` and ``"0"`` for certainties)."""
    return str(value)


def percent(value: Fraction, digits: int = 1) -> str:
    """A probability as a rounded percentage, for people."""
    return f"{float(value) * 100:.{digits}f}%"


def average(value: Fraction) -> str:
    """An average: whole numbers as they are, others to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def to_jsonable(value: Any) -> Any:  # noqa: ANN401 - results are nested plain data of any shape
    """Replace every Fraction with ``"p/q"``; integers stay integers."""
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def as_text(name: str, inputs: dict[str, Any], view: View) -> str:
    """The answer as plain text for the command line: the same figures the page shows."""
    given = "  ".join(f"{k}={_value(v)}" for k, v in inputs.items() if v is not None)
    lines = [f"{name}  {given}".rstrip(), ""]
    for figure in [view["headline"], *view["figures"]]:
        exact = f"  ({figure['exact']})" if figure["exact"] and figure["exact"] != figure["text"] else ""
        lines.append(f"{figure['label']}: {figure['text']}{exact}")
    for chart in view["charts"]:
        lines += ["", f"{chart['caption']}:"]
        width = max((len(bar["label"]) for bar in chart["bars"]), default=0)
        lines += [f"  {bar['label']:<{width}}  {bar['text']:>7}  {bar['exact']}" for bar in chart["bars"]]
    for table in view["tables"]:
        lines += ["", f"{table['caption']}:"]
        widths = [max(len(row[i]) for row in [table["columns"], *table["rows"]]) for i in range(len(table["columns"]))]
        for row in [table["columns"], *table["rows"]]:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    lines += ["", "working:"]
    lines += [f"  - {step['text']}  [{step['rule']}]" for step in view["working"]]
    return "\n".join(lines) + "\n"


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
