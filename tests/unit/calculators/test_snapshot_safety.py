"""What a memory snapshot freezes must not matter: the calculators depend on no hash seed,
no random state and no clock (#9; that Pyodide restores them: tests/js/test_snapshot_restore.py).

A snapshot is made once, in the player's browser, and restored on every later visit: the
hash seed, ``random``'s state and anything read from the clock at import time are the
snapshot's, not the visit's. Roll takes its dice from the page, so nothing here draws.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.project import ROOT

PACKAGE = ROOT / "calculators"
FORBIDDEN = {"random", "secrets", "time", "datetime", "uuid", "os", "hashlib"}


@pytest.mark.parametrize("module", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_calculator_module_draws_randomness_or_reads_the_clock(module: Path) -> None:
    tree = ast.parse(module.read_text("utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & FORBIDDEN, f"{module.name} imports {sorted(imported & FORBIDDEN)}"


#: The tests' folder, where the browser tests' cases are (``support/calc_cases.py``).
TESTS = ROOT / "tests"
# Every calculator over a spread of inputs (the browser tests' cases), and a Roll.
ANSWERS = """
import json
from support.calc_cases import CALCULATOR_OF, CASES
from calculators import web
out = [json.loads(web.compute(CALCULATOR_OF[section], json.dumps(inputs))) for section, inputs in CASES]
out.append(json.loads(web.play("building-damage", json.dumps({"strength": "8", "hits": "3"}), json.dumps([6, 2, 5, 1, 4, 3]))))
print(json.dumps(out, sort_keys=False))
"""


def answers_with_seed(seed: str) -> str:
    # The browser tests' cases on the path, through the environment.
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(TESTS)}
    return subprocess.run([sys.executable, "-c", ANSWERS], capture_output=True, text=True, check=True, env=env).stdout


def test_answers_are_the_same_under_any_hash_seed() -> None:
    first = answers_with_seed("0")
    assert len(json.loads(first)) > 20
    for seed in ("1", "4242", "random"):
        assert answers_with_seed(seed) == first, f"PYTHONHASHSEED={seed} changed an answer or its order"
