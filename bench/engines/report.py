"""``make bench-engines``'s figures and report: medians of each engine's runs, the answers'
table (README and bench/README), where each engine's answers spend their time (every step in
bench/README; five phases in the README)."""

from __future__ import annotations

import statistics
from typing import Any

from bench.phone.report import STEP_WORDS
from bench.phone.runs import STEPS

__all__ = ["ENGINES", "PHASES", "VISITS", "answers_table", "steps_digest", "steps_table", "summary"]

#: The figures the answers' table gives with their ratio to Chromium's.
FIGURES = ("first_s", "warm_s", "next_day_s", "alone_load_s", "snapshot_after_answer_s")

ENGINES = ["chromium", "webkit", "firefox"]
#: Each visit a run measures, by its figures' prefix.
VISITS = {"first": "cold, first page (Python from the files)", "warm": "warm, second page (from the snapshot)"}

#: The README's steps: the worker's steps that follow each other, in five phases that add up
#: to the answer (the steps beside them, and each step alone, are in bench/README).
PHASES = {
    "the page, until it starts the worker": ("page_to_worker",),
    "the worker and Pyodide's loader": ("worker_thread", "worker_module", "loader"),
    "Pyodide's start (WebAssembly, runtime, snapshot)": ("pyodide_restore",),
    "`calculators.web` imported": ("install",),
    "the first calculation, shown": ("ready_to_page", "answer"),
}


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
    if all("next_day_source" in run for run in runs):
        out["next_day_from_snapshot"] = all(run["next_day_source"] == "snapshot" for run in runs)
    return out


def _figure(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _rows(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """The answers' table's rows: (the CPU's words, an engine's summary, Chromium's under the same CPU)."""
    free = data["engines"]
    rows = [("free", free[name], free["chromium"]) for name in ENGINES]
    for variant in data.get("variants", {}).values():
        threads = variant["environment"].get("JSC_numberOfWasmCompilerThreads", "")
        words = f"free, {threads} WebAssembly compiler threads (a 6-core phone's)" if threads else "free, a variant"
        rows.append((words, variant, free["chromium"]))
    if "slow_cores" in data:
        model = data["slow_cores"]
        slow = model["engines"]
        rows += [(f"slow cores (×{model['slowdown']})", slow[name], slow["chromium"]) for name in ENGINES]
    return rows


def answers_table(data: dict[str, Any], *, ranges: bool = True) -> str:
    """The answers' table: each engine's answers and the page alone, CPU free and under slow cores, with
    each one's ratio to Chromium's under the same CPU; ``ranges``: each median with its min–max
    (bench/README; the README has medians alone)."""

    def _range(figure: dict[str, float]) -> str:
        return f"{figure['median']} s ({figure['min']}–{figure['max']})" if ranges else f"{figure['median']} s"

    lines = [
        (
            f"Measured by `make bench-engines` on {data['when']}: network unthrottled, medians of "
            f"{data['runs']}{' (min–max)' if ranges else ''}, each run a new profile and origin; × Chromium's "
            "under the same CPU:"
        ),
        "",
        (
            "| engine | CPU | first answer, cold | warm answer, second page | next day, restarted offline "
            "| the page alone | snapshot stored, after the answer | warm from the snapshot |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for cpu, e, chromium in _rows(data):

        def cell(key: str, e: dict[str, Any] = e, chromium: dict[str, Any] = chromium) -> str:
            if key not in e:
                return "–"
            ratio = (
                f" ×{e[key]['median'] / chromium[key]['median']:.1f}" if e is not chromium and key in chromium else ""
            )
            return _range(e[key]) + ratio

        snapshot = ("yes" if e["warm_from_snapshot"] else "NO") + (
            "" if e.get("next_day_from_snapshot", True) else " (next day: NO)"
        )
        lines.append(
            f"| {e['version']} | {cpu} | {cell('first_s')} | {cell('warm_s')} | {cell('next_day_s')} "
            f"| {cell('alone_load_s')} | {cell('snapshot_after_answer_s')} | {snapshot} |"
        )
    return "\n".join(lines)


def steps_table(data: dict[str, Any]) -> str:
    """Where each engine's answers spend their time: the worker's steps (ms, medians), cold and warm,
    CPU free and (when measured) under slow cores."""
    tables = [_steps(data["engines"], data, "CPU free")]
    if "slow_cores" in data:
        model = data["slow_cores"]
        tables.append(_steps(model["engines"], data, f"under slow cores (×{model['slowdown']})"))
    return "\n\n".join(tables)


def _steps(engines: dict[str, Any], data: dict[str, Any], cpu: str) -> str:
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
                f"Where each engine's answer spends its time, {cpu} (ms, medians of {data['runs']}; from the "
                f"worker's own marks and the page's clock, as `make bench` reads them; {VISITS['first']}; "
                f'{VISITS["warm"]}; steps marked "from the worker\'s start" run beside each other):'
            ),
            "",
            f"| step | {head} |",
            "| --- |" + " --- |" * len(columns),
            *rows,
            *answer,
        ]
    )


def steps_digest(data: dict[str, Any]) -> str:
    """Where the time goes, in short: each engine's answer in :data:`PHASES`, CPU free, cold /
    warm (s; for each run the phase's steps added up, then the median over the runs)."""

    def phase(engine: dict[str, Any], visit: str, steps: tuple[str, ...]) -> str:
        sums = [
            sum(run[key] for key in keys)
            for run in engine["runs"]
            if (keys := [f"{visit}_{step}_ms" for step in steps if _figure(run.get(f"{visit}_{step}_ms"))])
        ]
        return f"{statistics.median(sums) / 1000:.2f}" if sums else "–"

    engines = data["engines"]
    rows = [
        f"| {words} | "
        + " | ".join(" / ".join(phase(engines[name], visit, steps) for visit in VISITS) for name in ENGINES)
        + " |"
        for words, steps in PHASES.items()
    ]
    head = " | ".join(engines[name]["version"].split(" ")[0] for name in ENGINES)
    return "\n".join(
        [
            "Where the time goes, CPU free (s, cold / warm, medians; each step, and under slow cores, below):",
            "",
            f"| phase | {head} |",
            "| --- |" + " --- |" * len(ENGINES),
            *rows,
        ]
    )
