"""Slow the whole browser, as a mid-range phone is slow: a cgroup v1 CPU quota.

DevTools' CPU throttling (``Emulation.setCPUThrottlingRate``) slows only a page's main
thread: a loop in a Web Worker ran 70 ms unthrottled and 74 ms "4x throttled", and
Pyodide's start-up in the worker did not slow at all. The calculators run in a worker, so
the benchmark slows every process of the browser instead: it makes a cgroup with a CPU
quota (``cpu.cfs_quota_us`` per ``cpu.cfs_period_us``), and launches Chromium through a
small wrapper that puts itself in the group before it becomes the browser. Every process
the browser starts (renderers, workers' threads, the service worker, the GPU process)
inherits the group. The group is removed afterwards.

A total quota also serialises threads a phone's cores would run side by side, so it is
harsher than a phone; the figures that count are the ratios to the naive embed measured
under the same quota. The quota is calibrated: a fixed loop in a Web Worker is timed in
a free browser and in the slowed one, and the quota is set so the ratio is about the
target (4x); the measured ratio is reported.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from playwright.sync_api import Playwright

from bench.cpu.calibration import worker_loop_ms

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 100_000


@dataclass
class CpuQuota:
    """A cgroup with a CPU quota, and a Chromium that starts inside it."""

    group: Path
    executable: Path
    quota_us: int

    def set_quota(self, quota_us: int) -> None:
        """Change the quota (µs of CPU time per 100 ms period, over all cores)."""
        (self.group / "cpu.cfs_quota_us").write_text(str(quota_us))
        self.quota_us = quota_us


class Slowed(Protocol):
    """A way to slow the browser by a quota (this one, or ``slow_cores.SlowCores``), and a Chromium inside it."""

    executable: Path
    quota_us: int

    def set_quota(self, quota_us: int) -> None: ...


def available() -> str:
    """Empty when a CPU quota can be made here, else why not."""
    if not (CGROUP_CPU / "cpu.cfs_quota_us").exists():
        return f"no cgroup v1 cpu controller at {CGROUP_CPU}"
    if not os.access(CGROUP_CPU, os.W_OK):
        return f"{CGROUP_CPU} is not writable (the benchmark needs root for the CPU quota)"
    return ""


@contextmanager
def cpu_quota(chromium: str, quota_us: int) -> Iterator[CpuQuota]:
    """A cgroup with ``quota_us`` per period and a wrapper executable that launches into it."""
    group = CGROUP_CPU / f"scrollhammer-bench-{os.getpid()}"
    group.mkdir()
    folder = Path(tempfile.mkdtemp(prefix="sh-cpu-"))
    try:
        (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        wrapper = folder / "chromium-slowed"
        wrapper.write_text(f'#!/bin/sh\necho $$ > {group / "cgroup.procs"}\nexec {chromium} "$@"\n')
        wrapper.chmod(0o755)
        quota = CpuQuota(group, wrapper, quota_us)
        quota.set_quota(quota_us)
        yield quota
    finally:
        # Processes still in the group (a browser that did not exit) go back to the root first.
        procs = group / "cgroup.procs"
        if procs.exists():
            for pid in procs.read_text().split():
                with suppress(OSError):
                    (CGROUP_CPU / "cgroup.procs").write_text(pid)
        group.rmdir()
        shutil.rmtree(folder, ignore_errors=True)


def calibrate(
    pw: Playwright,
    quota: Slowed,
    chromium: str,
    args: list[str],
    target: float,
    free_ms: float | None = None,
    runs: int = 5,
) -> tuple[float, float]:
    """Set the quota so the worker loop runs about ``target`` times slower.

    Args:
        free_ms: The free loop's median in a worker, when already measured (else measured here).
        runs: The loop's runs per measurement.

    Returns:
        The free loop's median (ms) and the measured slowdown at the chosen quota.
    """
    free = free_ms if free_ms is not None else worker_loop_ms(pw, chromium, args, runs)
    factor = 0.0
    # CPU time is what the quota rations, so the slowdown goes as 1/quota: correct the
    # quota from each measurement, up to three times (a short loop under a quota is noisy).
    for _ in range(3):
        factor = worker_loop_ms(pw, str(quota.executable), args, runs) / free
        if abs(factor - target) / target <= 0.05:
            break
        quota.set_quota(max(1000, round(quota.quota_us * factor / target)))
    else:
        factor = worker_loop_ms(pw, str(quota.executable), args, runs) / free
    return free, factor
