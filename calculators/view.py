"""Builders for the pieces of a :class:`~calculators.contract.View`.

Formatting only: each calculator's ``present`` function picks what to show and calls
these, so every figure, bar and percentage is formatted the same way everywhere and the
page only places text.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from calculators.contract import Bar, Chart, Figure, Step, Table, WorkingStep
from calculators.format import average, percent

__all__ = ["average_figure", "chance", "chart", "table", "working"]


def chance(label: str, value: Fraction, rule: str | None = None) -> Figure:
    """A probability: a rounded percentage, and the exact fraction on request."""
    return {"label": label, "text": percent(value), "exact": str(value), "rule": rule}


def average_figure(label: str, value: Fraction, rule: str | None = None) -> Figure:
    """An average: two decimals, and the exact fraction when it is not whole."""
    return {
        "label": label,
        "text": average(value),
        "exact": None if value.denominator == 1 else str(value),
        "rule": rule,
    }


def chart(caption: str, items: Iterable[tuple[str, Fraction]]) -> Chart:
    """A distribution as bars on one scale from 0 to 100 %: a bar of 50 % is half full, whatever the others."""
    bars: list[Bar] = [{"label": label, "share": float(p), "text": percent(p), "exact": str(p)} for label, p in items]
    return {"caption": caption, "bars": bars}


def table(caption: str, columns: list[str], rows: Iterable[list[str]]) -> Table:
    """A table of text; every row has one cell per column."""
    body = [list(row) for row in rows]
    for row in body:
        if len(row) != len(columns):
            raise ValueError(f"a row of {caption!r} has {len(row)} cells for {len(columns)} columns")
    return {"caption": caption, "columns": list(columns), "rows": body}


def working(steps: Iterable[Step]) -> list[WorkingStep]:
    """The result's working, each line with its rule's site id."""
    return [{"text": step["text"], "rule": step["rule_id"], "reading": step.get("reading")} for step in steps]
