"""What the page shows for a result: headline figures, tables and one bar chart.

Formatting only: it reads a calculator's result and returns plain strings and numbers,
so the page script places text and never computes or formats a probability itself.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from calculators.format import percent
from calculators.rules import rule_link

__all__ = ["view"]

Row = list[str]


def _p(value: Fraction) -> dict[str, str]:
    return {"fraction": str(value), "percent": percent(value)}


def _figure(label: str, value: Fraction, rule: str | None = None) -> dict[str, Any]:
    return {"label": label, **_p(value), "rule": rule_link(rule) if rule else None}


def _number(value: Fraction) -> str:
    """An expectation: exact fraction, and a decimal when it is not whole."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (≈ {float(value):.2f})"


def _bars(caption: str, items: list[tuple[str, Fraction]]) -> dict[str, Any]:
    top = max((p for _, p in items), default=Fraction(0))
    return {
        "caption": caption,
        "items": [
            {"label": label, "share": float(p / top) if top else 0.0, "text": percent(p), "fraction": str(p)}
            for label, p in items
        ],
    }


def _building_damage(r: dict[str, Any]) -> dict[str, Any]:
    hits = r["inputs"]["hits"]
    chart_rows = [[f"{k}: {r['chart_names'][k]}", str(p), percent(p)] for k, p in r["chart"].items()]
    final_rows = [["Total Collapse (ruins)", str(r["total_collapse"]), percent(r["total_collapse"])]]
    final_rows += [[f"Standing, armour value {av}", str(p), percent(p)] for av, p in r["final_armour_value"].items()]
    occupants = r["occupant_hits"]
    expectations: list[Row] = []
    if occupants["strength"] is not None:
        expectations.append([f"Hits on the occupants (S{occupants['strength']} AP0)", _number(occupants["expected"])])
    if r["ranged_hits"]["strength"] is not None:
        expectations.append(
            [
                f"Ranged hits on the unit inside (S{r['ranged_hits']['strength']} AP-1)",
                _number(r["ranged_hits"]["expected"]),
            ]
        )
    tables = [
        {
            "caption": "First hit: Building Damage Chart",
            "columns": ["Result", "Fraction", "Chance"],
            "rows": chart_rows,
        },
        {
            "caption": f"After {hits} hit{'s' if hits != 1 else ''}",
            "columns": ["The section", "Fraction", "Chance"],
            "rows": final_rows,
        },
    ]
    if expectations:
        tables.append({"caption": "Expected hits", "columns": ["On", "Average"], "rows": expectations})
    bars = [("Collapsed", r["total_collapse"])] + [(f"AV {av}", p) for av, p in r["final_armour_value"].items()]
    return {
        "summary": [
            _figure("First hit damages the building", r["penetration"], "building-damaged"),
            _figure(
                f"Total Collapse within {hits} hit{'s' if hits != 1 else ''}", r["total_collapse"], "total-collapse"
            ),
        ],
        "tables": tables,
        "bars": _bars(f"The section after {hits} hit{'s' if hits != 1 else ''}", bars),
    }


def _choice_text(choice: dict[str, int]) -> str:
    levels, inches = choice["levels"], choice["horizontal"]
    if levels == 0:
        return f'{inches}" horizontally'
    level_text = f"{levels} level{'s' if levels != 1 else ''} up or down"
    return f'{level_text} and {inches}" horizontally' if inches else level_text


def _ruin_movement(r: dict[str, Any]) -> dict[str, Any]:
    climb = [(f"{k}+ level{'s' if k != '1' else ''}", p) for k, p in r["climb"].items()]
    if not r["test"]:
        return {
            "summary": [_figure(f"Change {k}", p, "flyers-in-ruins") for k, p in climb],
            "tables": [],
            "bars": _bars("Levels a Flyer can reach", climb),
        }
    rows = [[roll, " or ".join(_choice_text(c) for c in choices)] for roll, choices in r["rolls"].items()]
    tables = [{"caption": "What each roll allows", "columns": ["Roll", "Move"], "rows": rows}]
    if climb:
        tables.append(
            {
                "caption": "Chance to change levels on the test",
                "columns": ["Levels", "Fraction", "Chance"],
                "rows": [[label, str(p), percent(p)] for label, p in climb],
            }
        )
    summary = [_figure(f"Change {label}", p, "level-cost") for label, p in climb] or []
    return {"summary": summary, "tables": tables, "bars": _bars("Chance to change levels", climb) if climb else None}


def _hit_split(r: dict[str, Any]) -> dict[str, Any]:
    first, second = r["profiles"]
    first_label, second_label = first.replace("_", " "), second.replace("_", " ")
    dist = [(k, p) for k, p in r["distribution"].items()]
    hits = r["inputs"]["hits"]
    rows = [[f"{k} on the {first_label}, {hits - int(k)} on the {second_label}", str(p), percent(p)] for k, p in dist]
    at_least_rows = [
        [k, percent(r["at_least"][first][k]), percent(r["at_least"][second][k])]
        for k in r["at_least"][first]
        if k != "0"
    ]
    return {
        "summary": [
            {"label": f"Average on the {first_label}", "fraction": _number(r["expected"][first]), "percent": ""},
            {"label": f"Average on the {second_label}", "fraction": _number(r["expected"][second]), "percent": ""},
        ],
        "tables": [
            {"caption": "How the hits split", "columns": ["Split", "Fraction", "Chance"], "rows": rows},
            {
                "caption": "At least this many hits",
                "columns": ["Hits", f"On the {first_label}", f"On the {second_label}"],
                "rows": at_least_rows,
            },
        ],
        "bars": _bars(f"Hits on the {first_label}", [(f"{k}", p) for k, p in dist]),
    }


_VIEWS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "building-damage": _building_damage,
    "ruin-movement": _ruin_movement,
    "hit-split": _hit_split,
}


def view(result: dict[str, Any]) -> dict[str, Any]:
    """The page's view of a calculator result (see the module docstring)."""
    return _VIEWS[result["calculator"]](result)
