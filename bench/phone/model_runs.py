"""One CPU model's share of ``make bench``: its calibration, then the site's runs and the naive
embed's under it, and their figures (medians, spread, the worker's steps).

The naive embed's runs are child processes (``python -m bench.phone.model_runs --naive ...``), each
with its own groups, server and line. Under one quarter-core they run beside the site's, each
with its own profile (four slowed browsers use at most one of the two cores; one after
another the naive runs alone took longer than the site's). Under slow cores a browser may
use more than one core (each of its threads a quarter of one), so two browsers at once
would take cores from each other, and the model from both; there the naive embed's warm
and next day's answers take their turn after each site run. Only its first run is a cold
visit (80 s, 68 s of it its 13.6 MB on its own 1.6 Mbps line: three cold visits in turn
spread 1.4 %), and it goes beside the site's first run (60 s): what it overlaps there is
its download, which needs little CPU, and its compiling and Python's start come after the
site's run has ended (the site's second run waits for it). The other naive runs reopen its
profile for the warm and next day's answers only (``naive_warm_only``). That keeps
``make bench`` within its 12 minutes.
"""

from __future__ import annotations

import json
import signal
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

from bench.cpu.models import FIRST_QUOTA_US, MODEL_RUNS, QUARTER_CORE, calibrated, method, slowed
from bench.cpu.slow_cores import SlowCores
from bench.phone.profile import SITE, Phone
from bench.phone.report import collect, median
from bench.phone.runs import naive_run, naive_warm_only, served, site_run
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.network import free_port

#: Whether the model's naive runs go beside the site's (all at once) or take turns with them.
NAIVE_BESIDE = {QUARTER_CORE: True}


def naive_child(
    model: str, quota_us: int, root: Path, folder: Path, port: int, reopen: Path | None = None
) -> subprocess.Popen[bytes]:
    """Start one slowed run of the naive embed in a process of its own (see ``naive_main``)."""
    command = [
        sys.executable,
        "-m",
        "bench.phone.model_runs",
        "--naive",
        model,
        str(quota_us),
        str(root),
        str(folder),
        str(port),
    ]
    return subprocess.Popen(command + ([str(reopen)] if reopen else []))


def naive_main(model: str, quota_us: int, root: Path, folder: Path, port: int, reopen: Path | None) -> None:
    """A child process: one run of the naive embed under ``model``, written to ``folder/naive.json``:
    a cold visit with its warm and next day's answers (its profile stays in ``folder/profile``,
    for the unthrottled figures on the same origin), or, given the profile of an earlier run
    (``reopen``, served on the same port), only the warm and next day's answers."""
    # Terminated (the site's runs failed): unwind, so the groups are removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    folder.mkdir(parents=True)
    with (
        sync_playwright() as pw,
        slowed(model, CHROMIUM, quota_us) as slow,
        served(root, port=port) as (base, throttle),
    ):
        phone = Phone(pw, str(slow.executable))
        run = naive_warm_only(phone, reopen, base) if reopen else naive_run(phone, folder / "profile", base, throttle)
    (folder / "naive.json").write_text(json.dumps(run), "utf-8")


