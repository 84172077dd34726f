"""Phone benchmark: a slow-4G phone opening the rules and their calculators.

Serves the built site (``make build`` first; ``make bench`` does both) on 127.0.0.1
through the static server's throttling layer: 150 ms added to every request and one
1.6 Mbps download shared by all responses (DevTools throttling misses worker and
service-worker fetches). Chromium runs at 412x823 with 4x CPU throttling.

Measured, median of RUNS runs each:

* rule page LCP, cold;
* navigation to the first calculator answer, cold;
* the same, warm: a second visit with the service worker and the network off;
* bytes sent until the first answer, cold, and the transfer floor they imply;
* a naive baseline: the same worker code on the raw npm Pyodide files (full stdlib,
  no precompressed copies, no service worker), cold, and warm (second visit, HTTP cache).

Writes bench/results.json and the table between the README's bench markers.
"""

from __future__ import annotations

import json
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - the Chromium the tests drive

from build_scripts.runtime_assets import calculators_archive  # noqa: E402
from site_server import SiteServer, Throttle, serve  # noqa: E402

RUNS = 3
LATENCY_S = 0.150
MBPS = 1.6
BYTES_PER_S = MBPS * 1_000_000 / 8
VIEWPORT = {"width": 412, "height": 823}
CPU_SLOWDOWN = 4
TIMEOUT_MS = 240_000
SITE = ROOT / "site"
PYODIDE = ROOT / "node_modules" / "pyodide"
TARGETS = {
    "lcp_s": 1.5,
    "cold_vs_naive": 0.3,
    "cold_over_floor": 0.15,
    "bytes_mb": 3.8,
    "warm_s": 2.0,
    "warm_vs_naive_warm": 0.7,
}

# Records when the first calculator answer arrives (the page fires sh-calc:answered).
ANSWER_PROBE = """
window.__firstAnswer = null;
document.addEventListener('sh-calc:answered', () => {
  if (window.__firstAnswer === null) window.__firstAnswer = performance.now();
}, true);
"""

NAIVE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Naive baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Naive Pyodide baseline</h1><p id="state">starting</p>
<script src="naive.js"></script></body></html>
"""

NAIVE_JS = """
// The same worker, on the raw npm Pyodide files: one calculation, then report.
const worker = new Worker(new URL("assets/js/calculators/worker.mjs", document.baseURI), { type: "module" });
worker.addEventListener("message", (event) => {
  if (event.data && event.data.id === 1) {
    window.__firstAnswer = performance.now();
    document.getElementById("state").textContent = "answered";
    document.dispatchEvent(new CustomEvent("sh-calc:answered"));
  }
});
worker.postMessage({ id: 1, op: "run", name: "building-damage", inputs: {} });
"""


def naive_site(folder: Path) -> Path:
    """A page running the site's worker on the raw npm Pyodide files, nothing compressed."""
    version = json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"]
    (folder / "assets" / "py").mkdir(parents=True)
    shutil.copytree(PYODIDE, folder / "assets" / "pyodide" / version, ignore=shutil.ignore_patterns("*.d.ts", "*.map"))
    worker = Path("assets/js/calculators/worker.mjs")
    (folder / worker).parent.mkdir(parents=True)
    shutil.copyfile(SITE / worker, folder / worker)
    archive = calculators_archive(ROOT / "calculators")
    (folder / "assets" / "py" / "calculators-naive.zip").write_bytes(archive)
    manifest = {"pyodide": version, "calculators": "calculators-naive.zip"}
    (folder / "assets" / "py" / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    (folder / "index.html").write_text(NAIVE_HTML, "utf-8")
    (folder / "naive.js").write_text(NAIVE_JS, "utf-8")
    return folder


def phone(pw: Playwright, profile: Path, *, service_workers: str = "allow") -> BrowserContext:
    """A phone with its own new, empty profile on disk: a cold first visit, real caches after."""
    shutil.rmtree(profile, ignore_errors=True)
    context = pw.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport=VIEWPORT,
        device_scale_factor=2.625,
        is_mobile=True,
        has_touch=True,
        service_workers=service_workers,
    )
    context.add_init_script(ANSWER_PROBE)
    return context


def slow_cpu(page: Page) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def first_answer(page: Page, url: str) -> float:
    """Seconds from navigation start to the first calculator answer."""
    slow_cpu(page)
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__firstAnswer !== null", timeout=TIMEOUT_MS, polling=100)
    return float(page.evaluate("() => window.__firstAnswer")) / 1000


def lcp(page: Page, url: str) -> float:
    """Largest Contentful Paint of a rule page, in seconds."""
    slow_cpu(page)
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


def median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def run_site(pw: Playwright, profile: Path, base: str, throttle: Throttle) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"lcp_s": [], "cold_s": [], "bytes": [], "warm_s": []}
    for n in range(RUNS):
        context = phone(pw, profile)
        out["lcp_s"].append(lcp(context.new_page(), base + "terrain/"))
        context.close()

        context = phone(pw, profile)
        page = context.new_page()
        before = throttle.sent
        out["cold_s"].append(first_answer(page, base + "buildings/"))
        out["bytes"].append(float(throttle.sent - before))
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        page.wait_for_function(
            """async () => {
                const reg = await navigator.serviceWorker.getRegistration();
                return !!(reg && reg.active && !reg.installing && !reg.waiting);
            }""",
            timeout=TIMEOUT_MS,
        )
        context.set_offline(True)
        out["warm_s"].append(first_answer(context.new_page(), base + "buildings/"))
        context.close()
        print(
            f"  run {n + 1}: lcp {out['lcp_s'][-1]:.2f}s, cold {out['cold_s'][-1]:.2f}s, "
            f"{out['bytes'][-1] / 1e6:.2f} MB, warm {out['warm_s'][-1]:.2f}s",
            flush=True,
        )
    return out


