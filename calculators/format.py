"""Numbers and results as text: fractions as ``"p/q"``, percentages, JSON and the CLI's table.

Kept apart from the maths: calculators return Fractions; only this module and
:mod:`calculators.view` turn them into strings.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from calculators.contract import View

__all__ = ["as_text", "average", "fraction_text", "percent", "to_jsonable"]


def fraction_text(value: Fraction) -> str:
    """A probability as ``"p/q"`` (``"1"`` and ``"0"`` for certainties)."""
    return str(value)


def percent(value: Fraction, digits: int = 1) -> str:
    """A probability as a percentage, rounded half up, exactly (5/16 → ``31.3%``, 3/16 → ``18.8%``).

    A probability that is possible but rounds to 0 or to 100 says so (``<0.1%``,
    ``>99.9%``): only a certainty reads ``0.0%`` or ``100.0%``.
    """
    step = Fraction(1, 10**digits)
    shown = _round_half_up(value * 100, digits)
    if value > 0 and shown == 0:
        return f"<{_decimal(step, digits)}%"
    if value < 1 and shown == 100:
        return f">{_decimal(100 - step, digits)}%"
    return f"{_decimal(shown, digits)}%"


def _round_half_up(value: Fraction, digits: int) -> Fraction:
    scale = 10**digits
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def _decimal(value: Fraction, digits: int) -> str:
    """A non-negative multiple of 10**-digits, written with exactly ``digits`` decimals."""
    scaled = int(value * 10**digits)
    whole, part = divmod(scaled, 10**digits)
    return f"{whole}.{part:0{digits}d}" if digits else str(whole)


def average(value: Fraction) -> str:
    """An average: whole numbers as they are, others to two decimals (rounded half up, exactly)."""
    if value.denominator == 1:
        return str(value.numerator)
    return _decimal(_round_half_up(value, 2), 2)


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
    lines = [f"{name}  {given}".rstrip(), view["asked"], ""]
    for n, figure in enumerate([view["headline"], *view["figures"]]):
        exact = f"  ({figure['exact']})" if figure["exact"] and figure["exact"] != figure["text"] else ""
        lines.append(f"{figure['label']}: {figure['text']}{exact}")
        if n == 0 and view["why"]:
            lines.append(f"  {view['why']}")
    for chart in view["charts"]:
        lines += ["", f"{chart['caption']}:"]
        width = max((len(bar["label"]) for bar in chart["bars"]), default=0)
        lines += [f"  {bar['label']:<{width}}  {bar['text']:>7}  {bar['exact']}" for bar in chart["bars"]]
    for table in view["tables"]:
        lines += ["", f"{table['caption']}:"]
        widths = [max(len(row[i]) for row in [table["columns"], *table["rows"]]) for i in range(len(table["columns"]))]
        for row in [table["columns"], *table["rows"]]:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    for reading in view.get("readings", []):
        lines += [
            "",
            f"reading {reading['id']}: {reading['question']}",
            f"  used: {reading['option']} ({reading['words']})",
        ]
        lines += [f"  read as {o['option']} ({o['words']}): {o['change']}" for o in reading["others"]]
    lines += ["", "working:"]
    lines += [f"  - {step['text']}  [{step['rule']}]" for step in view["working"]]
    return "\n".join(lines) + "\n"


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