def measure_model(
    pw: Playwright,
    tmp: Path,
    model: str,
    free_loops: tuple[float, float, float],
    naive_root: Path,
    log: Callable[[str], None],
) -> tuple[dict[str, Any], Path, int]:
    """The model calibrated, then its runs (``MODEL_RUNS``) of the site and of the naive embed under it.

    Returns:
        The model's figures, and the profile and port of its first naive run.
    """
    runs = MODEL_RUNS[model]
    folders = [tmp / model.replace(" ", "-") / f"naive-{n}" for n in range(runs)]
    ports = [free_port() for _ in folders]
    beside = NAIVE_BESIDE.get(model, False)
    with slowed(model, CHROMIUM, FIRST_QUOTA_US) as slow:
        calibration = calibrated(pw, slow, CHROMIUM, CHROMIUM_ARGS, free_loops)
        log(f"{model}: calibrated {json.dumps(calibration)}")
        children = (
            [naive_child(model, slow.quota_us, naive_root, f, p) for f, p in zip(folders, ports, strict=True)]
            if beside
            else []
        )
        phone = Phone(pw, str(slow.executable))
        site_runs = []
        try:
            for n in range(runs):
                if not beside and n == 0:  # the cold visit, beside the site's first run
                    children.append(naive_child(model, slow.quota_us, naive_root, folders[0], ports[0]))
                with served(SITE) as (base, throttle):
                    site_runs.append(site_run(phone, tmp / "site-profile", base, throttle))
                log(f"{model}: site run {n + 1}: {site_runs[-1]}")
                if not beside:
                    if n:  # the warm and next day's answers, in turn
                        reopen = folders[0] / "profile"
                        children.append(naive_child(model, slow.quota_us, naive_root, folders[n], ports[0], reopen))
                    if children[-1].wait() != 0:
                        sys.exit(f"phone benchmark: a run of the naive embed failed under {model}")
        except BaseException:
            for child in children:
                child.terminate()  # it removes its own groups on the way out
            raise
        if any(child.wait() != 0 for child in children):
            sys.exit(f"phone benchmark: a run of the naive embed failed under {model}")
        profile = {
            "cpu_method": method(model, slow.quota_us),
            "runs": runs,
            "worker_slowdown": calibration["worker_ratio"],
            "calibration": calibration,
            "naive_runs": "beside the site's, all at once"
            if beside
            else "the cold visit beside the site's first run, the warm ones in turn",
        }
        if isinstance(slow, SlowCores):
            profile["slow_cores_watcher"] = {"moved": slow.lag_ms(), "watcher": slow.watcher()}
    naive_runs = [json.loads((folder / "naive.json").read_text("utf-8")) for folder in folders]
    log(f"{model}: naive runs {naive_runs}")
    return {"profile": profile, **figures(site_runs, naive_runs)}, folders[0] / "profile", ports[0]


def figures(site_runs: list[dict[str, float]], naive_runs: list[dict[str, float]]) -> dict[str, Any]:
    """The runs, their medians, the worker's steps' medians and each figure's spread (min, max)."""
    s, n = collect(site_runs), collect(naive_runs)
    return {
        "site": s,
        "naive": n,
        "medians": {
            "cold_s": median(s["cold_s"]),
            "bytes_mb": round(statistics.median(s["bytes"]) / 1e6, 2),
            "warm_s": median(s["warm_s"]),
            "warm_relaunch_s": median(s["warm_relaunch_s"]),
            "page_warm_s": median(s["page_warm_s"]),
            "page_warm_relaunch_s": median(s["page_warm_relaunch_s"]),
            "page_warm_paint_s": median(s["page_warm_paint_s"]),
            "page_warm_relaunch_paint_s": median(s["page_warm_relaunch_paint_s"]),
            "python_share_s": median([a - b for a, b in zip(s["warm_s"], s["page_warm_s"], strict=True)]),
            "python_share_relaunch_s": median(
                [a - b for a, b in zip(s["warm_relaunch_s"], s["page_warm_relaunch_s"], strict=True)]
            ),
            "naive_cold_s": median(n["cold_s"]),
            "naive_warm_s": median(n["warm_s"]),
            "naive_warm_relaunch_s": median(n["warm_relaunch_s"]),
            "naive_bytes_mb": round(statistics.median(n["bytes"]) / 1e6, 2),
        },
        "steps": {key[5:]: median(values) for key, values in s.items() if key.startswith("step_")},
        "spread": {
            key: [round(min(values), 2), round(max(values), 2)]
            for key, values in {**s, **{f"naive_{k}": v for k, v in n.items()}}.items()
            if not key.startswith("step_")
        },
    }


if __name__ == "__main__":
    if len(sys.argv) not in (7, 8) or sys.argv[1] != "--naive":
        sys.exit("usage: phone/model_runs.py --naive MODEL QUOTA_US ROOT FOLDER PORT [PROFILE] (make bench starts it)")
    reopen = Path(sys.argv[7]) if len(sys.argv) == 8 else None
    naive_main(sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]), Path(sys.argv[5]), int(sys.argv[6]), reopen)
