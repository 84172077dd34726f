"""Calibrate a CPU model: the same loop on a page's main thread, in a Web Worker, and both at once.

Free and slowed medians give each thread's slowdown and whether the two ran side by side
(``Calibration.together_ratio``: 1.0 side by side, 2.0 taking turns). ``make bench-cores``
runs it under both models (``cpu/models.py``); ``make bench`` once per model before its runs.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from playwright.sync_api import Playwright

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


def worker_loop_ms(pw: Playwright, executable: str, args: list[str], runs: int = 5) -> float:
    """Median duration (ms) of the loop in a Web Worker alone, in this browser (what a quota is calibrated on)."""
    browser = pw.chromium.launch(executable_path=executable, args=args)
    try:
        page = browser.new_page()
        page.set_content(CALIBRATION_PAGE)
        page.evaluate("window.worker()")  # warm-up: JIT, worker start
        return statistics.median(float(page.evaluate("window.worker()")) for _ in range(runs))
    finally:
        browser.close()


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
