"""The benchmark's figures and report: medians, the table against the targets, where a warm
answer's time goes, and the README's bench block."""

from __future__ import annotations

import statistics
from typing import Any

from bench.phone.profile import LATENCY_S, MBPS, RUNS, TARGETS, VIEWPORT
from bench.phone.runs import STEPS
from bench.reports.output import BENCH_README, README, write_block


def median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def collect(runs: list[dict[str, float]]) -> dict[str, list[float]]:
    """Each figure's values over the runs (a worker step only from the runs that started from the snapshot)."""
    keys = dict.fromkeys(key for run in runs for key in run)
    return {key: [run[key] for run in runs if key in run] for key in keys}


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def model_rows(m: dict[str, float], spread: dict[str, list[float]]) -> list[tuple[str, str, str, bool]]:
    """One model's rows: (figure, measured, target, met), from its medians and spread."""
    t = TARGETS
    floor_s = round(m["bytes_mb"] * 8 / MBPS, 2)
    floor_plus = floor_s * 1.15 + 1

    def span(key: str) -> str:
        low, high = spread[key]
        return "one run" if low == high else f"{low}–{high}"

    def against_naive(key: str) -> str:
        return (
            f"{m[key]} s ({span(key)}) vs naive {m['naive_' + key]} s ({span('naive_' + key)}) "
            f"({m[key] / m['naive_' + key]:.2f}x)"
        )

    return [
        (
            "Python's share of a warm answer, same session (answer − the page alone's load)",
            (
                f"{m['python_share_s']} s (answer {m['warm_s']} s, page alone {m['page_warm_s']} s, "
                f"its paint {m['page_warm_paint_s']} s)"
            ),
            f"<= {t['python_share_s']} s",
            m["python_share_s"] <= t["python_share_s"],
        ),
        (
            "Python's share, next day",
            (
                f"{m['python_share_relaunch_s']} s (answer {m['warm_relaunch_s']} s, page alone "
                f"{m['page_warm_relaunch_s']} s, its paint {m['page_warm_relaunch_paint_s']} s)"
            ),
            f"<= {t['python_share_relaunch_s']} s",
            m["python_share_relaunch_s"] <= t["python_share_relaunch_s"],
        ),
        (
            "Warm, same session (second page, offline)",
            against_naive("warm_s"),
            f"<= {t['warm_vs_naive']}x naive",
            m["warm_s"] <= t["warm_vs_naive"] * m["naive_warm_s"],
        ),
        (
            "Warm, next day (relaunch, offline)",
            against_naive("warm_relaunch_s"),
            f"<= {t['warm_relaunch_vs_naive']}x naive",
            m["warm_relaunch_s"] <= t["warm_relaunch_vs_naive"] * m["naive_warm_relaunch_s"],
        ),
        (
            "Cold first answer",
            against_naive("cold_s"),
            f"<= {t['cold_vs_naive']}x naive",
            m["cold_s"] <= t["cold_vs_naive"] * m["naive_cold_s"],
        ),
        (
            "Cold first answer vs transfer floor x 1.15 + 1 s",
            f"{m['cold_s']} s vs {floor_plus:.2f} s (floor {floor_s} s)",
            "reported",
            m["cold_s"] <= floor_plus,
        ),
        (
            "Bytes to the first answer, cold",
            f"{m['bytes_mb']} MB",
            f"<= {t['bytes_mb']} MB",
            m["bytes_mb"] <= t["bytes_mb"],
        ),
    ]


