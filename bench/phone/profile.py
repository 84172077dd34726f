"""The phone the benchmark plays: its network, its screen, its pages, the
figures' targets, and its browser (:class:`Phone`), with the scripts it adds to every page.

Read by ``phone/measure.py`` and the benchmarks beside it (``ab/__main__.py``,
``ab/changes.py``, ``phone/warm_cpu.py``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Literal

from playwright.sync_api import BrowserContext, Playwright, ViewportSize

from harness.chromium import CHROMIUM_ARGS
from harness.project import ROOT

RUNS = 3
LATENCY_S = 0.150
MBPS = 1.6
BYTES_PER_S = MBPS * 1_000_000 / 8
VIEWPORT: ViewportSize = {"width": 412, "height": 823}
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

# Records when the first calculator answer arrives (the page fires sh-calc:answered), and when the
# snapshot for the next page was kept (sh-calc:snapshot).
ANSWER_PROBE = """
window.__firstAnswer = null;
window.__snapshotKept = null;
document.addEventListener('sh-calc:answered', () => {
  if (window.__firstAnswer === null) window.__firstAnswer = performance.now();
}, true);
document.addEventListener('sh-calc:snapshot', (event) => {
  if (event.detail.stored) window.__snapshotKept = performance.now();
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
