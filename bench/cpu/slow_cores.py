"""Slow every thread of the browser as a phone's core is slow, and let threads run side by side.

The other CPU model (``cpu/quota.py``) gives the whole browser one cgroup quota: a quarter of
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

from bench.cpu.quota import CGROUP_CPU, PERIOD_US

WATCH_S = 0.02


@dataclass
class SlowCores:
    """A tree of cgroups, one per thread of the browser, and launchers that start browsers in it."""

    root: Path
    quota_us: int
    #: The folder of the launchers (``launcher``), each in a folder of its own.
    launchers: Path
    #: Chromium's launcher (``slow_cores`` makes it), as the benchmarks start Chromium.
    executable: Path = field(default_factory=Path)
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

    def launcher(self, executable: str) -> Path:
        """A wrapper that runs ``executable`` in these groups, for any browser: in a folder of its
        own, under the executable's name, beside links to the ``.ini`` files next to the real
        executable (Marionette reads Firefox's version from them before it starts Firefox)."""
        real = Path(executable).resolve()
        wrapper = self.launchers / real.name / Path(executable).name
        if not wrapper.exists():
            wrapper.parent.mkdir(parents=True, exist_ok=True)
            for ini in real.parent.glob("*.ini"):
                (wrapper.parent / ini.name).symlink_to(ini)
            wrapper.write_text(f'#!/bin/sh\necho $$ > {self.root / "start" / "tasks"}\nexec {executable} "$@"\n')
            wrapper.chmod(0o755)
        return wrapper

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
    cores = SlowCores(root, quota_us, launchers=folder)
    watcher = threading.Thread(target=cores.watch, name="slow-cores", daemon=True)
    try:
        cores.group("start")
        # The shell's one thread becomes the browser's main thread (exec keeps its id).
        cores.executable = cores.launcher(chromium)
        watcher.start()
        yield cores
    finally:
        cores.release()
        watcher.join()
        cores.release()  # what the watcher moved while it was stopping
        shutil.rmtree(folder, ignore_errors=True)
