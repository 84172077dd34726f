"""What a memory snapshot freezes must not matter: the calculators depend on no hash seed,
no random state and no clock, and Pyodide's snapshot API still restores them (#9).

A snapshot is made once, in the player's browser, and restored on every later visit: the
hash seed, ``random``'s state and anything read from the clock at import time are the
snapshot's, not the visit's. Roll takes its dice from the page, so nothing here draws.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browser.calc_cases import CALCULATOR_OF, CASES

from build_scripts.runtime.assets import calculators_archive
from calculators import web
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


#: Where the browser tests' cases are (``calc_cases.py``).
CASES_DIR = ROOT / "tests" / "browser"
# Every calculator over a spread of inputs (the browser tests' cases), and a Roll.
ANSWERS = """
import json
from calc_cases import CALCULATOR_OF, CASES
from calculators import web
out = [json.loads(web.compute(CALCULATOR_OF[section], json.dumps(inputs))) for section, inputs in CASES]
out.append(json.loads(web.play("building-damage", json.dumps({"strength": "8", "hits": "3"}), json.dumps([6, 2, 5, 1, 4, 3]))))
print(json.dumps(out, sort_keys=False))
"""


def answers_with_seed(seed: str) -> str:
    # The browser tests' cases and the project itself on the path, through the environment.
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join([str(CASES_DIR), str(ROOT)])}
    return subprocess.run([sys.executable, "-c", ANSWERS], capture_output=True, text=True, check=True, env=env).stdout


def test_answers_are_the_same_under_any_hash_seed() -> None:
    first = answers_with_seed("0")
    assert len(json.loads(first)) > 20
    for seed in ("1", "4242", "random"):
        assert answers_with_seed(seed) == first, f"PYTHONHASHSEED={seed} changed an answer or its order"


NODE = shutil.which("node")
PYODIDE = ROOT / "node_modules" / "pyodide"

ROUND_TRIP = """
import { loadPyodide } from %(loader)s;
import { readFileSync } from "node:fs";
const indexURL = %(index)s;
const stdLibURL = %(stdlib)s;
const archive = new Uint8Array(readFileSync(%(archive)s));
const cases = JSON.parse(%(cases)s);
function install(pyodide) {
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/scrollhammer" });
  const path = pyodide.pyimport("sys").path;
  if (!path.includes("/home/pyodide/scrollhammer")) path.insert(0, "/home/pyodide/scrollhammer");
  return pyodide.pyimport("calculators.web");
}
const run = (web) => cases.map(([name, inputs]) => JSON.parse(web.compute(name, JSON.stringify(inputs))));
const fresh = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
const before = run(install(fresh));
const snapshot = fresh.makeMemorySnapshot();
const stillUsable = run(install(fresh));
const restored = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: snapshot });
const after = run(install(restored));
console.log(JSON.stringify({ bytes: snapshot.length, before, stillUsable, after }));
"""


@pytest.mark.skipif(NODE is None or not (PYODIDE / "pyodide.mjs").is_file(), reason="Node and `npm ci` are setup")
def test_pyodides_snapshot_api_still_restores_the_calculators(tmp_path: Path, built_site: Path) -> None:
    """The site's own runtime (its compiled stdlib) in Node: a fresh boot, the snapshot of
    it, and the restored one answer alike, and as CPython does."""
    declared = (PYODIDE / "pyodide.d.ts").read_text("utf-8")
    for name in ("_makeSnapshot", "_loadSnapshot", "makeMemorySnapshot"):
        assert name in declared, f"Pyodide no longer declares {name}: the worker's snapshot boot needs a look"
    archive = tmp_path / "calculators.zip"
    archive.write_bytes(calculators_archive(PACKAGE))
    cases = [[CALCULATOR_OF[section], inputs] for section, inputs in CASES]
    code = ROUND_TRIP % {
        "loader": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE) + "/"),
        "stdlib": json.dumps(str(next(built_site.glob("assets/pyodide/*/python_stdlib.zip")))),
        "archive": json.dumps(str(archive)),
        "cases": json.dumps(json.dumps(cases)),
    }
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", code], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["bytes"] > 1_000_000
    assert result["before"] == result["stillUsable"] == result["after"]
    assert result["after"] == [json.loads(web.compute(name, json.dumps(inputs))) for name, inputs in cases]
