"""``make bench-engines``'s figures and report: medians of each engine's runs, the answers'
table (README and bench/README), and where each engine's answers spend their time (bench/README)."""

from __future__ import annotations

import statistics
from typing import Any

from phone_report import STEP_WORDS
from phone_runs import STEPS

__all__ = ["ENGINES", "VISITS", "answers_table", "steps_table", "summary"]

#: The figures the answers' table gives with their ratio to Chromium's.
FIGURES = ("first_s", "warm_s", "alone_load_s")

ENGINES = ["chromium", "webkit", "firefox"]
#: Each visit a run measures, by its figures' prefix.
VISITS = {"first": "cold, first page (Python from the files)", "warm": "warm, second page (from the snapshot)"}


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """An engine's runs, and the median, min and max of each figure over the runs that have it."""
    out: dict[str, Any] = {"version": runs[0]["version"], "runs": runs}
    keys = dict.fromkeys(key for run in runs for key, value in run.items() if _figure(value))
    for key in keys:
        values = [float(run[key]) for run in runs if _figure(run.get(key))]
        out[key] = {
            "median": round(statistics.median(values), 2),
            "min": round(min(values), 2),
            "max": round(max(values), 2),
        }
    out["warm_from_snapshot"] = all(run["warm_from_snapshot"] for run in runs)
    return out


def _figure(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def answers_table(data: dict[str, Any], *, ranges: bool = True) -> str:
    """The answers' table: each engine's answers and the page alone, with WebKit's and Firefox's ratio to
    Chromium's; ``ranges``: each median with its min–max (bench/README; the README has medians alone)."""

    def _range(figure: dict[str, float]) -> str:
        return f"{figure['median']} s ({figure['min']}–{figure['max']})" if ranges else f"{figure['median']} s"

    engines = data["engines"]
    chromium = engines["chromium"]
    lines = [
        (
            f"Measured by `make bench-engines` on {data['when']}: CPU and network unthrottled, medians of "
            f"{data['runs']}{' (min–max)' if ranges else ''}, each run a new profile and origin; × Chromium's:"
        ),
        "",
        "| engine | first answer, cold | warm answer, second page | the page alone, loaded | warm from the snapshot |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name in ENGINES:
        e = engines[name]
        ratio = {k: f" ×{e[k]['median'] / chromium[k]['median']:.1f}" if name != "chromium" else "" for k in FIGURES}
        alone = _range(e["alone_load_s"]) + ratio["alone_load_s"] if "alone_load_s" in e else "–"
        lines.append(
            f"| {e['version']} | {_range(e['first_s'])}{ratio['first_s']} | {_range(e['warm_s'])}{ratio['warm_s']} "
            f"| {alone} | {'yes' if e['warm_from_snapshot'] else 'NO'} |"
        )
    return "\n".join(lines)


def steps_table(data: dict[str, Any]) -> str:
    """Where each engine's answers spend their time: the worker's steps (ms, medians), cold and warm."""
    engines = data["engines"]
    columns = [(name, visit) for visit in VISITS for name in ENGINES]
    rows = []
    for step in STEPS:
        if step not in STEP_WORDS:
            continue
        cells = []
        for name, visit in columns:
            figure = engines[name].get(f"{visit}_{step}_ms")
            cells.append(str(round(figure["median"])) if figure else "–")
        rows.append(f"| {STEP_WORDS[step]} | " + " | ".join(cells) + " |")
    answer = [
        "| **the answer, from navigation** | "
        + " | ".join(str(round(engines[name][f"{visit}_s"]["median"] * 1000)) for name, visit in columns)
        + " |"
    ]
    head = " | ".join(f"{name}, {visit}" for name, visit in columns)
    return "\n".join(
        [
            (
                "Where each engine's answer spends its time (ms, medians; from the worker's own marks and the "
                f"page's clock, as `make bench` reads them; {VISITS['first']}; {VISITS['warm']}; the snapshot "
                "and the WebAssembly are read beside Pyodide's start, from the worker's start):"
            ),
            "",
            f"| step | {head} |",
            "| --- |" + " --- |" * len(columns),
            *rows,
            *answer,
        ]
    )
