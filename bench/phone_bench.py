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

Writes bench/results.json and the table between the README's bench markers.
"""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import BrowserContext, Page, Playwright, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_quota import CpuQuota, available, calibrate, cpu_quota  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port, traced  # noqa: E402 - the tests' Chromium, traces

from build_scripts.finish.runtime_assets import calculators_archive  # noqa: E402
from site_server import SiteServer, Throttle, serve  # noqa: E402

RUNS = 3
LATENCY_S = 0.150
MBPS = 1.6
BYTES_PER_S = MBPS * 1_000_000 / 8
VIEWPORT: ViewportSize = {"width": 412, "height": 823}
CPU_TARGET = 4.0
FIRST_QUOTA_US = 25_000  # of 100_000: a quarter of one core, for the whole browser
TIMEOUT_MS = 300_000
SITE = ROOT / "site"
PYODIDE = ROOT / "node_modules" / "pyodide"
PAGE = "buildings/"  # a rule page with calculators (the damage chart's)
WARM_PAGE = "ruins/"  # another page with a calculator, for the same session's second page
TARGETS = {
    "python_share_s": 1.0,
    "python_share_free_s": 0.25,
    "python_share_relaunch_s": 1.5,
    "python_share_relaunch_free_s": 0.35,
    "warm_vs_naive": 0.35,
    "warm_relaunch_vs_naive": 0.35,
    "cold_vs_naive": 0.3,
    "bytes_mb": 3.8,
    "lcp_s": 1.0,
    "warm_relaunch_free_s": 0.8,
    "slowest_ms": 100.0,
}

# Records when the first calculator answer arrives (the page fires sh-calc:answered).
ANSWER_PROBE = """
window.__firstAnswer = null;
document.addEventListener('sh-calc:answered', () => {
  if (window.__firstAnswer === null) window.__firstAnswer = performance.now();
}, true);
"""

# The page alone: the same page with its calculators switched off, for this benchmark only
# (nothing shipped reads it): the calculators' worker is given a stand-in that never
# starts Python, so the page loads and paints exactly as it would, without Python's work.
PAGE_ALONE = """
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  if (!String(url).includes('calculators/worker.mjs')) return new RealWorker(url, options);
  const idle = new EventTarget();
  idle.postMessage = () => {};
  idle.terminate = () => {};
  return idle;
};
window.Worker.prototype = RealWorker.prototype;
"""

NAIVE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Naive baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Naive Pyodide baseline</h1><p id="state">starting</p>
<script src="naive.js"></script></body></html>
"""

NAIVE_JS = """
// A naive embed: a module worker that loads Pyodide, the calculators, and answers once.
const worker = new Worker(new URL("naive-worker.mjs", document.baseURI), { type: "module" });
worker.addEventListener("message", () => {
  window.__firstAnswer = performance.now();
  document.getElementById("state").textContent = "answered";
});
"""

NAIVE_WORKER = """
import { loadPyodide } from "./PYODIDE_DIRpyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("PYODIDE_DIR", import.meta.url).href });
const archive = await (await fetch(new URL("ARCHIVE", import.meta.url))).arrayBuffer();
pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/scrollhammer" });
pyodide.pyimport("sys").path.insert(0, "/home/pyodide/scrollhammer");
const web = pyodide.pyimport("calculators.web");
postMessage(JSON.parse(web.compute("building-damage", "{}")));
"""


def naive_site(folder: Path) -> Path:
    """A page embedding Pyodide the plain way, on the raw npm files, nothing compressed.

    The files sit where the site's do (``assets/pyodide/<version>/``, a content-named
    archive), so the server gives them the same year-long cache lifetime: the naive
    embed's warm visits come from its HTTP cache as fairly as the site's could.
    """
    version = json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"]
    runtime = folder / "assets" / "pyodide" / version
    shutil.copytree(PYODIDE, runtime, ignore=shutil.ignore_patterns("*.d.ts", "*.map", "*.md"))
    archive = calculators_archive(ROOT / "calculators")
    name = f"calculators-{hashlib.sha256(archive).hexdigest()[:12]}.zip"
    (folder / "assets" / "py").mkdir(parents=True)
    (folder / "assets" / "py" / name).write_bytes(archive)
    worker = NAIVE_WORKER.replace("PYODIDE_DIR", f"assets/pyodide/{version}/").replace("ARCHIVE", f"assets/py/{name}")
    (folder / "index.html").write_text(NAIVE_HTML, "utf-8")
    (folder / "naive.js").write_text(NAIVE_JS, "utf-8")
    (folder / "naive-worker.mjs").write_text(worker, "utf-8")
    return folder


