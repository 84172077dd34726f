"""The rooms and what each may import (ARCHITECTURE.md), for every module of the build, the
server, the calculators, the harness and the benchmarks, each package's root included, with
no exemption: a room imports only the rooms below it, the build's stages only the stages
before them (stages 1-3 never stage 4), only the MkDocs plugin imports MkDocs, and no module
imports itself through others (no import circle)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from harness.project import ROOT

_CORE = "build_scripts/core"
_STAGES_1_3 = {"build_scripts/rulebook", "build_scripts/pages", "build_scripts/cards"}
#: Each room, and the rooms it may import besides itself. A module's room is its package's
#: folder (``build_scripts/<room>``, or the package itself for its root and the other packages).
ROOMS: dict[str, set[str]] = {
    # The package's root names the package and imports nothing.
    "build_scripts": set(),
    # Shared by every room: plain data, the one error, the TOML reader, the templates, the cache,
    # the stage timer, the Node runner, the policy.
    _CORE: set(),
    "build_scripts/settings": {_CORE},
    # The browser's runtime (Pyodide, the stdlib, the calculators' archive and protocol types),
    # below the stages that name it (2) and copy it (4).
    "build_scripts/runtime": {_CORE, "calculators"},
    # The stages, each importing those before it.
    "build_scripts/rulebook": {_CORE},
    "build_scripts/pages": {_CORE, "build_scripts/rulebook", "calculators"},
    "build_scripts/cards": {_CORE, "build_scripts/rulebook", "build_scripts/pages", "calculators"},
    "build_scripts/finish": {_CORE, "build_scripts/runtime", *_STAGES_1_3, "calculators"},
    # make sync replays the wiki's revisions with stages 1-3; beside stage 4, not under it.
    "build_scripts/sync": {_CORE, "build_scripts/settings", *_STAGES_1_3, "calculators"},
    # What changed, for players: the history and the synced revisions, as pages and a feed.
    "build_scripts/changes": {_CORE, "build_scripts/cards", "build_scripts/sync"},
    # The rules as data (api/v1/): the rules, their history and the changes, as JSON files.
    "build_scripts/api": {_CORE, *_STAGES_1_3, "build_scripts/changes"},
    # The steps run the stages in order, for the plugin and for make pages.
    "build_scripts/steps": {
        _CORE,
        "build_scripts/settings",
        "build_scripts/runtime",
        *_STAGES_1_3,
        "build_scripts/sync",
        "build_scripts/changes",
        "build_scripts/api",
        "build_scripts/finish",
        "calculators",
    },
    # The only glue: MkDocs' hooks, each calling a step.
    "build_scripts/mkdocs_plugin": {_CORE, "build_scripts/settings", "build_scripts/steps", "build_scripts/finish"},
    "build_scripts/tools": {_CORE, "build_scripts/runtime"},
    "calculators": set(),
    # The static server takes the site's one policy from the build.
    "site_server": {_CORE},
    # What the tests and the benchmarks share: the project's settings, Chromium, the engines.
    "harness": {_CORE, "build_scripts/settings"},
    # The benchmarks: where each writes, the CPU models, the phone, then what runs the phone.
    "bench/reports": {"harness"},
    "bench/cpu": {"bench/reports", "harness"},
    "bench/phone": {"bench/cpu", "bench/reports", "harness", "site_server", "build_scripts/runtime"},
    "bench/engines": {"bench/cpu", "bench/phone", "bench/reports", "harness", "site_server"},
    "bench/scale": {"bench/cpu", "bench/phone", "bench/reports", "harness", "site_server"},
    "bench/ab": {"bench/cpu", "bench/phone", "bench/reports", "harness", "site_server"},
    "bench/cpython": {"bench/reports", "calculators"},
    "bench/lighthouse": {"bench/reports", "harness", "site_server"},
    "bench/shift": {"harness", "site_server"},
    # make bench: the phone, then every engine.
    "bench": {"bench/phone", "bench/engines", "bench/reports"},
}
#: The packages whose modules the rooms hold; ``build_scripts`` and ``bench`` have rooms inside.
PACKAGES = ("build_scripts", "calculators", "site_server", "harness", "bench")
_WITH_ROOMS = ("build_scripts", "bench")
PYTHON = sorted(p for folder in PACKAGES for p in (ROOT / folder).rglob("*.py"))


def where(module: Path) -> str:
    return module.relative_to(ROOT).as_posix()


def imports(module: Path, *, typing: bool = True) -> set[str]:
    """Every module name ``module`` imports, relative imports resolved; ``typing=False`` leaves out
    the imports under ``if TYPE_CHECKING:`` (which never run)."""
    package = module.relative_to(ROOT).with_suffix("").parts[:-1]
    tree = ast.parse(module.read_text("utf-8"))
    skipped = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skipped |= {id(inner) for inner in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            stem = ".".join(part for part in (base, node.module or "") if part)
            found |= {f"{stem}.{alias.name}" for alias in node.names} if not node.module else {stem}
    return found


def room_of_module(module: Path) -> str:
    """The room of a module: ``build_scripts/<room>``, or the package for its root and the other packages."""
    parts = module.relative_to(ROOT).parts
    return f"{parts[0]}/{parts[1]}" if parts[0] in _WITH_ROOMS and len(parts) > 2 else parts[0]


def room_of_name(name: str) -> str | None:
    """The room an imported name is in, or ``None`` outside the project's packages."""
    parts = name.split(".")
    if parts[0] not in PACKAGES:
        return None
    sub = f"{parts[0]}/{parts[1]}" if parts[0] in _WITH_ROOMS and len(parts) > 1 else None
    return sub if sub in ROOMS else parts[0]


