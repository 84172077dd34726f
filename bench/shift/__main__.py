"""How far a calculator's page moves while the calculator starts, at 4× CPU: ``make bench-shift``.

For each calculator on the site (``assets/py/manifest.json``), a phone (360×740, touch)
opens its page at the calculator (``#calc-…``) as a returning player (the service worker and
Python's snapshot stored by one visit before), with Chromium's CPU slowed 4× (DevTools'
throttling), and sums the page's layout shifts (the Layout Instability API's entries, as
Cumulative Layout Shift counts them: none after the player's own input) from the first paint
until one second after the calculator's first answer. ``RUNS`` runs a calculator, median kept.

``python -m bench.shift [--runs N] [SITE ...]``: several built sites are measured alternately in
one run (a site copied before a change, then ``site/``), each figure beside the others.
Results: ``bench/results/shift.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.layout_shift import LAYOUT_SHIFTS
from harness.project import ROOT
from site_server import serve

RESULTS = ROOT / "bench" / "results" / "shift.json"
#: DevTools' CPU throttling: a mid-range phone against this machine's cores.
SLOWDOWN = 4


def calculators(site: Path) -> list[tuple[str, str]]:
    """Each calculator placed on the site: (its page, its section's id)."""
    manifest = json.loads((site / "assets" / "py" / "manifest.json").read_text("utf-8"))
    return [
        (place["page"], "-".join(["calc", name, *place["fixed"].values()]))
        for name, places in manifest["places"].items()
        for place in places
    ]


def measure(site: Path) -> dict[str, float]:
    """Each calculator's layout shift on ``site``, by a phone of its own (its visit before included)."""
    server = serve(site, port=0)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    shifts: dict[str, float] = {}
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            context = p.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                viewport={"width": 360, "height": 740},
                is_mobile=True,
                has_touch=True,
                device_scale_factor=2,
            )
            first = context.new_page()  # the visit before: the service worker and the snapshot stored
            first.goto(base + "buildings/")
            first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            first.locator(".sh-calc__result[data-result]").first.wait_for(state="attached", timeout=120_000)
            first.wait_for_timeout(3000)  # the snapshot kept after the first answer
            first.close()
            for page_url, section in calculators(site):
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
                page.add_init_script(LAYOUT_SHIFTS)
                page.goto(f"{base}{page_url}#{section}")
                page.locator(f"#{section} .sh-calc__result[data-result]").wait_for(state="attached", timeout=180_000)
                page.wait_for_timeout(1000)  # what the answer moves, after it
                moved = page.evaluate("window.__shifts")
                shifts[section] = round(sum(s["value"] for s in moved), 4)
                page.close()
            context.close()
    finally:
        server.shutdown()
    return shifts


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.shift", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("sites", nargs="*", type=Path, default=[ROOT / "site"])
    args = parser.parse_args(argv)
    runs: dict[str, dict[str, list[float]]] = {str(s): {} for s in args.sites}
    for _ in range(args.runs):  # alternately: each site once a round
        for site in args.sites:
            for section, value in measure(site).items():
                runs[str(site)].setdefault(section, []).append(value)
    report = {
        site: {section: {"median": statistics.median(v), "runs": v} for section, v in sections.items()}
        for site, sections in runs.items()
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"slowdown": SLOWDOWN, "sites": report}, indent=1) + "\n", "utf-8")
    for site, sections in runs.items():
        print(site)
        for section, values in sections.items():
            print(f"  {section}: layout shift {statistics.median(values):.3f} (median of {len(values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
