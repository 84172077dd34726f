"""Slow every thread of the browser as a phone's core is slow, and let threads run side by side.

The other CPU model (``cpu_quota.py``) gives the whole browser one cgroup quota: a quarter of
one core shared by every thread, so the page's main thread and the Python worker can only
take turns, where a phone (Lighthouse's reference phone has 8 cores) runs them at once on
cores of their own. This model slows each thread instead: cgroup v1 can hold a single thread
(its id written to a group's ``tasks``, not the whole process's to ``cgroup.procs``), so a
watcher puts every thread of the browser, as it appears, into a group of its own with the
quota (a quarter-core for about 4x). Threads still run side by side as far as this machine's
cores allow (two here: two busy threads at a quarter-core each use half of one).

A new thread starts in its creator's group and shares that quota until the watcher moves it
(it looks every few milliseconds); a new process starts in its parent thread's group, and its
threads are moved the same way. A group whose thread has ended is removed at once, so a look
reads only the live threads' groups (a browser ends hundreds of threads in a benchmark, and
reading every group ever made slowed each look, and so each move, as the run went on). The
watcher keeps how late it moved each thread (from the thread's start time in ``/proc``, to
10 ms) and the CPU its looks cost, both reported beside the figures. The groups are removed
afterwards.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from cpu_quota import CGROUP_CPU, PERIOD_US
from playwright.sync_api import Playwright

#: How often the watcher looks for new threads (each look reads every live thread's group).
WATCH_S = 0.02

# The same fixed loop run on the page's main thread, in a Web Worker, or in both at once;
# each reports its own duration in ms (the both: the wall time until both are done, and each's).
CALIBRATION_PAGE = """<!doctype html><meta charset="utf-8"><title>calibration</title><script>
const LOOP = `const t = performance.now();
  let x = 0;
  for (let i = 1; i < 40000000; i++) x += Math.sqrt(i) % 7;
  return [performance.now() - t, x];`;
const onMain = new Function(LOOP);
const code = `postMessage("ready");
  onmessage = (e) => postMessage(e.data === "ping" ? "pong" : (() => { ${LOOP} })());`;
