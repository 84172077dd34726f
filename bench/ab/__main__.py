"""Two or more builds of the site, alternately, in one run (``make bench-ab BEFORE=<site dir>``).

For a change that an init script cannot undo (it is in the worker, or in the build), the
site built before it and the site built with it (or several variants, each named) are
served side by side and measured in turn, each round starting with the next site, RUNS
times each: a first visit, settled (the service worker in control, the snapshot and the
compiled code kept), then the first answer of a second page offline ("warm") and, the
browser restarted, of the first page ("next day"). For each, the seconds from navigation
to the answer and the worker's own steps (``timings``, ms since the worker started, as
the bench's breakdown reads them). By default CPU unthrottled and no network throttling:
what is compared is the worker's own work, and the runs stay short. With ``--model NAME``
(``--quota`` for ``one quarter-core``), the browser slowed as ``make bench`` slows it
under that CPU model (``cpu/models.py``), calibrated to about 4x (a run takes about a
minute). The network is never throttled: both answers measured are offline, and the first
visit is only their preparation.

Usage: ``python -m bench.ab [--model NAME | --quota] [--out NAME] SITE SITE... [--runs N]``,
each SITE a built site's folder, or ``label=folder``; two unlabelled are ``before`` and
``after``. Writes ``bench/results/ab.json`` (``bench/results/ab-quota.json`` under one quarter-core,
``bench/results/ab-cores.json`` under slow cores; ``bench/results/ab-NAME.json`` with ``--out``).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

from bench.cpu import models as cpu_models
from bench.cpu import quota as cpu_quota
from bench.phone import profile as pb
from bench.phone import runs as visits
from bench.reports.output import RESULTS
from harness.chromium import CHROMIUM, CHROMIUM_ARGS

RUNS = 5


def visit(pw: Playwright, profile: Path, base: str, chromium: str) -> dict[str, dict[str, float]]:
    """A settled first visit, then the warm and the next day's first answers, with the worker's steps."""
    phone = pb.Phone(pw, chromium)
    context = phone.open(profile, fresh=True)
    page = context.new_page()
    visits.first_answer(page, base + pb.PAGE)
    visits.settle_site(page)
    page.wait_for_function("() => window.scrollhammerCalculators.codeCache !== 'warming'", timeout=pb.TIMEOUT_MS)
    context.set_offline(True)
    warm = context.new_page()
    result = {"warm": visits.answer_and_steps(warm, base + pb.WARM_PAGE)}
    context.close()
    context = phone.open(profile, fresh=False)
    context.set_offline(True)
    result["next_day"] = visits.answer_and_steps(context.new_page(), base + pb.PAGE)
    context.close()
    return result


def medians(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each figure's median over the runs (a step missing from a run is left out of its median)."""
    out: dict[str, dict[str, float]] = {}
    for visit_name in runs[0]:
        keys = {key for run in runs for key in run[visit_name]}
        out[visit_name] = {
            key: round(statistics.median([run[visit_name][key] for run in runs if key in run[visit_name]]), 3)
            for key in sorted(keys)
        }
    return out


def arguments(args: list[str]) -> tuple[str, dict[str, Path], int, str]:
    """The model ("" for none), the sites by label, the runs each and the output's name, from the command line."""
    model, runs_each, out = "", RUNS, ""
    sites: dict[str, Path] = {}
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--quota":
            model = cpu_models.QUARTER_CORE
        elif arg in ("--model", "--runs", "--out") and rest:
            value = rest.pop(0)
            if arg == "--model":
                model = value
            elif arg == "--runs":
                runs_each = int(value)
            else:
                out = value
        elif arg.startswith("--"):
            sys.exit(f"ab bench: unknown option {arg}\n{__doc__.split('Usage: ')[1].split(chr(10))[0]}")
        else:
            label, _, folder = arg.rpartition("=")
            unlabelled = ("before", "after")[len(sites)] if len(sites) < 2 else f"site-{len(sites) + 1}"
            sites[label or unlabelled] = Path(folder)
    if model and model not in cpu_models.MODELS:
        sys.exit(f"ab bench: no CPU model {model!r}: the models are {', '.join(cpu_models.MODELS)}")
    if len(sites) < 2:
        sys.exit("ab bench: give two built sites or more (BEFORE AFTER, or label=folder ...)")
    word = out or (cpu_models.FILE_WORDS[model] if model else "")
    return model, sites, runs_each, f"ab-{word}" if word else "ab"


def main() -> None:
    model, sites, runs_each, out_name = arguments(sys.argv[1:])
    for name, site in sites.items():
        if not (site / "sw.js").is_file():
            sys.exit(f"ab bench: {site} ({name}) is not a built site")
    started = time.monotonic()
    runs: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name in sites}
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        chromium, profile_note = CHROMIUM, "CPU unthrottled, no network throttling"
        if model:
            why_not = cpu_quota.available()
            if why_not:
                sys.exit(f"ab bench: cannot slow the browser's CPU: {why_not}")
            slowed = stack.enter_context(cpu_models.slowed(model, CHROMIUM, cpu_models.FIRST_QUOTA_US))
            _, factor = cpu_quota.calibrate(pw, slowed, CHROMIUM, CHROMIUM_ARGS, cpu_models.CPU_TARGET)
            chromium = str(slowed.executable)
            how = cpu_models.method(model, slowed.quota_us)
            profile_note = f"no network throttling, {model}: the loop in a worker {factor:.2f}x slower ({how})"
        for n in range(runs_each):
            # Each round starts with the next site, so no site is always first (or last) after the cleanup.
            names = list(sites)
            for name in names[n % len(names) :] + names[: n % len(names)]:
                site = sites[name]
                with visits.served(site, slow=False) as (base, _):
                    runs[name].append(visit(pw, Path(tmp) / "profile", base, chromium))
                shutil.rmtree(Path(tmp) / "profile", ignore_errors=True)
                print(f"run {n + 1} {name}: {json.dumps(runs[name][-1])}", flush=True)
    summary: dict[str, Any] = {name: medians(found) for name, found in runs.items()}
    summary["runs"] = runs
    summary["sites"] = {name: str(site) for name, site in sites.items()}
    summary["profile"] = profile_note
    summary["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    summary["duration_s"] = round(time.monotonic() - started)
    out = RESULTS / f"{out_name}.json"
    out.write_text(json.dumps(summary, indent=1) + "\n", "utf-8")
    for visit_name in ("warm", "next_day"):
        for name in sites:
            print(visit_name, name, summary[name][visit_name])


if __name__ == "__main__":
    main()