class Phone:
    """Launches the phone's browser: slowed (through the quota's wrapper) or free."""

    def __init__(self, pw: Playwright, executable: str) -> None:
        self.pw = pw
        self.executable = executable

    def open(
        self, profile: Path, *, fresh: bool, service_workers: Literal["allow", "block"] = "allow"
    ) -> BrowserContext:
        """A browser on ``profile`` (emptied first when ``fresh``: a cold first visit)."""
        if fresh:
            shutil.rmtree(profile, ignore_errors=True)
        context = self.pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=self.executable,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,
            device_scale_factor=2.625,
            is_mobile=True,
            has_touch=True,
            service_workers=service_workers,
        )
        context.add_init_script(ANSWER_PROBE)
        return context


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
    server: SiteServer = serve(root, port=port, throttle=throttle)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", throttle
    finally:
        server.shutdown()
        server.server_close()


def slowest_in_browser(pw: Playwright, profile: Path, base: str) -> dict[str, float]:
    """Each calculator's slowest allowed input (bench/calculators.json), in the page's worker, ms."""
    rows = json.loads((ROOT / "bench" / "calculators.json").read_text("utf-8"))["rows"]
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


def median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def collect(runs: list[dict[str, float]]) -> dict[str, list[float]]:
    """Each figure's values over the runs (a worker step only from the runs that started from the snapshot)."""
    keys = dict.fromkeys(key for run in runs for key in run)
    return {key: [run[key] for run in runs if key in run] for key in keys}


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(result: dict[str, Any]) -> str:
    """The README's table, from the medians."""
    m, free, t = result["medians"], result["unthrottled"], TARGETS
    floor_plus = m["floor_s"] * 1.15 + 1
    worst_ms = max(result["slowest_ms"].values())
    spread = result["spread"]

    def span(key: str) -> str:
        low, high = spread[key]
        return f"{low}–{high}"

    rows = [
        (
            "Python's share of a warm answer, same session (answer − the page alone's load)",
            (
                f"{m['python_share_s']} s (answer {m['warm_s']} s, page alone {m['page_warm_s']} s, "
                f"its paint {m['page_warm_paint_s']} s); unthrottled {free['python_share_s']} s"
            ),
            f"<= {t['python_share_s']} s; <= {t['python_share_free_s']} s unthrottled",
            m["python_share_s"] <= t["python_share_s"] and free["python_share_s"] <= t["python_share_free_s"],
        ),
        (
            "Python's share, next day",
            (
                f"{m['python_share_relaunch_s']} s (answer {m['warm_relaunch_s']} s, page alone "
                f"{m['page_warm_relaunch_s']} s, its paint {m['page_warm_relaunch_paint_s']} s); "
                f"unthrottled {free['python_share_relaunch_s']} s"
            ),
            f"<= {t['python_share_relaunch_s']} s; <= {t['python_share_relaunch_free_s']} s unthrottled",
            m["python_share_relaunch_s"] <= t["python_share_relaunch_s"]
            and free["python_share_relaunch_s"] <= t["python_share_relaunch_free_s"],
        ),
        (
            "Warm, same session (second page, offline)",
            (
                f"{m['warm_s']} s ({span('warm_s')}) vs naive {m['naive_warm_s']} s ({span('naive_warm_s')}) "
                f"({m['warm_s'] / m['naive_warm_s']:.2f}x)"
            ),
            f"<= {t['warm_vs_naive']}x naive",
            m["warm_s"] <= t["warm_vs_naive"] * m["naive_warm_s"],
        ),
        (
            "Warm, next day (relaunch, offline)",
            (
                f"{m['warm_relaunch_s']} s ({span('warm_relaunch_s')}) vs naive {m['naive_warm_relaunch_s']} s "
                f"({span('naive_warm_relaunch_s')}) ({m['warm_relaunch_s'] / m['naive_warm_relaunch_s']:.2f}x)"
            ),
            f"<= {t['warm_relaunch_vs_naive']}x naive",
            m["warm_relaunch_s"] <= t["warm_relaunch_vs_naive"] * m["naive_warm_relaunch_s"],
        ),
        (
            "Cold first answer",
            (
                f"{m['cold_s']} s ({span('cold_s')}) vs naive {m['naive_cold_s']} s ({span('naive_cold_s')}) "
                f"({m['cold_s'] / m['naive_cold_s']:.2f}x)"
            ),
            f"<= {t['cold_vs_naive']}x naive",
            m["cold_s"] <= t["cold_vs_naive"] * m["naive_cold_s"],
        ),
        (
            "Cold first answer vs transfer floor x 1.15 + 1 s",
            f"{m['cold_s']} s vs {floor_plus:.2f} s (floor {m['floor_s']} s)",
            "reported",
            m["cold_s"] <= floor_plus,
        ),
        (
            "Bytes to the first answer, cold",
            f"{m['bytes_mb']} MB",
            f"<= {t['bytes_mb']} MB",
            m["bytes_mb"] <= t["bytes_mb"],
        ),
        (
            "Rule page LCP, cold (DevTools throttling)",
            f"{m['lcp_s']} s",
            f"<= {t['lcp_s']} s",
            m["lcp_s"] <= t["lcp_s"],
        ),
        (
            "Warm, next day, CPU unthrottled",
            f"{free['warm_relaunch_s']} s",
            f"<= {t['warm_relaunch_free_s']} s",
            free["warm_relaunch_s"] <= t["warm_relaunch_free_s"],
        ),
        (
            "Slowest calculation in the browser, unthrottled",
            f"{worst_ms} ms",
            f"<= {t['slowest_ms']:.0f} ms",
            worst_ms <= t["slowest_ms"],
        ),
    ]
    lines = [
        (
            f"Slow 4G ({LATENCY_S * 1000:.0f} ms, {MBPS} Mbps), {VIEWPORT['width']}x{VIEWPORT['height']}, "
            f"the whole browser slowed {result['profile']['worker_slowdown']}x "
            f"({result['profile']['cpu_method']}), medians of {RUNS} (min–max of the runs in brackets):"
        ),
        "",
        "| figure | measured | target | |",
        "| --- | --- | --- | --- |",
        *[
            f"| {name} | {value} | {target} | {verdict(ok) if target != 'reported' else ''} |"
            for name, value, target, ok in rows
        ],
        "",
        *steps_table(result["steps"]),
        "",
        "Unthrottled CPU (same network, one run each): "
        + ", ".join(f"{key} {value} s" for key, value in free.items())
        + f". WebAssembly code cache on a warm start: {'hit' if result['wasm_code_cache']['hit'] else 'MISS'}"
        + (
            f" ({result['wasm_code_cache']['consumed_bytes'] / 1e6:.1f} MB of compiled code reused)."
            if result["wasm_code_cache"]["hit"]
            else "."
        ),
    ]
    return "\n".join(lines)