// A started worker, and a function that runs the loop in it. Started means more than its
// script loaded (which needs the page's main thread, which the loop on the page would
// hold): until the page's side of the worker has seen it start, a message to it waits on
// the page's main thread, so one round trip first (without it, one run in three had the
// worker's loop wait for the page's).
const started = () => new Promise((resolve) => {
  const w = new Worker(URL.createObjectURL(new Blob([code], {type: "text/javascript"})));
  w.onmessage = () => {
    w.onmessage = () => resolve(() => new Promise((done) => {
      w.onmessage = (e) => { w.terminate(); done(e.data[0]); };
      w.postMessage(0);
    }));
    w.postMessage("ping");
  };
});
window.worker = async () => (await started())();
window.main = () => new Promise((resolve) => setTimeout(() => resolve(onMain()[0]), 0));
window.both = async () => {
  const run = await started();
  const t = performance.now();
  const inWorker = run();
  const onPage = await window.main();
  const inWorkerMs = await inWorker;
  return [performance.now() - t, onPage, inWorkerMs];
};
</script>"""


@dataclass
class SlowCores:
    """A tree of cgroups, one per thread of the browser, and a Chromium that starts in it."""

    root: Path
    executable: Path
    quota_us: int
    moved: int = 0
    #: How late each thread was moved: seconds from its start (``/proc``, 10 ms ticks) to its move.
    lags: list[float] = field(default_factory=list)
    #: The CPU time the watcher's looks took, seconds, and how many looks.
    watch_cpu_s: float = 0.0
    looks: int = 0
    _began: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)

    def set_quota(self, quota_us: int) -> None:
        """Change every thread's quota (µs of CPU time per 100 ms period)."""
        self.quota_us = quota_us
        for group in self._groups():
            with suppress(OSError):
                (group / "cpu.cfs_quota_us").write_text(str(quota_us))

    def _groups(self) -> list[Path]:
        try:
            with os.scandir(self.root) as entries:
                return [Path(entry.path) for entry in entries if entry.is_dir(follow_symlinks=False)]
        except OSError:  # released
            return []

    def group(self, name: str) -> Path:
        """The group ``name`` under the root, made with the current quota if new."""
        group = self.root / name
        if not group.is_dir():
            group.mkdir()
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(self.quota_us))
        return group

    def look(self) -> None:
        """Once: every thread not yet in a group of its own goes into one; a group whose thread ended goes."""
        for group in self._groups():
            try:
                tids = _read(group / "tasks").split()
            except OSError:  # removed meanwhile
                continue
            if not tids and group.name != "start":
                with suppress(OSError):  # a thread moved in meanwhile: kept
                    group.rmdir()
                continue
            for tid in tids:
                if group.name == f"t{tid}":
                    continue
                with suppress(OSError):  # a thread may end before it is moved
                    (self.group(f"t{tid}") / "tasks").write_text(tid)
                    self.moved += 1
                    self.lags.append(_age_s(tid))

    def watch(self) -> None:
        """Until stopped: a look every ``WATCH_S``."""
        self._began = time.monotonic()
        while not self._stop.is_set():
            began = time.thread_time()
            self.look()
            self.watch_cpu_s += time.thread_time() - began
            self.looks += 1
            self._stop.wait(WATCH_S)

    def watcher(self) -> dict[str, float]:
        """What the watching cost so far: its looks, their CPU time, and that as a share of one core."""
        elapsed = time.monotonic() - self._began if self._began else 0.0
        return {
            "looks": self.looks,
            "cpu_s": round(self.watch_cpu_s, 1),
            "share_of_a_core": round(self.watch_cpu_s / elapsed, 2) if elapsed else 0.0,
        }

    def lag_ms(self) -> dict[str, float]:
        """How late the threads were moved (ms): the median and the worst, and how many."""
        if not self.lags:
            return {"threads": 0}
        ms = sorted(1000 * lag for lag in self.lags)
        return {"threads": len(ms), "median_ms": round(statistics.median(ms)), "max_ms": round(ms[-1])}

    def release(self) -> None:
        """Stop watching, put the threads left back in the root group, and remove the groups."""
        self._stop.set()
        for group in self._groups():
            with suppress(OSError):
                for tid in (group / "tasks").read_text().split():
                    with suppress(OSError):
                        (CGROUP_CPU / "tasks").write_text(tid)
            with suppress(OSError):
                group.rmdir()
        with suppress(OSError):
            self.root.rmdir()


_TICK_S = 1 / os.sysconf("SC_CLK_TCK")


