"""The benchmark's two CPU models, by name: how a phone's slow CPU is played on two cores.

* ``slow cores`` (``cpu/slow_cores.py``): every thread of the browser in a cgroup of its own
  with a quarter-core quota, so each thread runs about 4x slower than free and threads
  still run side by side, as far as this machine's two cores allow (a phone has 4-8
  cores: the page's main thread and the Python worker run at once). The targets are read
  under this model.
* ``one quarter-core`` (``cpu/quota.py``): the whole browser in one group with a quarter of
  one core, so its threads take turns; harsher than a phone, kept beside the other so the
  figures of earlier runs can still be compared.

Both are calibrated alike (``cpu_quota.calibrate``): the quota is set so a fixed loop in a
Web Worker runs about 4x slower than free. Then the same loop runs on the page's main
thread, in a worker, and in both at once (``calibration.loops_ms``): under slow cores the
two at once take about as long as one alone, under one quarter-core about twice as long.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Playwright

from bench.cpu.calibration import Calibration, loops_ms
from bench.cpu.quota import Slowed, calibrate, cpu_quota
from bench.cpu.slow_cores import SlowCores, slow_cores

#: How much slower than this machine a phone's core is taken to be: each model is calibrated to it.
CPU_TARGET = 4.0
#: The first quota tried when calibrating (of 100_000 us: a quarter of one core).
FIRST_QUOTA_US = 25_000
SLOW_CORES = "slow cores"
QUARTER_CORE = "one quarter-core"
#: In the order ``make bench`` runs them and its tables show them; the first is the one the targets are read under.
MODELS = (SLOW_CORES, QUARTER_CORE)
#: Each model's word in the names of the files a run under it writes (``ab-cores.json``, ``ab-start-quota.json``).
FILE_WORDS = {SLOW_CORES: "cores", QUARTER_CORE: "quota"}
#: Each model's runs of the site and the naive embed in ``make bench``: the targets' model
#: keeps three; one quarter-core, the model kept for comparison, two, for the 12 minutes
#: (its site runs take 110 s each beside the naive embed's, against 60 s under slow cores).
MODEL_RUNS = {SLOW_CORES: 3, QUARTER_CORE: 2}
#: The loop's runs per calibration (the three loops, each under the model): fewer than the
#: calibration's own five, for ``make bench``'s 12 minutes.
LOOP_RUNS = 3


@contextmanager
def slowed(model: str, chromium: str, quota_us: int) -> Iterator[Slowed]:
    """The model's groups at ``quota_us`` and a Chromium in them."""
    if model == SLOW_CORES:
        with slow_cores(chromium, quota_us) as cores:
            yield cores
    elif model == QUARTER_CORE:
        with cpu_quota(chromium, quota_us) as quota:
            yield quota
    else:
        raise ValueError(f"no CPU model {model!r}: the models are {', '.join(MODELS)}")


def method(model: str, quota_us: int) -> str:
    """The model in the report's words."""
    if model == SLOW_CORES:
        return f"cgroup v1 CPU quota, {quota_us} us per 100000 us, for each thread of the browser"
    return f"cgroup v1 CPU quota, {quota_us} us per 100000 us, on every process of the browser"


def calibrated(
    pw: Playwright, slow: Slowed, chromium: str, args: list[str], free: tuple[float, float, float]
) -> dict[str, Any]:
    """Set the model's quota for about 4x on the worker loop, then measure the three loops under it.

    Args:
        free: The loops' medians (ms) in a free browser: main thread, worker, both at once.

    Returns:
        ``Calibration.as_json`` with, under slow cores, how many threads the watcher moved,
        how late (ms), and what its looks cost.
    """
    calibrate(pw, slow, chromium, args, CPU_TARGET, free_ms=free[1], runs=LOOP_RUNS)
    found: dict[str, Any] = {
        **Calibration(*free, *loops_ms(pw, str(slow.executable), args, LOOP_RUNS), slow.quota_us).as_json()
    }
    if isinstance(slow, SlowCores):
        found |= {"moved": slow.lag_ms(), "watcher": slow.watcher()}
    return found
