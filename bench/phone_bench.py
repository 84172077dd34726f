"""Phone benchmark: a slow-4G, slow-CPU phone opening the rules and their calculators.

Serves the built site (``make build`` first; ``make bench`` does both) on 127.0.0.1
through the static server's throttling layer: 150 ms added to every request and one
1.6 Mbps download shared by all responses (DevTools' network throttling misses worker
and service-worker fetches). Chromium runs at 412x823, slowed as a whole (page, workers,
service worker) by a cgroup CPU quota calibrated to about 4x on a loop in a Web Worker
(see ``cpu_quota.py``; DevTools' CPU throttling does not reach workers).

Measured, median of RUNS runs each, the site and a naive embed in the same run:

* ``lcp_s``: a rule page's Largest Contentful Paint, cold, with DevTools' throttling as
  Lighthouse applies it (150 ms, 1.6 Mbps, 4x CPU on the page), the page with
  calculators (the heavier one);
* ``cold_s``: navigation to the first calculator answer, first visit, and the bytes
  the server sent until then (``bytes_mb``) and the transfer floor they imply;
* ``warm_s``: the same, in the same browser session, a second page with the network off;
* ``warm_relaunch_s``: "next day": the browser closed and started again on the same
  profile, network off;
* the naive embed: one page whose worker loads the raw npm Pyodide files (full stdlib,
  no compressed copies, no service worker, no snapshot) and answers one calculation;
  warm is a second page in the same session and warm_relaunch a restarted browser, both
  from its HTTP cache with the (throttled) network on: without a service worker its
  page does not open offline.

Then once each without the CPU quota (the same network), the slowest allowed input of
each calculator in the browser, and whether Chrome reused the compiled WebAssembly on a
warm start (its ``v8.wasm.moduleCacheHit`` trace event).

Writes bench/results.json, the whole report between the bench markers of bench/README.md
and its headline table between those of the top-level README. The phone and
its targets are in ``phone_profile.py``, the naive embed in ``naive_embed.py``, the runs
in ``phone_runs.py``, the figures and the report in ``phone_report.py``.
"""

from __future__ import annotations

import json
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_quota import CpuQuota, available, calibrate, cpu_quota  # noqa: E402
from naive_embed import naive_site  # noqa: E402
from phone_profile import (  # noqa: E402
    CPU_TARGET,
    FIRST_QUOTA_US,
    LATENCY_S,
    MBPS,
    PAGE,
    RUNS,
    SITE,
    VIEWPORT,
    Phone,
)
from phone_report import collect, median, report, write_readme  # noqa: E402
from phone_runs import lcp, naive_run, naive_warm_only, served, site_run, slowest_in_browser, wasm_code_cache  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402 - the tests' Chromium


def measure_naive(pw: Playwright, root: Path, profile: Path, quota_us: int, port: int) -> dict[str, float]:
    """One of the naive embed's slowed runs (in a process of its own, beside the site's:
    own quota, own server on ``port``); its profile stays for the unthrottled figures,
    which are served on the same port (the same origin, so the same HTTP cache)."""
    with cpu_quota(CHROMIUM, quota_us) as quota, served(root, port=port) as (base, throttle):
        return naive_run(Phone(pw, str(quota.executable)), profile, base, throttle)


def site_slowed(pw: Playwright, tmp: Path, quota: CpuQuota, log: Callable[[str], None]) -> list[dict[str, float]]:
    """The site's runs under the CPU quota."""
    slowed = Phone(pw, str(quota.executable))
    runs = []
    for n in range(RUNS):
        with served(SITE) as (base, throttle):
            runs.append(site_run(slowed, tmp / "site-profile", base, throttle))
        log(f"site run {n + 1}: {runs[-1]}")
    return runs


def unthrottled(
    pw: Playwright, tmp: Path, naive_root: Path, naive_profile: Path, naive_port: int, log: Callable[[str], None]
) -> dict[str, Any]:
    """Alone on the machine: the free-CPU runs, LCP, the slowest calculations, the code cache."""
    profile = tmp / "site-profile"
    with served(SITE) as (base, throttle):
        site = site_run(Phone(pw, CHROMIUM), profile, base, throttle)
    with served(naive_root, port=naive_port) as (base, _):
        naive = naive_warm_only(Phone(pw, CHROMIUM), naive_profile, base)
    log(f"CPU unthrottled: site {site}, naive {naive}")
    with served(SITE, slow=False) as (base, _):
        lcps = [lcp(pw, profile, base + PAGE) for _ in range(RUNS)]
        log(f"LCP {lcps}")
        slowest = slowest_in_browser(pw, profile, base)
        code_cache = wasm_code_cache(pw, profile, base)
    log(f"slowest calculations (ms) {slowest}; wasm code cache {code_cache}")
    return {"site": site, "naive": naive, "lcp": lcps, "slowest": slowest, "code_cache": code_cache}


