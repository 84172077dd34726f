"""The search's pure parts in Node: "Did you mean" (``docs/assets/js/search/typos.mjs``) and
Pagefind's results as the theme shows them (``results.mjs``), ``tests/js/search/*.test.mjs``."""

from __future__ import annotations

import os
import re
import subprocess

from support import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "search").glob("*.test.mjs"))


def test_search_model_in_node() -> None:
    run = subprocess.run(
        ["node", "--test", "--test-reporter=tap", *map(str, TESTS)],
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # Every test ran and passed (a file that fails to load would report no tests at all).
    counts = dict(re.findall(r"^# (tests|pass|fail) (\d+)$", run.stdout, re.MULTILINE))
    assert int(counts["tests"]) >= 10, run.stdout[-2000:]
    assert counts["pass"] == counts["tests"], run.stdout[-2000:]
