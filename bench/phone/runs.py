"""The benchmark's runs: one phone's visits to the site or the naive embed, and what each
measures (the first answer, the worker's steps, the page alone, LCP, the slowest
calculation, the WebAssembly code cache), through the throttled server."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright

from bench.cpu.models import CPU_TARGET
from bench.phone.profile import (
    BYTES_PER_S,
    LATENCY_S,
    PAGE,
    PAGE_ALONE,
    TIMEOUT_MS,
    WARM_PAGE,
    Phone,
)
from bench.reports.output import RESULTS
from harness.chromium import CHROMIUM, traced
from site_server import Throttle, serving


def first_answer(page: Page, url: str) -> float:
    """Seconds from navigation start to the first calculator answer."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__firstAnswer !== null", timeout=TIMEOUT_MS, polling=100)
    return float(page.evaluate("() => window.__firstAnswer")) / 1000


# The worker's steps on a start from the snapshot, from its own marks (ms since the worker
# started) and the engine's (ms since navigation): name -> (from, to). They run in this
# order, except the snapshot's read, which runs beside Pyodide's start since issue 20.
STEPS = {
    "page_to_worker": ("navigation", "startedAt"),
    "worker_thread": ("startedAt", "worker"),
    "worker_module": ("worker", "start"),
    "loader": ("start", "loader"),
    "snapshot_read": ("start", "snapshot-read"),
    "wasm_read": ("start", "wasm-read"),
    "pyodide_restore": ("loader", "python"),
    "pyodide_factory": ("start", "factory"),
    "wasm_compile": ("start", "wasm-compiled"),
    "wasm_instantiate": ("start", "wasm-instantiated"),
    "pyodide_runtime": ("wasm-instantiated", "runtime"),
    "pyodide_bootstrap": ("runtime", "python"),
    "to_python": ("start", "python"),
    "worker_to_answer": ("startedAt", "answer"),
    "install": ("python", "installed"),
    "ready_to_page": ("ready", "readyAt"),
    "answer": ("readyAt", "answer"),
}


def steps(seen: dict[str, Any]) -> dict[str, float]:
    """The worker's steps (ms) from what a page saw: the engine's observables and the answer's time.

    The worker's clock starts when its thread does, the engine's at navigation; the worker
    says when its clock started (``time-origin``), so every step is on the page's clock.
    """
    timings = dict(seen["timings"])
    # The worker's clock on the page's: its time origin (a few ms after startedAt, or more
    # on a busy browser), else startedAt.
    worker = timings.pop("time-origin", seen["pageOrigin"] + seen["startedAt"]) - seen["pageOrigin"]
    at = {"navigation": 0.0, "startedAt": seen["startedAt"], "worker": worker}
    at |= {name: worker + value for name, value in timings.items()}
    at |= {"readyAt": seen["readyAt"], "answer": seen["answer"]}
    return {name: round(at[b] - at[a], 1) for name, (a, b) in STEPS.items() if a in at and b in at}


def answer_and_steps(page: Page, url: str) -> dict[str, float]:
    """The first answer (seconds from navigation) and, on a start from the snapshot, the worker's steps (ms)."""
    answer = first_answer(page, url)
    seen = page.evaluate(
        """() => ({
            ...window.scrollhammerCalculators, answer: window.__firstAnswer, pageOrigin: performance.timeOrigin,
        })"""
    )
    found = {"answer_s": answer}
    if seen["source"] == "snapshot":
        found |= {f"{name}_ms": value for name, value in steps(seen).items()}
    return found


def page_load(page: Page, url: str) -> dict[str, float]:
    """The page alone (calculators off): seconds from navigation start to its first paint and its load event."""
    page.add_init_script(PAGE_ALONE)
    page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
    timing = page.evaluate(
        """() => ({
            load: performance.getEntriesByType('navigation')[0].loadEventEnd,
            paint: (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime,
        })"""
    )
    return {"load": float(timing["load"]) / 1000, "paint": float(timing["paint"]) / 1000}


def settle_site(page: Page) -> None:
    """Wait as a reader would: the service worker installed and in control, the snapshot kept."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    page.wait_for_function(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && !reg.installing && !reg.waiting);
        }""",
        timeout=TIMEOUT_MS,
    )
    page.wait_for_function("() => window.scrollhammerCalculators.snapshot !== null", timeout=TIMEOUT_MS)
    # Chrome writes the compiled WebAssembly to its cache 2 s after the last tier-up.
    page.wait_for_timeout(3000)


def lcp(pw: Playwright, profile: Path, url: str) -> float:
    """Largest Contentful Paint of a rule page, cold, with DevTools' (Lighthouse's) throttling."""
    context = Phone(pw, CHROMIUM).open(profile, fresh=True)
    try:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": LATENCY_S * 1000,
                "downloadThroughput": BYTES_PER_S,
                "uploadThroughput": 750_000 / 8,
            },
        )
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_TARGET})
        page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        page.wait_for_timeout(1500)
        value = page.evaluate(
            """() => new Promise(resolve => {
                new PerformanceObserver(list => {
                    const entries = list.getEntries();
                    resolve(entries[entries.length - 1].startTime);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
            })"""
        )
        return float(value) / 1000
    finally:
        context.close()


