"""``make bench-cores``: the two CPU models' calibration alone, ``REPEAT`` times in turn.

    python -m bench.cpu [REPEAT]

Calibrates both models (:mod:`bench.cpu.models`) on the worker loop and measures the three
loops under each; prints and writes ``bench/results/cores.json``. ``make bench`` does the
same once per model before its runs.
"""

from __future__ import annotations

import json
import sys
import time

from playwright.sync_api import sync_playwright

from bench.cpu.calibration import loops_ms
from bench.cpu.models import FIRST_QUOTA_US, MODELS, calibrated, slowed
from bench.reports.output import RESULTS
from harness.chromium import CHROMIUM, CHROMIUM_ARGS


def main() -> None:
    """Calibrate and measure, ``REPEAT`` times; write the runs."""
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    runs: dict[str, list[dict[str, object]]] = {model: [] for model in MODELS}
    with sync_playwright() as pw:
        free = loops_ms(pw, CHROMIUM, CHROMIUM_ARGS)
        for n in range(repeat):
            for model in MODELS:
                with slowed(model, CHROMIUM, FIRST_QUOTA_US) as slow:
                    runs[model].append(calibrated(pw, slow, CHROMIUM, CHROMIUM_ARGS, free))
                print(f"{n + 1}/{repeat} {model}: {json.dumps(runs[model][-1])}", flush=True)
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "loop": "40M square roots, free: median of 5; slowed: median of 3; on the page's main thread, "
        "in a Web Worker, and both at once",
        "runs": runs,
    }
    text = json.dumps(result, indent=1) + "\n"
    (RESULTS / "cores.json").write_text(text, "utf-8")
    print(text)


if __name__ == "__main__":
    main()
