"""One schema across the boundary: what Python hands the page, and what the page and the worker
say to each other, is exactly what their types name; every calculator's answers fit it (what
a built site ships: ``tests/site/test_type_export_shipped.py``)."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
import pytest

from build_scripts.runtime.protocol_types import json_schema, patterns_module, typescript
from build_scripts.tools.type_export import DECLARATIONS, PATTERNS, main
from calculators import web
from calculators.registry import all_calculators
from calculators.spec import Input

CALCULATORS = all_calculators()


def sample_values(spec: Input) -> list[str]:
    """Each input's allowed extremes and choices, and one bad value."""
    if spec.kind == "int":
        assert spec.minimum is not None
        assert spec.maximum is not None
        return [str(spec.minimum), str((spec.minimum + spec.maximum) // 2), str(spec.maximum), "nope"]
    if spec.kind == "bool":
        return ["true", "false", "maybe"]
    return [*spec.choices, "nope"]


SAMPLES = [
    (name, {spec.name: value})
    for name, calc in CALCULATORS.items()
    for spec in calc.inputs
    for value in sample_values(spec)
] + [(name, {}) for name in CALCULATORS]


def validate(answer: dict[str, Any], kind: str) -> None:
    schema = {"$ref": f"#/$defs/{kind}", "$defs": json_schema()["$defs"]}
    jsonschema.validate(answer, schema, cls=jsonschema.Draft202012Validator)


def test_the_committed_declarations_are_current() -> None:
    assert DECLARATIONS.read_text("utf-8") == typescript(), "run `make types`"
    assert main(["--check"]) == 0


def test_the_schema_itself_is_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema())


@pytest.mark.parametrize(("name", "inputs"), SAMPLES, ids=[f"{n}-{i}" for n, i in SAMPLES])
def test_every_answer_fits_the_schema(name: str, inputs: dict[str, str]) -> None:
    answer = json.loads(web.compute(name, json.dumps(inputs)))
    validate(answer, "Answer")
    rolled = json.loads(web.play(name, json.dumps(inputs), json.dumps([3, 4, 5, 6, 1, 2] * 100)))
    validate(rolled, "RollAnswer")


def test_the_schema_refuses_what_the_page_does_not_read() -> None:
    answer = json.loads(web.compute("hit-split", json.dumps({"hits": "3"})))
    answer["view"]["headline"]["colour"] = "red"  # a key the page's types do not name
    with pytest.raises(jsonschema.ValidationError, match="colour"):
        validate(answer, "Answer")
    answer = json.loads(web.compute("hit-split", json.dumps({"hits": "3"})))
    del answer["view"]["charts"]
    with pytest.raises(jsonschema.ValidationError, match="charts"):
        validate(answer, "Answer")


def test_the_committed_patterns_module_is_current() -> None:
    assert PATTERNS.read_text("utf-8") == patterns_module(), "run `make types`"


def test_every_message_between_page_and_worker_is_declared_for_both_scripts() -> None:
    declarations = DECLARATIONS.read_text("utf-8")
    for name in ("Start", "Compute", "Play", "Snapshot", "Ready", "Failed", "Taken", "Answered", "Unanswered"):
        assert f"export interface {name} {{" in declarations
        assert re.search(rf"export interface {name} {{\n(  /\*\*.*\*/\n)?  readonly type: \"\w+\";", declarations), name
    assert "export type Request = Start | Compute | Play | Snapshot;" in declarations
    assert "export type Reply = Ready | Failed | Taken | Answered | Unanswered;" in declarations