def _read(path: Path) -> str:
    """A small file's text, without Python's text layers (a look reads one per thread)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 65536).decode()
    finally:
        os.close(fd)


def _age_s(tid: str) -> float:
    """Seconds since thread ``tid`` started (0 when it has ended)."""
    try:
        stat = Path(f"/proc/{tid}/stat").read_text()
    except OSError:
        return 0.0
    started = int(stat.rsplit(")", 1)[1].split()[19]) * _TICK_S  # field 22, after the name
    return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)


@contextmanager
def slow_cores(chromium: str, quota_us: int) -> Iterator[SlowCores]:
    """Groups with ``quota_us`` per period for each thread, and a wrapper executable that launches into them."""
    root = CGROUP_CPU / f"scrollhammer-cores-{os.getpid()}"
    root.mkdir()
    folder = Path(tempfile.mkdtemp(prefix="sh-cores-"))
    cores = SlowCores(root, folder / "chromium-slow-cores", quota_us)
    watcher = threading.Thread(target=cores.watch, name="slow-cores", daemon=True)
    try:
        first = cores.group("start")
        # The shell's one thread becomes the browser's main thread (exec keeps its id).
        cores.executable.write_text(f'#!/bin/sh\necho $$ > {first / "tasks"}\nexec {chromium} "$@"\n')
        cores.executable.chmod(0o755)
        watcher.start()
        yield cores
    finally:
        cores.release()
        watcher.join()
        cores.release()  # what the watcher moved while it was stopping
        shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class Calibration:
    """The loop's medians (ms): free and slowed, on the main thread, in a worker, and both at once."""

    main_free: float
    worker_free: float
    both_free: float
    main_slow: float
    worker_slow: float
    both_slow: float
    quota_us: int

    @property
    def main_ratio(self) -> float:
        return self.main_slow / self.main_free

    @property
    def worker_ratio(self) -> float:
        return self.worker_slow / self.worker_free

    @property
    def together_ratio(self) -> float:
        """Both loops at once against the slower one alone: 1.0 when they run side by side, 2.0 when they take turns."""
        return self.both_slow / max(self.main_slow, self.worker_slow)

    def as_json(self) -> dict[str, float | int]:
        return {
            "quota_us": self.quota_us,
            "main_free_ms": round(self.main_free, 1),
            "worker_free_ms": round(self.worker_free, 1),
            "both_free_ms": round(self.both_free, 1),
            "main_slow_ms": round(self.main_slow, 1),
            "worker_slow_ms": round(self.worker_slow, 1),
            "both_slow_ms": round(self.both_slow, 1),
            "main_ratio": round(self.main_ratio, 2),
            "worker_ratio": round(self.worker_ratio, 2),
            "together_ratio": round(self.together_ratio, 2),
        }


def loops_ms(pw: Playwright, executable: str, args: list[str], runs: int = 5) -> tuple[float, float, float]:
    """Medians (ms) of the loop on the main thread, in a worker, and of both at once (wall)."""
    browser = pw.chromium.launch(executable_path=executable, args=args)
    try:
        page = browser.new_page()
        page.set_content(CALIBRATION_PAGE)
        page.evaluate("window.both()")  # warm-up: JIT, worker start
        main = statistics.median(float(page.evaluate("window.main()")) for _ in range(runs))
        worker = statistics.median(float(page.evaluate("window.worker()")) for _ in range(runs))
        both = statistics.median(float(page.evaluate("window.both()")[0]) for _ in range(runs))
        return main, worker, both
    finally:
        browser.close()


def main() -> None:
    """Calibrate both CPU models (``cpu_models.py``) on the worker loop and measure the three
    loops under each, ``REPEAT`` times in turn (``make bench-cores [REPEAT=n]``); print and
    write ``bench/cores.json``. ``make bench`` does the same once per model before its runs."""
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from cpu_models import MODELS, calibrated, slowed  # noqa: PLC0415
    from phone_profile import FIRST_QUOTA_US  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from support import CHROMIUM, CHROMIUM_ARGS  # noqa: PLC0415

    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    runs: dict[str, list[dict[str, object]]] = {model: [] for model in MODELS}
    with sync_playwright() as pw:
        free = loops_ms(pw, CHROMIUM, CHROMIUM_ARGS)
        for n in range(repeat):
            for model in MODELS:
                with slowed(model, CHROMIUM, FIRST_QUOTA_US) as slow:
                    runs[model].append(calibrated(pw, slow, CHROMIUM, CHROMIUM_ARGS, free))
                print(f"{n + 1}/{repeat} {model}: {json.dumps(runs[model][-1])}", flush=True)
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "loop": "40M square roots, free: median of 5; slowed: median of 3; on the page's main thread, "
        "in a Web Worker, and both at once",
        "runs": runs,
    }
    text = json.dumps(result, indent=1) + "\n"
    (Path(__file__).with_name("cores.json")).write_text(text, "utf-8")
    print(text)


if __name__ == "__main__":
    main()