def measure(pw: Playwright, tmp: Path, log: Callable[[str], None]) -> dict[str, Any]:
    why_not = available()
    if why_not:
        sys.exit(f"phone benchmark: cannot slow the browser's CPU: {why_not}")
    naive_dir = tmp / "naive-embed"
    naive_dir.mkdir()
    with cpu_quota(CHROMIUM, FIRST_QUOTA_US) as quota:
        free_loop, factor = calibrate(pw, quota, CHROMIUM, CHROMIUM_ARGS, CPU_TARGET)
        quota_us = quota.quota_us
        log(f"CPU: a worker loop {free_loop:.0f} ms free, {factor:.2f}x slower at quota {quota_us} us/100 ms")
        # The naive embed's runs go beside the site's, each in its own process, cgroup,
        # server and profile: the machine has two cores and each slowed browser may use a
        # quarter of one, so the four together use at most one core (one after another,
        # the naive runs alone took longer than the site's: make bench went past 12 min).
        root = naive_site(naive_dir / "naive")
        folders = [naive_dir / f"run-{n}" for n in range(RUNS)]
        ports = [free_port() for _ in folders]
        children = [
            subprocess.Popen([sys.executable, __file__, "--naive", str(quota_us), str(root), str(folder), str(port)])
            for folder, port in zip(folders, ports, strict=True)
        ]
        try:
            site_runs = site_slowed(pw, tmp, quota, log)
        except BaseException:
            for child in children:
                child.terminate()  # it removes its own cgroup on the way out
            raise
    if any(child.wait() != 0 for child in children):
        sys.exit("phone benchmark: a run of the naive embed failed")
    naive_runs = [json.loads((folder / "naive.json").read_text("utf-8")) for folder in folders]
    log(f"naive runs: {naive_runs}")
    free = unthrottled(pw, tmp, root, folders[0] / "profile", ports[0], log)
    site = {"runs": site_runs, "free": free["site"], "lcp": free["lcp"], "slowest": free["slowest"]}
    site["code_cache"] = free["code_cache"]
    naive_result = {"runs": naive_runs, "free": free["naive"]}

    s, n = collect(site["runs"]), collect(naive_result["runs"])
    bytes_median = statistics.median(s["bytes"])
    return {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {platform.system()}, Python {platform.python_version()}",
        "profile": {
            "latency_ms": LATENCY_S * 1000,
            "mbps": MBPS,
            "viewport": VIEWPORT,
            "runs": RUNS,
            "cpu_method": f"cgroup v1 CPU quota, {quota_us} us per 100000 us, on every process of the browser",
            "worker_slowdown": round(factor, 2),
            "worker_loop_free_ms": round(free_loop),
            "lcp_throttling": f"DevTools: {LATENCY_S * 1000:.0f} ms, {MBPS} Mbps, CPU {CPU_TARGET:g}x (main thread)",
        },
        "site": {**s, "lcp_s": site["lcp"]},
        "naive": n,
        "medians": {
            "lcp_s": median(site["lcp"]),
            "cold_s": median(s["cold_s"]),
            "bytes_mb": round(bytes_median / 1e6, 2),
            "floor_s": round(bytes_median * 8 / (MBPS * 1e6), 2),
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
        "unthrottled": {
            "cold_s": round(site["free"]["cold_s"], 2),
            "warm_s": round(site["free"]["warm_s"], 2),
            "warm_relaunch_s": round(site["free"]["warm_relaunch_s"], 2),
            "page_warm_s": round(site["free"]["page_warm_s"], 2),
            "page_warm_relaunch_s": round(site["free"]["page_warm_relaunch_s"], 2),
            "python_share_s": round(site["free"]["warm_s"] - site["free"]["page_warm_s"], 2),
            "python_share_relaunch_s": round(site["free"]["warm_relaunch_s"] - site["free"]["page_warm_relaunch_s"], 2),
            "naive_warm_s": round(naive_result["free"]["warm_s"], 2),
            "naive_warm_relaunch_s": round(naive_result["free"]["warm_relaunch_s"], 2),
        },
        "steps": {
            "medians": {key[5:]: median(values) for key, values in s.items() if key.startswith("step_")},
            "unthrottled": {key[5:]: value for key, value in site["free"].items() if key.startswith("step_")},
        },
        "spread": {
            key: [round(min(values), 2), round(max(values), 2)]
            for key, values in {**s, **_prefixed(n)}.items()
            if not key.startswith("step_")
        },
        "slowest_ms": site["slowest"],
        "wasm_code_cache": site["code_cache"],
    }


def _prefixed(naive: dict[str, list[float]]) -> dict[str, list[float]]:
    return {f"naive_{key}": values for key, values in naive.items()}


def naive_main(quota_us: int, root: Path, folder: Path, port: int) -> None:
    """A child process: one slowed run of the naive embed, written to ``folder/naive.json``
    (its profile in ``folder/profile``)."""
    # Terminated (the site's runs failed): unwind, so the cgroup is removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    folder.mkdir(parents=True)
    with sync_playwright() as pw:
        run = measure_naive(pw, root, folder / "profile", quota_us, port)
    (folder / "naive.json").write_text(json.dumps(run), "utf-8")


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == "--naive":
        naive_main(int(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5]))
        return
    if not (SITE / "sw.js").is_file():
        sys.exit("no built site: run `make build` (make bench does)")
    started = time.monotonic()

    def log(text: str) -> None:
        print(f"[{time.monotonic() - started:5.0f} s] {text}", flush=True)

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        result = measure(pw, Path(tmp), log)
    result["table"] = report(result)
    result["duration_s"] = round(time.monotonic() - started)
    (ROOT / "bench" / "results.json").write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    write_readme(result["table"], result["when"])
    print(result["table"])
    print(f"({result['duration_s']} s)")


if __name__ == "__main__":
    main()
