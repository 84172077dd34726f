"""``make bench-engines``' report: each engine's ratio to Chromium's under the same CPU, its
variants beside it, a steps table per CPU model; and the slow-cores model's launcher for any
browser (a wrapper that starts it in the model's groups, with Firefox's .ini files beside it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.cpu.slow_cores import SlowCores
from bench.engines.report import answers_table, steps_digest, steps_table, summary


def _runs(first: float, warm: float, version: str) -> dict[str, Any]:
    run = {
        "version": version,
        "first_s": first,
        "warm_s": warm,
        "alone_load_s": 0.4,
        "warm_from_snapshot": True,
        "first_loader_ms": 10.0,
        "warm_loader_ms": 20.0,
    }
    return summary([run, run | {"first_s": first + 1}, run | {"first_s": first - 0.5}])


def _data() -> dict[str, Any]:
    free = {
        "chromium": _runs(1.0, 0.5, "Chromium 1"),
        "webkit": _runs(3.0, 1.0, "WebKitGTK 2"),
        "firefox": _runs(1.5, 0.5, "Firefox 3"),
    }
    slow = {
        "chromium": _runs(4.0, 2.0, "Chromium 1"),
        "webkit": _runs(8.0, 6.0, "WebKitGTK 2"),
        "firefox": _runs(4.0, 2.0, "Firefox 3"),
    }
    variant = _runs(3.0, 0.75, "WebKitGTK 2") | {
        "engine": "webkit",
        "environment": {"JSC_numberOfWasmCompilerThreads": "5"},
    }
    return {
        "when": "today",
        "runs": 3,
        "engines": free,
        "variants": {"webkit-phone-threads": variant},
        "slow_cores": {"slowdown": 4.0, "engines": slow},
    }


def test_each_ratio_is_to_chromium_under_the_same_cpu() -> None:
    rows = answers_table(_data(), ranges=False).splitlines()
    webkit_free = next(row for row in rows if row.startswith("| WebKitGTK 2 | free |"))
    webkit_slow = next(row for row in rows if row.startswith("| WebKitGTK 2 | slow cores"))
    assert "| 3.0 s ×3.0 | 1.0 s ×2.0 |" in webkit_free
    assert "| 8.0 s ×2.0 | 6.0 s ×3.0 |" in webkit_slow  # against Chromium's 4.0 and 2.0 under slow cores
    chromium_slow = next(row for row in rows if row.startswith("| Chromium 1 | slow cores"))
    assert "×" not in chromium_slow.split("|", 3)[3]


def test_a_variant_is_named_by_its_compiler_threads_and_compared_with_chromium_free() -> None:
    rows = answers_table(_data(), ranges=False).splitlines()
    variant = next(row for row in rows if "5 WebAssembly compiler threads" in row)
    assert "| 0.75 s ×1.5 |" in variant


def test_ranges_show_each_median_with_its_min_and_max() -> None:
    assert "3.0 s (2.5–4.0) ×3.0" in answers_table(_data())


def test_a_steps_table_per_cpu_model() -> None:
    tables = steps_table(_data())
    assert "CPU free" in tables
    assert "under slow cores (×4.0)" in tables
    assert tables.count("| Pyodide's loader (pyodide.mjs) imported | 10 | 10 | 10 | 20 | 20 | 20 |") == 2


def test_the_readmes_phases_add_each_runs_steps_then_take_the_median() -> None:
    def run(thread: float, module: float, loader: float) -> dict[str, Any]:
        return {"version": "WebKitGTK 2", "first_s": 1.0, "warm_s": 1.0, "warm_from_snapshot": True} | {
            "first_worker_thread_ms": thread,
            "first_worker_module_ms": module,
            "first_loader_ms": loader,
        }

    data = _data()
    # Medians of each step would give 10 + 100 + 100 = 210 ms; each run's sum is 1010, 300, 120.
    data["engines"]["webkit"] = summary([run(10, 1000, 0), run(100, 100, 100), run(20, 0, 100)])
    rows = steps_digest(data).splitlines()
    assert "| phase | Chromium | WebKitGTK | Firefox |" in rows
    worker = next(row for row in rows if row.startswith("| the worker and Pyodide's loader |"))
    assert worker.split(" | ")[2] == "0.30 / –"  # warm: no step measured, said so
    assert worker.split(" | ")[1] == "0.01 / 0.02"  # Chromium: its loader alone, 10 and 20 ms


def test_without_slow_cores_only_the_free_rows() -> None:
    data = _data()
    del data["slow_cores"], data["variants"]
    table = answers_table(data, ranges=False)
    assert "slow cores" not in table
    assert "under slow cores" not in steps_table(data)


def test_the_launcher_starts_any_browser_in_the_models_groups(tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "application.ini").write_text("[App]\n")
    (app / "platform.ini").write_text("[Build]\n")
    browser = app / "browser"
    browser.write_text("#!/bin/sh\n")
    linked = tmp_path / "bin-browser"
    linked.symlink_to(browser)
    cores = SlowCores(tmp_path / "groups", 25_000, launchers=tmp_path / "launchers")
    wrapper = cores.launcher(str(linked))
    assert wrapper.name == "bin-browser"
    assert (wrapper.parent / "application.ini").resolve() == app / "application.ini"
    assert (wrapper.parent / "platform.ini").resolve() == app / "platform.ini"
    script = wrapper.read_text()
    assert f"echo $$ > {tmp_path / 'groups' / 'start' / 'tasks'}" in script
    assert script.rstrip().endswith(f'exec {linked} "$@"')
    assert cores.launcher(str(linked)) == wrapper  # made once


def test_the_next_day_and_the_snapshots_delay_have_columns_and_webkit_none_of_a_next_day() -> None:
    data = _data()
    for name, next_day in (("chromium", 0.8), ("firefox", 1.2)):
        run = data["engines"][name]["runs"][0] | {"next_day_s": next_day, "next_day_source": "snapshot"}
        data["engines"][name] = summary([run | {"snapshot_after_answer_s": 0.25}])
    webkit = data["engines"]["webkit"]["runs"][0] | {"snapshot_after_answer_s": 0.5}
    data["engines"]["webkit"] = summary([webkit])
    rows = answers_table(data, ranges=False).splitlines()
    assert "next day, restarted offline" in rows[2]
    assert "snapshot stored, after the answer" in rows[2]
    firefox = next(row for row in rows if row.startswith("| Firefox 3 | free |"))
    assert "| 1.2 s ×1.5 |" in firefox, "the next day against Chromium's"
    assert firefox.endswith("| 0.25 s ×1.0 | yes |")
    webkit_free = next(row for row in rows if row.startswith("| WebKitGTK 2 | free |"))
    assert "| 1.0 s ×2.0 | – |" in webkit_free, "WebKit has no next day"
    assert webkit_free.endswith("| 0.5 s ×2.0 | yes |")
    assert data["engines"]["firefox"]["next_day_from_snapshot"] is True
    assert "next_day_from_snapshot" not in data["engines"]["webkit"]