def site_run(phone: Phone, profile: Path, base: str, throttle: Throttle) -> dict[str, float]:
    """One cold visit, a second page offline, and a relaunch offline; each warm page also alone.

    The page alone (calculators off) loads right after the answer it is compared with, on
    the same page: it gets the caches that load warmed, so Python's share (answer − page
    alone) errs high, never low.
    """
    context = phone.open(profile, fresh=True)
    page = context.new_page()
    before = throttle.sent
    cold = first_answer(page, base + PAGE)
    sent = throttle.sent - before
    settle_site(page)
    context.set_offline(True)
    warm = answer_and_steps(context.new_page(), base + WARM_PAGE)
    alone = page_load(context.new_page(), base + WARM_PAGE)
    context.close()
    context = phone.open(profile, fresh=False)
    context.set_offline(True)
    relaunch = answer_and_steps(context.new_page(), base + PAGE)
    context.close()
    context = phone.open(profile, fresh=False)
    context.set_offline(True)
    alone_relaunch = page_load(context.new_page(), base + PAGE)
    context.close()
    return {
        "cold_s": cold,
        "bytes": float(sent),
        "warm_s": warm.pop("answer_s"),
        "warm_relaunch_s": relaunch.pop("answer_s"),
        **{f"step_warm_{name}": value for name, value in warm.items()},
        **{f"step_warm_relaunch_{name}": value for name, value in relaunch.items()},
        "page_warm_s": alone["load"],
        "page_warm_paint_s": alone["paint"],
        "page_warm_relaunch_s": alone_relaunch["load"],
        "page_warm_relaunch_paint_s": alone_relaunch["paint"],
    }


def naive_run(phone: Phone, profile: Path, base: str, throttle: Throttle) -> dict[str, float]:
    """One cold visit, a second page (HTTP cache), and a relaunch (HTTP cache), network on."""
    context = phone.open(profile, fresh=True, service_workers="block")
    before = throttle.sent
    cold = first_answer(context.new_page(), base)
    sent = throttle.sent - before
    warm = first_answer(context.new_page(), base)
    context.close()
    context = phone.open(profile, fresh=False, service_workers="block")
    relaunch = first_answer(context.new_page(), base)
    context.close()
    return {"cold_s": cold, "bytes": float(sent), "warm_s": warm, "warm_relaunch_s": relaunch}


def naive_warm_only(phone: Phone, profile: Path, base: str) -> dict[str, float]:
    """On a profile that has visited the naive page: a relaunch, then a second page."""
    context = phone.open(profile, fresh=False, service_workers="block")
    relaunch = first_answer(context.new_page(), base)
    warm = first_answer(context.new_page(), base)
    context.close()
    return {"warm_s": warm, "warm_relaunch_s": relaunch}


@contextmanager
def served(root: Path, *, slow: bool = True, port: int = 0) -> Iterator[tuple[str, Throttle]]:
    """Serve ``root`` through the slow-4G layer (or, for DevTools' own throttling, without it).

    ``port`` 0 picks a free one; a profile's HTTP cache only serves the origin it came from.
    """
    throttle = Throttle(latency_s=LATENCY_S, bytes_per_s=BYTES_PER_S) if slow else Throttle()
    with serving(root, port=port, throttle=throttle) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/", throttle


def slowest_in_browser(pw: Playwright, profile: Path, base: str) -> dict[str, float]:
    """Each calculator's slowest allowed input (bench/results/calculators.json), in the page's worker, ms."""
    rows = json.loads((RESULTS / "calculators.json").read_text("utf-8"))["rows"]
    context = Phone(pw, CHROMIUM).open(profile, fresh=True)
    try:
        page = context.new_page()
        page.goto(base + PAGE)
        page.wait_for_function("() => window.scrollhammerCalculators.state === 'ready'", timeout=TIMEOUT_MS)
        out = {}
        for row in rows:
            inputs = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in row["inputs"].items()}
            times = page.evaluate(
                """async ([name, inputs]) => {
                    const link = document.querySelector('link[rel=modulepreload][href$="calculators/engine.mjs"]');
                    const engine = await import(link.href);
                    const times = [];
                    for (let i = 0; i < 7; i++) {
                        const t = performance.now();
                        const answer = await engine.compute(name, inputs);
                        if (!answer.result) throw new Error(name + ': ' + JSON.stringify(answer));
                        times.push(performance.now() - t);
                    }
                    return times;
                }""",
                [row["calculator"], inputs],
            )
            out[row["calculator"]] = round(statistics.median(times), 1)
        return out
    finally:
        context.close()


def wasm_code_cache(pw: Playwright, profile: Path, base: str) -> dict[str, Any]:
    """Whether a warm start reused Chrome's compiled WebAssembly (trace events of a relaunch)."""
    context = Phone(pw, CHROMIUM).open(profile, fresh=True)
    page = context.new_page()
    first_answer(page, base + PAGE)
    settle_site(page)
    context.close()
    context = Phone(pw, CHROMIUM).open(profile, fresh=False)
    context.set_offline(True)
    try:
        page = context.new_page()
        events = traced(page, lambda: first_answer(page, base + PAGE), ("disabled-by-default-devtools.timeline",))
        hits = [e for e in events if e.get("name") == "v8.wasm.moduleCacheHit"]
        return {
            "hit": bool(hits),
            "consumed_bytes": int(hits[0]["args"].get("consumedCacheSize", 0)) if hits else 0,
            "compiled_again": sum(1 for e in events if e.get("name") == "v8.wasm.compiledModule"),
        }
    finally:
        context.close()
