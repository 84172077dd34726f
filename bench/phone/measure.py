"""Phone benchmark: a slow-4G, slow-CPU phone opening the rules and their calculators.

Serves the built site (``make build`` first; ``make bench`` does both) on 127.0.0.1
through the static server's throttling layer: 150 ms added to every request and one
1.6 Mbps download shared by all responses (DevTools' network throttling misses worker
and service-worker fetches). Chromium runs at 412x823, its every process slowed (page,
workers, service worker) under each of two CPU models in turn (``cpu/models.py``: slow
cores side by side, a quarter-core quota per thread; one quarter-core for the whole
browser), each calibrated to about 4x on a loop in a Web Worker (DevTools' CPU throttling
does not reach workers).

Measured under each model, median of RUNS runs each, the site and a naive embed in the
same run:

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

Then once each without a CPU model (the same network); ``lcp_s``, a rule page's Largest
Contentful Paint, cold, with DevTools' throttling as Lighthouse applies it (150 ms,
1.6 Mbps, 4x CPU on the page), on the page with calculators (the heavier one); the
slowest allowed input of each calculator in the browser; and whether Chrome reused the
compiled WebAssembly on a warm start (its ``v8.wasm.moduleCacheHit`` trace event).

Last, in the same run, every engine a phone may run (``engines/run.py``: Chromium, WebKit
and Firefox, CPU free and under slow cores), so a change that slows WebKit shows here beside
Chromium's figures: under ``engines`` in bench/results/results.json (and in bench/results/engines.json),
with its tables in both READMEs.

Writes bench/results/results.json (each model's figures under its name in ``models``), the whole
report between the bench markers of bench/README.md and its headline table between those
of the top-level README. The phone and its targets are in ``phone/profile.py``, the CPU
models in ``cpu/models.py``, a model's runs in ``phone/model_runs.py``, the naive embed in
``phone/naive_embed.py``, the visits in ``phone/runs.py``, the figures and the report in
``phone/report.py``.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright

from bench.cpu.calibration import loops_ms
from bench.cpu.models import CPU_TARGET, MODELS
from bench.cpu.quota import available
from bench.phone.model_runs import measure_model
from bench.phone.naive_embed import naive_site
from bench.phone.profile import LATENCY_S, MBPS, PAGE, RUNS, SITE, VIEWPORT, Phone
from bench.phone.report import median
from bench.phone.runs import lcp, naive_warm_only, served, site_run, slowest_in_browser, wasm_code_cache
from harness.chromium import CHROMIUM, CHROMIUM_ARGS


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
    """Every figure under each CPU model (``cpu_models.MODELS``), then once unthrottled."""
    why_not = available()
    if why_not:
        sys.exit(f"phone benchmark: cannot slow the browser's CPU: {why_not}")
    free_loops = loops_ms(pw, CHROMIUM, CHROMIUM_ARGS)
    log(f"the loop free (ms): main thread, worker, both at once {free_loops}")
    root = naive_site(tmp / "naive-embed")
    models: dict[str, Any] = {}
    for model in MODELS:
        models[model], naive_profile, naive_port = measure_model(pw, tmp, model, free_loops, root, log)
    free = unthrottled(pw, tmp, root, naive_profile, naive_port, log)
    site, naive = free["site"], free["naive"]
    return {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {platform.system()}, Python {platform.python_version()}",
        "profile": {
            "latency_ms": LATENCY_S * 1000,
            "mbps": MBPS,
            "viewport": VIEWPORT,
            "runs": RUNS,
            "loop_free_ms": dict(zip(("main", "worker", "both"), (round(ms, 1) for ms in free_loops), strict=True)),
            "lcp_throttling": f"DevTools: {LATENCY_S * 1000:.0f} ms, {MBPS} Mbps, CPU {CPU_TARGET:g}x (main thread)",
        },
        "models": models,
        "lcp_s": free["lcp"],
        "lcp_median_s": median(free["lcp"]),
        "unthrottled": {
            "cold_s": round(site["cold_s"], 2),
            "warm_s": round(site["warm_s"], 2),
            "warm_relaunch_s": round(site["warm_relaunch_s"], 2),
            "page_warm_s": round(site["page_warm_s"], 2),
            "page_warm_relaunch_s": round(site["page_warm_relaunch_s"], 2),
            "python_share_s": round(site["warm_s"] - site["page_warm_s"], 2),
            "python_share_relaunch_s": round(site["warm_relaunch_s"] - site["page_warm_relaunch_s"], 2),
            "naive_warm_s": round(naive["warm_s"], 2),
            "naive_warm_relaunch_s": round(naive["warm_relaunch_s"], 2),
        },
        "steps_unthrottled": {key[5:]: value for key, value in site.items() if key.startswith("step_")},
        "slowest_ms": free["slowest"],
        "wasm_code_cache": free["code_cache"],
    }
