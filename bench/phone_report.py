"""The benchmark's figures and report: medians, the table against the targets, where a warm
answer's time goes, and the README's bench block."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

from phone_profile import LATENCY_S, MBPS, ROOT, RUNS, TARGETS, VIEWPORT
from phone_runs import STEPS


def median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def collect(runs: list[dict[str, float]]) -> dict[str, list[float]]:
    """Each figure's values over the runs (a worker step only from the runs that started from the snapshot)."""
    keys = dict.fromkeys(key for run in runs for key in run)
    return {key: [run[key] for run in runs if key in run] for key in keys}


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(result: dict[str, Any]) -> str:
    """The README's table, from the medians."""
    m, free, t = result["medians"], result["unthrottled"], TARGETS
    floor_plus = m["floor_s"] * 1.15 + 1
    worst_ms = max(result["slowest_ms"].values())
    spread = result["spread"]

    def span(key: str) -> str:
        low, high = spread[key]
        return f"{low}–{high}"

    rows = [
        (
            "Python's share of a warm answer, same session (answer − the page alone's load)",
            (
                f"{m['python_share_s']} s (answer {m['warm_s']} s, page alone {m['page_warm_s']} s, "
                f"its paint {m['page_warm_paint_s']} s); unthrottled {free['python_share_s']} s"
            ),
            f"<= {t['python_share_s']} s; <= {t['python_share_free_s']} s unthrottled",
            m["python_share_s"] <= t["python_share_s"] and free["python_share_s"] <= t["python_share_free_s"],
        ),
        (
            "Python's share, next day",
            (
                f"{m['python_share_relaunch_s']} s (answer {m['warm_relaunch_s']} s, page alone "
                f"{m['page_warm_relaunch_s']} s, its paint {m['page_warm_relaunch_paint_s']} s); "
                f"unthrottled {free['python_share_relaunch_s']} s"
            ),
            f"<= {t['python_share_relaunch_s']} s; <= {t['python_share_relaunch_free_s']} s unthrottled",
            m["python_share_relaunch_s"] <= t["python_share_relaunch_s"]
            and free["python_share_relaunch_s"] <= t["python_share_relaunch_free_s"],
        ),
        (
            "Warm, same session (second page, offline)",
            (
                f"{m['warm_s']} s ({span('warm_s')}) vs naive {m['naive_warm_s']} s ({span('naive_warm_s')}) "
                f"({m['warm_s'] / m['naive_warm_s']:.2f}x)"
            ),
            f"<= {t['warm_vs_naive']}x naive",
            m["warm_s"] <= t["warm_vs_naive"] * m["naive_warm_s"],
        ),
        (
            "Warm, next day (relaunch, offline)",
            (
                f"{m['warm_relaunch_s']} s ({span('warm_relaunch_s')}) vs naive {m['naive_warm_relaunch_s']} s "
                f"({span('naive_warm_relaunch_s')}) ({m['warm_relaunch_s'] / m['naive_warm_relaunch_s']:.2f}x)"
            ),
            f"<= {t['warm_relaunch_vs_naive']}x naive",
            m["warm_relaunch_s"] <= t["warm_relaunch_vs_naive"] * m["naive_warm_relaunch_s"],
        ),
        (
            "Cold first answer",
            (
                f"{m['cold_s']} s ({span('cold_s')}) vs naive {m['naive_cold_s']} s ({span('naive_cold_s')}) "
                f"({m['cold_s'] / m['naive_cold_s']:.2f}x)"
            ),
            f"<= {t['cold_vs_naive']}x naive",
            m["cold_s"] <= t["cold_vs_naive"] * m["naive_cold_s"],
        ),
        (
            "Cold first answer vs transfer floor x 1.15 + 1 s",
            f"{m['cold_s']} s vs {floor_plus:.2f} s (floor {m['floor_s']} s)",
            "reported",
            m["cold_s"] <= floor_plus,
        ),
        (
            "Bytes to the first answer, cold",
            f"{m['bytes_mb']} MB",
            f"<= {t['bytes_mb']} MB",
            m["bytes_mb"] <= t["bytes_mb"],
        ),
        (
            "Rule page LCP, cold (DevTools throttling)",
            f"{m['lcp_s']} s",
            f"<= {t['lcp_s']} s",
            m["lcp_s"] <= t["lcp_s"],
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
    lines = [
        (
            f"Slow 4G ({LATENCY_S * 1000:.0f} ms, {MBPS} Mbps), {VIEWPORT['width']}x{VIEWPORT['height']}, "
            f"the whole browser slowed {result['profile']['worker_slowdown']}x "
            f"({result['profile']['cpu_method']}), medians of {RUNS} (min–max of the runs in brackets):"
        ),
        "",
        "| figure | measured | target | |",
        "| --- | --- | --- | --- |",
        *[
            f"| {name} | {value} | {target} | {verdict(ok) if target != 'reported' else ''} |"
            for name, value, target, ok in rows
        ],
        "",
        *steps_table(result["steps"]),
        "",
        "Unthrottled CPU (same network, one run each): "
        + ", ".join(f"{key} {value} s" for key, value in free.items())
        + f". WebAssembly code cache on a warm start: {'hit' if result['wasm_code_cache']['hit'] else 'MISS'}"
        + (
            f" ({result['wasm_code_cache']['consumed_bytes'] / 1e6:.1f} MB of compiled code reused)."
            if result["wasm_code_cache"]["hit"]
            else "."
        ),
    ]
    return "\n".join(lines)


STEP_WORDS = {
    "page_to_worker": "the page, until its engine starts the worker (its modules run once it is parsed)",
    "worker_thread": "the worker's thread starting",
    "worker_module": "the worker's module (worker.mjs) loaded and run",
    "loader": "Pyodide's loader (pyodide.mjs) imported",
    "snapshot_read": "the snapshot read, checked and unpacked (beside what follows)",
    "wasm_read": "the WebAssembly read from the HTTP cache, its compiled code with it",
    "pyodide_restore": "Pyodide: its JavaScript, the WebAssembly compiled and instantiated, the snapshot copied in",
    "install": "calculators.web imported (from a snapshot its files are unpacked after the first answer)",
    "ready_to_page": "the ready message reaching the page",
    "answer": "the first calculation asked, its calculator's sample and it answered, and shown",
}


def steps_table(found: dict[str, dict[str, float]]) -> list[str]:
    """Where Python's start goes on a warm visit: the worker's steps, medians, both CPUs."""
    m, free = found["medians"], found["unthrottled"]
    rows = [
        f"| {STEP_WORDS[name]} | {m.get(f'warm_{name}_ms', '–')} | {m.get(f'warm_relaunch_{name}_ms', '–')} "
        f"| {free.get(f'warm_{name}_ms', '–')} | {free.get(f'warm_relaunch_{name}_ms', '–')} |"
        for name in STEPS
        if name in STEP_WORDS
    ]
    return [
        "",
        (
            "Where a warm answer's time goes (ms, from the worker's own marks and the engine's; medians "
            "under the quota, one run unthrottled; the snapshot and the WebAssembly are read beside "
            "Pyodide's start, from the worker's start):"
        ),
        "",
        "| step | warm | next day | warm, unthrottled | next day, unthrottled |",
        "| --- | --- | --- | --- | --- |",
        *rows,
    ]


def headline(table: str) -> str:
    """The report's first table (the figures against their targets), without the breakdowns after it."""
    return table.split("\n\n\n", 1)[0].rstrip()


def write_readme(table: str, when: str) -> None:
    """The whole report into ``bench/README.md`` and its headline table into the top-level README."""
    for readme, text in ((ROOT / "bench" / "README.md", table), (ROOT / "README.md", headline(table))):
        write_block(readme, "bench", f"Measured by `make bench` on {when}:\n\n{text}")


def write_block(readme: Path, name: str, text: str) -> None:
    """Replace what stands between ``<!-- name:start -->`` and ``<!-- name:end -->`` in ``readme``."""
    content = readme.read_text("utf-8")
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    if start not in content or end not in content:
        print(f"{readme.relative_to(ROOT)} has no {name} markers; not written there", file=sys.stderr)
        return
    head, rest = content.split(start, 1)
    readme.write_text(f"{head}{start}\n{text}\n{end}{rest.split(end, 1)[1]}", "utf-8")