STEP_WORDS = {
    "page_to_worker": "the page, until its engine starts the worker (its modules run once it is parsed)",
    "worker_thread": "the worker's thread starting",
    "worker_module": "the worker's module (worker.mjs) loaded and run",
    "loader": "Pyodide's loader (pyodide.mjs) imported",
    "snapshot_read": "the snapshot read, checked and unpacked (beside what follows)",
    "wasm_read": "the WebAssembly read from the HTTP cache, its compiled code with it",
    "pyodide_restore": "Pyodide: its JavaScript, the WebAssembly compiled and instantiated, the snapshot copied in",
    "install": "calculators.web imported (from a snapshot its files are unpacked after the first answer)",
    "ready_to_page": "the ready message reaching the page",
    "answer": "the first calculation asked, its calculator's sample and it answered, and shown",
}


def steps_table(found: dict[str, dict[str, float]]) -> list[str]:
    """Where Python's start goes on a warm visit: the worker's steps, medians, both CPUs."""
    m, free = found["medians"], found["unthrottled"]
    rows = [
        f"| {STEP_WORDS[name]} | {m.get(f'warm_{name}_ms', '–')} | {m.get(f'warm_relaunch_{name}_ms', '–')} "
        f"| {free.get(f'warm_{name}_ms', '–')} | {free.get(f'warm_relaunch_{name}_ms', '–')} |"
        for name in STEPS
        if name in STEP_WORDS
    ]
    return [
        "",
        (
            "Where a warm answer's time goes (ms, from the worker's own marks and the engine's; medians "
            "under the quota, one run unthrottled; the snapshot and the WebAssembly are read beside "
            "Pyodide's start, from the worker's start):"
        ),
        "",
        "| step | warm | next day | warm, unthrottled | next day, unthrottled |",
        "| --- | --- | --- | --- | --- |",
        *rows,
    ]


def write_readme(table: str, when: str) -> None:
    readme = ROOT / "README.md"
    text = readme.read_text("utf-8")
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    if start not in text or end not in text:
        print("README has no bench markers; table not written there", file=sys.stderr)
        return
    block = f"{start}\nMeasured by `make bench` on {when}:\n\n{table}\n{end}"
    head, rest = text.split(start, 1)
    readme.write_text(head + block + rest.split(end, 1)[1], "utf-8")


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