def free_rows(result: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """The rows measured without a CPU model: (figure, measured, target, met)."""
    free, t = result["unthrottled"], TARGETS
    worst_ms = max(result["slowest_ms"].values())
    return [
        (
            "Python's share of a warm answer, same session / next day, CPU unthrottled",
            f"{free['python_share_s']} s / {free['python_share_relaunch_s']} s",
            f"<= {t['python_share_free_s']} s / <= {t['python_share_relaunch_free_s']} s",
            free["python_share_s"] <= t["python_share_free_s"]
            and free["python_share_relaunch_s"] <= t["python_share_relaunch_free_s"],
        ),
        (
            "Rule page LCP, cold (DevTools throttling)",
            f"{result['lcp_median_s']} s",
            f"<= {t['lcp_s']} s",
            result["lcp_median_s"] <= t["lcp_s"],
        ),
        (
            "Warm, next day, CPU unthrottled",
            f"{free['warm_relaunch_s']} s",
            f"<= {t['warm_relaunch_free_s']} s",
            free["warm_relaunch_s"] <= t["warm_relaunch_free_s"],
        ),
        (
            "Slowest calculation in the browser, unthrottled",
            f"{worst_ms} ms",
            f"<= {t['slowest_ms']:.0f} ms",
            worst_ms <= t["slowest_ms"],
        ),
    ]


def model_words(name: str, model: dict[str, Any]) -> str:
    """How a model slowed the browser, as calibrated in this run."""
    c = model["profile"]["calibration"]
    return (
        f"**{name}** (medians of {model['profile'].get('runs', RUNS)}): the loop {c['worker_ratio']}x slower "
        f"in a worker, {c['main_ratio']}x on the page, "
        f"both at once {c['together_ratio']}x the slower alone ({model['profile']['cpu_method']})"
    )


def report(result: dict[str, Any]) -> str:
    """The README's tables: each model's figures side by side (the first model's against the
    targets), then the figures without a CPU model, then where a warm answer's time goes."""
    models = result["models"]
    names = list(models)
    per_model = [model_rows(models[n]["medians"], models[n]["spread"]) for n in names]
    header = " | ".join(names)
    lines = [
        (
            f"Slow 4G ({LATENCY_S * 1000:.0f} ms, {MBPS} Mbps), {VIEWPORT['width']}x{VIEWPORT['height']}, "
            "min–max of the runs in brackets, under two CPU models, each calibrated "
            f"on a fixed loop: " + "; ".join(model_words(n, models[n]) for n in names) + ". "
            f"The targets are read under {names[0]}:"
        ),
        "",
        f"| figure | {header} | target | {names[0]} |",
        "| --- | " + "--- | " * len(names) + "--- | --- |",
        *[
            f"| {rows[0][0]} | "
            + " | ".join(r[1] for r in rows)
            + f" | {rows[0][2]} | "
            + (verdict(rows[0][3]) if rows[0][2] != "reported" else "")
            + " |"
            for rows in zip(*per_model, strict=True)
        ],
        "",
        "Without a CPU model (the same network; one run each, LCP the median of three):",
        "",
        "| figure | measured | target | |",
        "| --- | --- | --- | --- |",
        *[f"| {name} | {value} | {target} | {verdict(ok)} |" for name, value, target, ok in free_rows(result)],
        "",
        *steps_table(result),
        "",
        f"WebAssembly code cache on a warm start: {'hit' if result['wasm_code_cache']['hit'] else 'MISS'}"
        + (
            f" ({result['wasm_code_cache']['consumed_bytes'] / 1e6:.1f} MB of compiled code reused)."
            if result["wasm_code_cache"]["hit"]
            else "."
        ),
    ]
    return "\n".join(lines)


STEP_WORDS = {
    "page_to_worker": "the page, until it starts the worker (from its head on a warm visit, before it is parsed)",
    "worker_thread": "the worker's thread starting",
    "worker_module": "the worker's module (worker.mjs) loaded and run",
    "loader": "Pyodide's loader (pyodide.mjs) imported",
    "snapshot_read": "the snapshot read, checked and unpacked (beside what follows)",
    "wasm_read": "the WebAssembly read from the HTTP cache, its compiled code with it",
    "pyodide_restore": "Pyodide: its JavaScript, the WebAssembly compiled and instantiated, the snapshot copied in",
    "pyodide_factory": "… its runtime's JavaScript (pyodide.asm.mjs) imported, from the worker's start",
    "wasm_compile": "… its WebAssembly compiled as it streams in, from the worker's start",
    "wasm_instantiate": "… its WebAssembly instantiated, from the worker's start",
    "pyodide_runtime": "… the runtime started (the stdlib written; from the files, the interpreter's start)",
    "pyodide_bootstrap": "… the snapshot copied in and Pyodide's bootstrap",
    "install": "calculators.web imported (from a snapshot its files are unpacked after the first answer)",
    "ready_to_page": "the ready message reaching the page",
    "answer": "the first calculation asked, its calculator's sample and it answered, and shown",
}


def steps_table(result: dict[str, Any]) -> list[str]:
    """Where Python's start goes on a warm visit: the worker's steps, medians under each model, and unthrottled."""
    visits = {"warm": "warm_", "next day": "warm_relaunch_"}  # each visit's prefix in the steps' keys
    sources = [(name, model["steps"]) for name, model in result["models"].items()]
    sources.append(("unthrottled", result["steps_unthrottled"]))
    columns = [(f"{name}, {visit}", steps, prefix) for name, steps in sources for visit, prefix in visits.items()]
    rows = [
        f"| {STEP_WORDS[name]} | "
        + " | ".join(str(steps.get(f"{prefix}{name}_ms", "–")) for _, steps, prefix in columns)
        + " |"
        for name in STEPS
        if name in STEP_WORDS
    ]
    return [
        "",
        (
            "Where a warm answer's time goes (ms, from the worker's own marks and the engine's; medians "
            "under each model, one run unthrottled; the snapshot and the WebAssembly are read beside "
            "Pyodide's start, from the worker's start):"
        ),
        "",
        "| step | " + " | ".join(title for title, _, _ in columns) + " |",
        "| --- |" + " --- |" * len(columns),
        *rows,
    ]


def headline(table: str) -> str:
    """The report's first table (the figures against their targets), without the breakdowns after it."""
    return table.split("\n\n\n", 1)[0].rstrip()


def write_readme(table: str, when: str) -> None:
    """The whole report into ``bench/README.md`` and its headline table into the top-level README."""
    for readme, text in ((BENCH_README, table), (README, headline(table))):
        write_block(readme, "bench", f"Measured by `make bench` on {when}:\n\n{text}")