def problems(module: Path) -> list[str]:
    """What ``module`` imports that its room may not, and a room the table does not know."""
    own = room_of_module(module)
    if own not in ROOMS:
        return [f"its room {own} is not in the table of rooms"]
    found = []
    for name in sorted(imports(module)):
        target = room_of_name(name)
        if target is not None and target != own and target not in ROOMS[own]:
            found.append(f"{name} ({target})")
    return found


@pytest.mark.parametrize("module", PYTHON, ids=where)
def test_a_room_imports_only_the_rooms_below_it(module: Path) -> None:
    assert not problems(module), f"{where(module)} (room {room_of_module(module)}) imports {problems(module)}"


@pytest.mark.parametrize("module", PYTHON, ids=where)
def test_only_the_plugin_imports_mkdocs(module: Path) -> None:
    uses = {name for name in imports(module) if name.split(".")[0] in {"mkdocs", "material"}}
    assert not uses or room_of_module(module) == "build_scripts/mkdocs_plugin", f"{where(module)} imports {uses}"


def test_the_rooms_form_layers() -> None:
    """No room may import a room that may import it (directly or not), so the rooms have an order."""

    def below(room: str, seen: frozenset[str] = frozenset()) -> set[str]:
        assert room not in seen, f"a circle of rooms through {room}"
        return set().union(*({r} | below(r, seen | {room}) for r in ROOMS[room])) if ROOMS[room] else set()

    for room in ROOMS:
        assert room not in below(room)
    for stage in _STAGES_1_3:
        assert not below(stage) & {"build_scripts/finish", "build_scripts/sync", "build_scripts/steps"}, stage
    assert below(_CORE) == set()


def test_every_room_of_the_table_has_modules() -> None:
    assert {room_of_module(p) for p in PYTHON} == set(ROOMS)


def test_the_check_sees_a_later_stage_an_unknown_room_and_a_relative_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("test_rooms.ROOT", tmp_path)
    ids = tmp_path / "build_scripts" / "pages" / "ids.py"
    ids.parent.mkdir(parents=True)
    ids.write_text(
        "from build_scripts.core.model import RuleRef\nfrom build_scripts.finish.head import x\nfrom ..cards import y\n"
    )
    assert problems(ids) == [
        "build_scripts.cards (build_scripts/cards)",
        "build_scripts.finish.head (build_scripts/finish)",
    ]
    loose = tmp_path / "build_scripts" / "helpers" / "util.py"
    loose.parent.mkdir()
    loose.write_text("import json\n")
    assert problems(loose) == ["its room build_scripts/helpers is not in the table of rooms"]
    root = tmp_path / "build_scripts" / "pipeline.py"
    root.write_text("from build_scripts.pages.render import place\n")
    assert problems(root) == ["build_scripts.pages.render (build_scripts/pages)"], "the root is checked too"


def test_the_server_takes_only_the_policy_from_the_build() -> None:
    used = {name for p in (ROOT / "site_server").rglob("*.py") for name in imports(p) if name.startswith("build")}
    assert used == {"build_scripts.core.csp"}


def module_name(module: Path) -> str:
    parts = module.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(modules: list[Path]) -> dict[str, set[str]]:
    """Each module's name → the project's modules it imports when it runs (functions included)."""
    names = {module_name(m) for m in modules}
    graph: dict[str, set[str]] = {}
    for module in modules:
        found = set()
        for imported in imports(module, typing=False):
            name = imported
            while name and name not in names:  # ``from pkg.mod import thing`` names pkg.mod.thing
                name = name.rpartition(".")[0]
            if name and name != module_name(module):
                found.add(name)
        graph[module_name(module)] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk (each once, from where it was entered)."""
    found, done, path = [], set(), []

    def visit(name: str) -> None:
        if name in path:
            found.append([*path[path.index(name) :], name])
            return
        if name in done:
            return
        path.append(name)
        for target in sorted(graph.get(name, ())):
            visit(target)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)
    return found


def test_no_module_imports_itself_through_others() -> None:
    assert circles(import_graph(PYTHON)) == []


def test_the_circle_check_sees_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("test_rooms.ROOT", tmp_path)
    (tmp_path / "bench" / "cpu").mkdir(parents=True)
    models, loops = tmp_path / "bench" / "cpu" / "models.py", tmp_path / "bench" / "cpu" / "calibration.py"
    models.write_text("from bench.cpu.calibration import loops_ms\n")
    loops.write_text("def main():\n    from bench.cpu.models import MODELS\n")
    assert circles(import_graph([loops, models])) == [
        ["bench.cpu.calibration", "bench.cpu.models", "bench.cpu.calibration"]
    ]
