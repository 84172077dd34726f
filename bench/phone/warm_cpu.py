"""Where a warm start's CPU goes: CPU seconds per Chromium process and thread.

Under a whole-browser CPU quota a warm answer takes about (CPU used by every process of
the browser) / (the quota's share of a core), so this is what limits the phone bench's
warm figures. Unthrottled, on the built site (``make build``): a first visit, then a
second page offline (the same session) and a relaunch offline (the next day), each
``RUNS`` times; the CPU is read from ``/proc`` (user + system time of every Chromium
process and of the threads of its browser and renderer processes) from navigation (for
the next day: from the browser's launch) to the first answer plus ``TAIL_S`` (background
compilation that finishes just after).

    python -m bench.phone.warm_cpu      # prints a table of medians, in CPU seconds
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

from bench.phone.profile import PAGE, SITE, WARM_PAGE, Phone
from bench.phone.runs import first_answer, served, settle_site
from harness.chromium import CHROMIUM

RUNS = 3
TAIL_S = 0.3
TICK = os.sysconf("SC_CLK_TCK")
THREADS_OF = ("browser", "renderer")  # processes whose threads are listed one by one
THREAD_NAMES = {  # Linux keeps 15 characters of a thread's name
    "chromium": "main thread",
    "ThreadPoolForeg": "thread pool",
    "DedicatedWorker": "Web Workers (Python's, Material's search)",
    "Chrome_ChildIOT": "IO thread",
    "Chrome_IOThread": "IO thread",
    "ServiceWorker t": "service worker",
}


def _cpu_s(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def _kind(cmdline: str) -> str:
    kind = re.search(r"--type=(\S+)", cmdline)
    sub = re.search(r"--utility-sub-type=([\w]+)", cmdline)
    return (kind.group(1) if kind else "browser") + (f" ({sub.group(1)})" if sub else "")


def sample() -> dict[str, float]:
    """CPU seconds so far, by "process kind" and "process kind / thread name"."""
    out: dict[str, float] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            if not argv[0] or b"chrom" not in argv[0]:
                continue
            kind = _kind(b" ".join(argv).decode(errors="replace"))
            out[kind] = out.get(kind, 0.0) + _cpu_s(proc / "stat")
            if kind not in THREADS_OF:
                continue
            for task in (proc / "task").iterdir():
                name = re.sub(r"\d+$", "", (task / "comm").read_text().strip())
                name = THREAD_NAMES.get(name, name)
                key = f"{kind} / {name}"
                out[key] = out.get(key, 0.0) + _cpu_s(task / "stat")
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue  # a process or thread that ended while it was read
    return out


def spent(action: Callable[[], object]) -> dict[str, float]:
    """CPU seconds each process kind and thread used while ``action`` ran (and TAIL_S after)."""
    before = sample()
    action()
    time.sleep(TAIL_S)
    after = sample()
    return {key: after[key] - before.get(key, 0.0) for key in after}


def one_run(phone: Phone, profile: Path, base: str) -> tuple[dict[str, float], dict[str, float]]:
    """A first visit, then the CPU of a second page offline and of a relaunch offline."""
    context = phone.open(profile, fresh=True)
    page = context.new_page()
    first_answer(page, base + PAGE)
    settle_site(page)
    context.set_offline(True)
    warm = spent(lambda: first_answer(context.new_page(), base + WARM_PAGE))
    context.close()
    relaunched: list[BrowserContext] = []

    def next_day() -> None:
        relaunched.append(phone.open(profile, fresh=False))
        relaunched[0].set_offline(True)
        first_answer(relaunched[0].new_page(), base + PAGE)

    relaunch = spent(next_day)
    relaunched[0].close()
    return warm, relaunch


def main() -> None:
    if not (SITE / "sw.js").is_file():
        sys.exit("no built site: run `make build`")
    with sync_playwright() as pw, served(SITE, slow=False) as (base, _), tempfile.TemporaryDirectory() as tmp:
        runs = [one_run(Phone(pw, CHROMIUM), Path(tmp) / "profile", base) for _ in range(RUNS)]
    warm, relaunch = [w for w, _ in runs], [r for _, r in runs]
    keys = sorted(set(warm[0]) | set(relaunch[0]), key=lambda k: -statistics.median(r.get(k, 0) for r in relaunch))
    print(f"CPU seconds to the first answer (+{TAIL_S} s), medians of {RUNS}, unthrottled:\n")
    print("| process / thread | warm, same session | warm, next day |")
    print("| --- | ---: | ---: |")
    for label, rows in (("all processes", None), *((key, key) for key in keys)):
        if rows is None:
            w = statistics.median(sum(v for k, v in r.items() if " / " not in k) for r in warm)
            n = statistics.median(sum(v for k, v in r.items() if " / " not in k) for r in relaunch)
        else:
            w = statistics.median(r.get(rows, 0.0) for r in warm)
            n = statistics.median(r.get(rows, 0.0) for r in relaunch)
        if max(w, n) >= 0.02:
            print(f"| {label} | {w:.2f} | {n:.2f} |")


if __name__ == "__main__":
    main()
