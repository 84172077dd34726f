"""The calculators are standard library only: the browser runs them in a Pyodide with no
other packages, and nothing of the build (MkDocs, ``build_scripts``) may leak in."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from harness.project import ROOT

PACKAGE = ROOT / "calculators"


def imported(module: Path) -> set[str]:
    """The top-level names a module imports (relative imports are its own package's)."""
    names = set()
    for node in ast.walk(ast.parse(module.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_a_calculator_module_imports_only_the_standard_library_and_its_own_package(module: Path) -> None:
    outside = imported(module) - set(sys.stdlib_module_names) - {"calculators", "__future__"}
    assert not outside, f"{module.relative_to(ROOT)} imports {sorted(outside)}"


def test_the_check_sees_an_import_from_outside(tmp_path: Path) -> None:
    module = tmp_path / "leaky.py"
    module.write_text("import json\nfrom build_scripts.core.model import RuleRef\nimport jinja2\n", "utf-8")
    assert imported(module) - set(sys.stdlib_module_names) == {"build_scripts", "jinja2"}
