"""Pyodide's memory snapshot, in Node, of the site's own runtime: a fresh start, its snapshot and
the restored one answer every calculator's cases alike, and as CPython does (its snapshot API
is private and experimental: an upgrade that changes it fails here)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from support.calc_cases import CALCULATOR_OF, CASES

from build_scripts.runtime.assets import calculators_archive
from calculators import web
from harness.project import ROOT

PACKAGE = ROOT / "calculators"
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
