"""The built site ships the answers' JSON Schema and names its runtime as the protocol's patterns allow."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

from build_scripts.runtime.protocol_types import json_schema


def validate(answer: dict[str, Any], kind: str) -> None:
    schema = {"$ref": f"#/$defs/{kind}", "$defs": json_schema()["$defs"]}
    jsonschema.validate(answer, schema, cls=jsonschema.Draft202012Validator)


def test_the_site_ships_the_schema(built_site) -> None:
    shipped = json.loads((built_site / "assets" / "py" / "answer.schema.json").read_text("utf-8"))
    assert shipped == json_schema()


def test_the_runtime_a_build_ships_matches_the_protocols_patterns(built_site) -> None:
    manifest = json.loads((built_site / "assets" / "py" / "manifest.json").read_text("utf-8"))
    fields = json_schema()["$defs"]["RuntimeIdentity"]["properties"]
    assert set(fields) == {"pyodide", "stdlib", "calculators"}
    for key, field in fields.items():
        assert re.fullmatch(field["pattern"], manifest[key]), (key, manifest[key])
    assert not re.fullmatch(fields["calculators"]["pattern"], "../../evil.zip")
