"""The rooms and what each may import (ARCHITECTURE.md): the MkDocs plugin is the only glue,
the build's stages import only the stages before them, the server takes only the policy."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support import ROOT

#: The build's stages, in order: a stage may import itself and those before it. ``sync`` (make
#: sync, the only code that speaks to a wiki) replays the wiki's revisions with the rulebook's
#: reading and the cards' history, so it comes after them; the build reads only its files.
STAGES = ["rulebook", "pages", "cards", "sync", "finish"]
#: What every stage may import: the shared parts (the plain data and errors, the TOML reader, the templates,
#: the cache, the stage timer, the Node runner, the policy), the settings and the browser's runtime.
SHARED = {"core", "settings", "runtime"}
#: No import against the order.
ALLOWED: set[tuple[str, str]] = set()
PYTHON = sorted(p for folder in ("build_scripts", "calculators", "site_server") for p in (ROOT / folder).rglob("*.py"))


def imports(module: Path) -> set[str]:
    """Every absolute module name ``module`` imports."""
    found = set()
    for node in ast.walk(ast.parse(module.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def where(module: Path) -> str:
    return module.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("module", PYTHON, ids=where)
def test_only_the_plugin_imports_mkdocs(module: Path) -> None:
    uses = {name for name in imports(module) if name.split(".")[0] == "mkdocs"}
    assert not uses or where(module).startswith("build_scripts/mkdocs_plugin/"), f"{where(module)} imports {uses}"


def stage_problems(module: Path) -> list[str]:
    """The build_scripts imports of ``module`` that break the stages' order."""
    parts = module.relative_to(ROOT / "build_scripts").parts
    own = STAGES.index(parts[0]) if len(parts) > 1 and parts[0] in STAGES else None
    problems = []
    for name in imports(module):
        if not name.startswith("build_scripts."):
            continue
        target = name.removeprefix("build_scripts.")
        head = target.split(".")[0]
        if own is None or head in SHARED or (parts[0], target) in ALLOWED:
            continue
        if head not in STAGES or STAGES.index(head) > own:
            problems.append(name)
    return problems


@pytest.mark.parametrize("module", sorted((ROOT / "build_scripts").rglob("*.py")), ids=where)
def test_a_stage_imports_only_the_stages_before_it(module: Path) -> None:
    assert not stage_problems(module), f"{where(module)} imports {stage_problems(module)}"


def test_the_stage_check_sees_a_later_stage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("test_rooms.ROOT", tmp_path)
    module = tmp_path / "build_scripts" / "rulebook" / "ids.py"
    module.parent.mkdir(parents=True)
    module.write_text("from build_scripts.core.model import RuleRef\nfrom build_scripts.pages.render import place\n")
    assert stage_problems(module) == ["build_scripts.pages.render"]


def test_the_server_takes_only_the_policy_from_the_build() -> None:
    used = {name for p in (ROOT / "site_server").rglob("*.py") for name in imports(p) if name.startswith("build")}
    assert used == {"build_scripts.core.csp"}
