"""``python -m bench.engines.jsc``: where WebKit's extra time goes, by JavaScriptCore's options and MiniBrowser's.

Issue 38's cause, measured rather than guessed. JavaScriptCore runs WebAssembly in tiers:
an interpreter (IPInt), a baseline compiler (BBQ), then an optimising one (OMG), whose
compiles run on ``numberOfWasmCompilerThreads`` threads: one fewer than the machine's cores
(``Options.cpp``: ``computeNumberOfWorkerThreads(INT32_MAX, 2) - 1``), so one on this 2-core
machine and five on a six-core iPhone. WebKitGTK reads its options from the environment
(``JSC_<option>``), which WebKitWebDriver passes on to MiniBrowser. Each variant below is
``make bench-engines``' run (the first answer cold, then a second page's warm answer, with
the worker's steps), CPU free, the variants in turn in every round:

* **as shipped**: no option;
* **no optimising tier**: ``JSC_useOMGJIT=false``;
* **a phone's compiler threads**: ``JSC_numberOfWasmCompilerThreads=5``;
* **a reader's pause**: as shipped, with ``PAUSE_S`` between the first answer and the second
  page (a player reads the rule before following a link);
* **no compositing**: ``WEBKIT_DISABLE_COMPOSITING_MODE=1``, what the test browser adds: under
  Xvfb, MiniBrowser composites its pages with OpenGL drawn in software (Mesa's llvmpipe
  threads, on the same two cores), where a phone composites on its GPU.

Usage: ``python -m bench.engines.jsc [RUNS]`` (3 by default). Needs ``site/`` (make build) and
WebKit (make engines). Prints each variant's medians and the
steps that differ; writes ``bench/results/engines-jsc.json``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.engines import run as engines_bench
from bench.reports.output import RESULTS
from harness.engines.drivers import virtual_screen

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
PAUSE_S = 8.0
#: name -> (JSC options, seconds between the first answer and the second page)
VARIANTS: dict[str, tuple[dict[str, str], float]] = {
    "as shipped": ({}, 0.0),
    "no optimising tier (JSC_useOMGJIT=false)": ({"JSC_useOMGJIT": "false"}, 0.0),
    "a phone's compiler threads (JSC_numberOfWasmCompilerThreads=5)": ({"JSC_numberOfWasmCompilerThreads": "5"}, 0.0),
    f"a reader's pause ({PAUSE_S:.0f} s before the second page)": ({}, PAUSE_S),
    "no compositing (WEBKIT_DISABLE_COMPOSITING_MODE=1)": ({"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}, 0.0),
}
#: The figures printed: the answers (s) and the steps where the variants differ (ms).
SHOWN = (
    "first_s",
    "warm_s",
    "first_pyodide_bootstrap_ms",
    "first_install_ms",
    "first_answer_ms",
    "warm_wasm_instantiate_ms",
    "warm_pyodide_bootstrap_ms",
)


def main() -> None:
    started = time.monotonic()
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in VARIANTS}
    with tempfile.TemporaryDirectory() as tmp_dir, virtual_screen() as display:
        tmp = Path(tmp_dir)
        site = engines_bench.clocked_copy(engines_bench.SITE, tmp / "site")
        for n in range(RUNS):
            for name, (options, pause_s) in VARIANTS.items():
                with engines_bench.environment(options):
                    runs[name].append(engines_bench.one_run("webkit", site, display, tmp, pause_s=pause_s))
                print(f"{n + 1} {name}: first {runs[name][-1]['first_s']:.2f} s, warm {runs[name][-1]['warm_s']:.2f} s")
    medians = {
        name: {key: round(statistics.median(float(r[key]) for r in found if key in r), 2) for key in SHOWN}
        for name, found in runs.items()
    }
    data = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": runs["as shipped"][0]["version"],
        "runs": RUNS,
        "seconds": round(time.monotonic() - started),
        "medians": medians,
        "all": runs,
    }
    (RESULTS / "engines-jsc.json").write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    print(f"\n{data['version']}, CPU free, medians of {RUNS} ({data['when']}):\n")
    print("| variant | " + " | ".join(SHOWN) + " |")
    print("| --- |" + " --- |" * len(SHOWN))
    for name, figures in medians.items():
        print(f"| {name} | " + " | ".join(str(figures[key]) for key in SHOWN) + " |")


if __name__ == "__main__":
    main()
