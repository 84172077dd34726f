"""The table's data model (``docs/assets/js/table/model.mjs``), tested in Node.

The model is typed JavaScript because the table page works without Python; its tests
are ``tests/js/table/*.test.mjs`` (``node --test``, one file per module of the model), run
here against the spec the build makes from the committed ``build_scripts/maps/table.toml``.
"""

from __future__ import annotations

import json
from pathlib import Path

from support import node_tests

from build_scripts.pages.table_file import load_table
from build_scripts.pages.table_page import table_data
from harness.project import PROJECT, ROOT

TESTS = sorted((ROOT / "tests" / "js" / "table").glob("*.test.mjs"))


def test_table_model_in_node(tmp_path: Path) -> None:
    spec = load_table(PROJECT.path(PROJECT.options.table).read_text("utf-8"))
    data = table_data(spec, lambda rule: f"../{rule.page}/#{rule.id}")
    path = tmp_path / "table-spec.json"
    path.write_text(json.dumps(data), "utf-8")
    node_tests(TESTS, least=30, env={"TABLE_SPEC": str(path)})