def run_naive(pw: Playwright, profile: Path, base: str, throttle: Throttle) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"cold_s": [], "bytes": [], "warm_s": []}
    for n in range(RUNS):
        context = phone(pw, profile, service_workers="block")
        before = throttle.sent
        out["cold_s"].append(first_answer(context.new_page(), base))
        out["bytes"].append(float(throttle.sent - before))
        out["warm_s"].append(first_answer(context.new_page(), base))
        context.close()
        print(
            f"  naive run {n + 1}: cold {out['cold_s'][-1]:.2f}s, {out['bytes'][-1] / 1e6:.2f} MB, "
            f"warm {out['warm_s'][-1]:.2f}s",
            flush=True,
        )
    return out


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(site: dict[str, list[float]], naive: dict[str, list[float]]) -> dict[str, Any]:
    cold, warm = median(site["cold_s"]), median(site["warm_s"])
    naive_cold, naive_warm = median(naive["cold_s"]), median(naive["warm_s"])
    mb = round(statistics.median(site["bytes"]) / 1e6, 2)
    floor = round(statistics.median(site["bytes"]) * 8 / (MBPS * 1e6), 2)
    rows = [
        (
            "Rule page LCP, cold",
            f"{median(site['lcp_s'])} s",
            f"<= {TARGETS['lcp_s']} s",
            median(site["lcp_s"]) <= TARGETS["lcp_s"],
        ),
        (
            "First answer, cold",
            f"{cold} s ({cold / naive_cold:.2f}x naive)",
            f"<= {TARGETS['cold_vs_naive']}x naive",
            cold <= TARGETS["cold_vs_naive"] * naive_cold,
        ),
        (
            "First answer, cold, vs transfer floor + 1 s",
            f"{cold} s vs {floor + 1:.2f} s",
            f"within {TARGETS['cold_over_floor']:.0%}",
            cold <= (floor + 1) * (1 + TARGETS["cold_over_floor"]),
        ),
        ("Bytes until first answer, cold", f"{mb} MB", f"<= {TARGETS['bytes_mb']} MB", mb <= TARGETS["bytes_mb"]),
        (
            "First answer, warm (service worker, offline)",
            f"{warm} s",
            f"<= {TARGETS['warm_s']} s",
            warm <= TARGETS["warm_s"],
        ),
        (
            "First answer, warm vs naive warm",
            f"{warm} s vs {naive_warm} s ({warm / naive_warm:.2f}x)",
            f"<= {TARGETS['warm_vs_naive_warm']}x",
            warm <= TARGETS["warm_vs_naive_warm"] * naive_warm,
        ),
        ("Naive baseline, cold", f"{naive_cold} s, {round(statistics.median(naive['bytes']) / 1e6, 2)} MB", "-", True),
        ("Transfer floor (bytes x 8 / 1.6 Mbps)", f"{floor} s", "-", True),
    ]
    table = ["| measure | median | target | |", "| --- | ---: | --- | --- |"]
    table += [
        f"| {name} | {value} | {target} | {verdict(ok) if target != '-' else ''} |" for name, value, target, ok in rows
    ]
    return {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {platform.system()}, Python {platform.python_version()}",
        "profile": {
            "latency_ms": LATENCY_S * 1000,
            "mbps": MBPS,
            "cpu_slowdown": CPU_SLOWDOWN,
            "viewport": VIEWPORT,
            "runs": RUNS,
        },
        "site": site,
        "naive": naive,
        "medians": {
            "lcp_s": median(site["lcp_s"]),
            "cold_s": cold,
            "warm_s": warm,
            "bytes_mb": mb,
            "floor_s": floor,
            "naive_cold_s": naive_cold,
            "naive_warm_s": naive_warm,
        },
        "table": "\n".join(table),
        "targets_met": all(ok for _, _, target, ok in rows if target != "-"),
    }


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


def with_server(root: Path, fn: Callable[[str, Throttle], dict[str, list[float]]]) -> dict[str, list[float]]:
    throttle = Throttle(latency_s=LATENCY_S, bytes_per_s=BYTES_PER_S)
    server: SiteServer = serve(root, port=0, throttle=throttle)
    try:
        return fn(f"http://127.0.0.1:{server.server_address[1]}/", throttle)
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    if not (SITE / "sw.js").is_file():
        sys.exit("no built site: run `make build` (make bench does)")
    started = time.monotonic()
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "profile"
        print(f"Phone benchmark: {LATENCY_S * 1000:.0f} ms, {MBPS} Mbps, {CPU_SLOWDOWN}x CPU, {RUNS} runs", flush=True)
        site = with_server(SITE, lambda base, t: run_site(pw, profile, base, t))
        naive = with_server(naive_site(Path(tmp) / "naive"), lambda base, t: run_naive(pw, profile, base, t))
    result = report(site, naive)
    result["duration_s"] = round(time.monotonic() - started)
    (ROOT / "bench" / "results.json").write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    write_readme(result["table"], result["when"])
    print(result["table"])
    print(f"({result['duration_s']} s)")


if __name__ == "__main__":
    main()
