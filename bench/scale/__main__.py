"""``make bench-scale``: the site built from a book of 1×, 10× and 50× today's rules, side by side.

For each size (``harness/synthetic_book.py`` writes the book): a cold build (an empty build cache),
a build with nothing changed, and a build after one export was edited, each with its wall
and CPU time, the peak memory of its processes and its time per stage; then the built
site's figures (``scale/build.py``) and, on the slow phone, a search from typing a word to
its first result, cold and warm, and every query a player types, CPU free, with how often
the rule meant comes first (``scale/search.py``). Writes ``bench/results/scale.json``
and the tables in ``bench/README.md`` (between ``scale:start`` and ``scale:end``).

    .venv/bin/python -m bench.scale [--sizes 1 10 50] [--project DIR --flat --out FILE]

``--project`` measures another checkout of the project (the one before a change, say) with
the same generator; ``--flat`` gives it no navigation groups (a project from before them).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.cpu.calibration import loops_ms
from bench.cpu.models import FIRST_QUOTA_US, LOOP_RUNS, SLOW_CORES, calibrated, method, slowed
from bench.phone.profile import BYTES_PER_S, LATENCY_S, Phone
from bench.reports.output import BENCH_README, RESULTS, write_block
from bench.scale.build import as_dict, site_figures, timed_build
from bench.scale.report import headline, report
from bench.scale.search import query_runs, search_runs
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.search_questions import QUESTIONS
from harness.synthetic_book import ROOT, edit_one_export, make_book
from site_server import Throttle, serving

SIZES = (1, 10, 50)
#: Search runs per site on the slow phone (each a cold and a warm visit); the medians are reported.
SEARCH_RUNS = 3


def measure_size(times: int, folder: Path, *, project: Path, flat: bool, log: Any) -> dict[str, Any]:
    """One size: the book written, built three ways, and its site measured."""
    book = make_book(times, folder / f"book-{times}", project=project, flat=flat)
    out: dict[str, Any] = {"times": times}
    log(f"{times}x: cold build")
    out["cold"] = as_dict(timed_build(book))
    out["site"] = site_figures(book)
    log(f"{times}x: {out['cold']['wall_s']} s; build with nothing changed")
    out["unchanged"] = as_dict(timed_build(book))
    log(f"{times}x: {out['unchanged']['wall_s']} s; build after one export was edited")
    edit_one_export(book, times)
    out["edited"] = as_dict(timed_build(book))
    log(f"{times}x: {out['edited']['wall_s']} s")
    anchors = json.loads((book / "anchors.lock.json").read_text("utf-8"))["anchors"]
    out["rules"] = sum(len(ids) for ids in anchors.values())
    return out


def _median_visit(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the runs of one kind of visit."""
    med = {key: round(statistics.median(v[key] for v in visits), 3) for key in ("to_result_s", "bytes_kb", "requests")}
    med["worker_mb"] = {
        key: round(statistics.median(v["worker_mb"][key] for v in visits), 2) for key in visits[0]["worker_mb"]
    }
    med["spread_s"] = [min(v["to_result_s"] for v in visits), max(v["to_result_s"] for v in visits)]
    return med


def measure_search(sites: dict[str, Path], folder: Path, log: Callable[[str], None]) -> dict[str, Any]:
    """Each site's search on the slow phone (slow cores, slow 4G), the sites taking turns in each round."""
    found: dict[str, list[dict[str, Any]]] = {label: [] for label in sites}
    with sync_playwright() as pw:
        free = loops_ms(pw, CHROMIUM, CHROMIUM_ARGS, LOOP_RUNS)
        with slowed(SLOW_CORES, CHROMIUM, FIRST_QUOTA_US) as slow:
            calibration = calibrated(pw, slow, CHROMIUM, CHROMIUM_ARGS, free)
            log(f"search: calibrated, the loop {calibration['worker_ratio']:.2f}x slower in a worker")
            phone = Phone(pw, str(slow.executable))
            for n in range(SEARCH_RUNS):
                labels = list(sites)
                for label in labels[n % len(labels) :] + labels[: n % len(labels)]:
                    throttle = Throttle(latency_s=LATENCY_S, bytes_per_s=BYTES_PER_S)
                    with serving(sites[label], throttle=throttle) as server:
                        found[label].append(search_runs(phone, folder / "search-profile", server))
                    log(f"search {n + 1}, {label}: {found[label][-1]}")
            model = method(SLOW_CORES, slow.quota_us)
        queries, questions = {}, {}
        for label, site in sites.items():
            queries[label] = query_runs(pw, site)
            log(f"queries, {label}: {queries[label]}")
            questions[label] = query_runs(pw, site, QUESTIONS)
            log(f"questions, {label}: {questions[label]}")
    return {
        "model": model,
        "calibration": calibration,
        "runs": found,
        "medians": {
            label: {kind: _median_visit([run[kind] for run in runs]) for kind in ("cold", "warm")}
            for label, runs in found.items()
        },
        "queries": queries,
        "questions": questions,
    }


def main() -> None:
    """Measure each size and write the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--project", type=Path, default=ROOT)
    parser.add_argument("--flat", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "scale.json")
    parser.add_argument("--keep", type=Path, help="keep the books in this folder (default: a temporary one)")
    parser.add_argument("--no-search", action="store_true", help="the builds and sizes only")
    parser.add_argument(
        "--search-only", action="store_true", help="the search only, on the books in --keep and the results in --out"
    )
    parser.add_argument(
        "--compare", type=Path, help="another run's folder (its --keep) and results, searched in the same run"
    )
    args = parser.parse_args()
    started = time.monotonic()

    def log(text: str) -> None:
        print(f"[{time.monotonic() - started:7.1f} s] {text}", flush=True)

    folder = args.keep or Path(tempfile.mkdtemp(prefix="scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.search_only:  # the books of an earlier run (its --keep) and its results
        results: dict[str, Any] = json.loads(args.out.read_text("utf-8"))
    else:
        results = {
            "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "sizes": [
                measure_size(n, folder, project=args.project.resolve(), flat=args.flat, log=log) for n in args.sizes
            ],
        }
        args.out.write_text(json.dumps(results, indent=1) + "\n", "utf-8")  # kept if the search fails
    if not args.no_search:
        sites = {f"{n}x": folder / f"book-{n}" / "site" for n in args.sizes}
        if args.compare:
            sites |= {f"before {n}x": args.compare / f"book-{n}" / "site" for n in args.sizes}
        search = measure_search(sites, folder, log)
        results["search"] = {
            key: value for key, value in search.items() if key not in ("medians", "queries", "questions")
        }
        for size in results["sizes"]:
            size["search"] = search["medians"][f"{size['times']}x"]
            size["queries"] = search["queries"][f"{size['times']}x"]
            size["questions"] = search["questions"][f"{size['times']}x"]
        if args.compare:
            results["compared"] = {label: m for label, m in search["medians"].items() if label.startswith("before")}
    results["duration_s"] = results.get("duration_s", 0) + round(time.monotonic() - started)
    args.out.write_text(json.dumps(results, indent=1) + "\n", "utf-8")
    log(f"written {args.out}")
    if args.out == RESULTS / "scale.json" and args.sizes == list(SIZES):
        write_block(BENCH_README, "scale", report(results))
        write_block(ROOT / "README.md", "scale", headline(results))
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
