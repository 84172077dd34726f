"""The page scripts' module graph, which every page preloads."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.steps.module_graph import module_graph
from harness.project import ROOT


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, "utf-8")
    return folder


def test_every_statically_imported_module_once_entries_first(tmp_path: Path) -> None:
    docs = write(
        tmp_path,
        {
            "js/main.mjs": 'import { a } from "./a.mjs";\nimport "./side.mjs";\n',
            "js/a.mjs": 'import {\n  b,\n  c,\n} from "./deep/b.mjs";\nimport { a2 } from "./a.mjs";\n',
            "js/deep/b.mjs": "import { s } from '../side.mjs';\nexport const b = 1;\n",
            "js/side.mjs": "export const s = 1;\n",
        },
    )
    assert module_graph(docs, ["js/main.mjs"]) == ["js/main.mjs", "js/a.mjs", "js/side.mjs", "js/deep/b.mjs"]


def test_dynamic_imports_and_bare_names_are_left_to_load_when_needed(tmp_path: Path) -> None:
    docs = write(
        tmp_path,
        {
            "main.mjs": 'import { x } from "pyodide";\nconst later = () => import("./later.mjs");\n',
            "later.mjs": "export const later = 1;\n",
        },
    )
    assert module_graph(docs, ["main.mjs"]) == ["main.mjs"]


def test_an_import_of_a_missing_file_names_the_importer_and_line(tmp_path: Path) -> None:
    docs = write(tmp_path, {"main.mjs": '// one\nimport { a } from "./gone.mjs";\n'})
    with pytest.raises(RulebookError, match=r"main\.mjs:2: imports '\./gone\.mjs'"):
        module_graph(docs, ["main.mjs"])


def test_the_sites_graph_reaches_every_page_module() -> None:
    graph = module_graph(ROOT / "docs", ["assets/js/main.mjs"])
    assert graph[0] == "assets/js/main.mjs"
    assert {"assets/js/site.mjs", "assets/js/calculators/engine.mjs", "assets/js/calculators/forms.mjs"} <= set(graph)
    # The worker and what it imports on demand are not page modules.
    assert not any(
        path.rsplit("/", 1)[-1].startswith("worker") or path.endswith("snapshot-format.mjs") for path in graph
    )
