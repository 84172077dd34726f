"""Validation at the edge: every bad value refused in the player's words, naming the field and
what it allows; unknown inputs named; optional inputs empty; every cited rule exists; the
declarations by kind, each choice's words declared once."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from calculators.registry import all_calculators
from calculators.spec import ChoiceInput, Input, InputError
from harness.project import ROOT

CALCULATORS = all_calculators()


def bad_values(spec: Input) -> list[object]:
    """Values each input must refuse: out of range, wrong kind, empty, NaN, 1e309."""
    values: list[object] = ["abc", "NaN", "1e309", float("nan"), 1e309, [], {"a": 1}]
    if spec.default is not None:
        values.append("")
        values.append("   ")
    if spec.kind == "int":
        assert spec.minimum is not None
        assert spec.maximum is not None
        values += [spec.minimum - 1, spec.maximum + 1, str(spec.maximum + 1), "3.5", 3.0, True, "0x10"]
    if spec.kind == "bool":
        values += ["maybe", 2, "2"]
    if spec.kind == "choice":
        values += ["not-a-choice", 3, next(iter(spec.choices)).upper()]
    return values


CASES = [
    (calc.name, spec, value) for calc in CALCULATORS.values() for spec in calc.inputs for value in bad_values(spec)
]


@pytest.mark.parametrize(("name", "spec", "value"), CASES, ids=[f"{n}-{s.name}-{v!r}" for n, s, v in CASES])
def test_bad_values_raise_naming_the_input_and_what_is_allowed(name: str, spec: Input, value: object) -> None:
    with pytest.raises(InputError) as info:
        CALCULATORS[name].compute(**{spec.name: value})
    # In the player's words under the field: its label and what it allows, no field key.
    message = info.value.errors[spec.name]
    assert message.startswith(spec.label + " ")
    assert spec.allowed() in message
    assert f"({spec.name})" not in message
    # The command line names the key too.
    assert str(info.value).startswith(f"{spec.name}: {spec.label} ")


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_unknown_input_names_the_known_ones(name: str) -> None:
    with pytest.raises(ValueError, match="has no input 'colour'"):
        CALCULATORS[name].compute(colour="red")


def test_optional_inputs_may_be_empty() -> None:
    assert CALCULATORS["ruin-movement"].compute(roll="")["inputs"]["roll"] is None
    assert CALCULATORS["building-damage"].compute(armour_value="")["penetration"] == Fraction(1, 3)


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_every_cited_rule_exists_on_the_site(name: str) -> None:
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))
    rules = CALCULATORS[name].rules.ids
    assert rules
    for key, target in rules.items():
        page, rule_id = target.split("#", 1)
        assert rule_id in lock["anchors"][page], f"{name}: {key} → {target}"


def test_each_kind_has_its_own_declaration_by_keyword() -> None:
    hits = Input.int("hits", "Hits", help="How many.", default=1, minimum=1, maximum=20)
    attack = Input.choice("attack", "Attack", help="Which.", choices={"normal": "normal", "fall-back": "fall back"})
    ranged = Input.bool("ranged", "Ranged", help="Whether.")
    assert (hits.kind, attack.kind, ranged.kind) == ("int", "choice", "bool")
    assert hits.allowed() == "a whole number from 1 to 20"
    assert attack.allowed() == "one of normal, fall-back"
    assert ranged.allowed() == "true or false"
    assert ranged.default is False
    assert attack.default is None  # optional: may be left empty
    assert attack.check("") is None
    assert attack.words("fall-back") == "fall back"
    with pytest.raises(TypeError):
        Input.int("x", "X", help="…", default=1)  # type: ignore[call-arg] - a range is required


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_every_choice_has_its_words_and_the_form_shows_exactly_those(name: str) -> None:
    from build_scripts.core.model import RuleRef  # noqa: PLC0415
    from build_scripts.pages.calculator_forms import Placement, render_form  # noqa: PLC0415 - the build's side

    calc = CALCULATORS[name]
    html = str(render_form(Placement(name, RuleRef("buildings", "tremor"), "T", "I"), calc, heading_level=3))
    for spec in calc.inputs:
        if spec.kind != "choice":
            continue
        assert isinstance(spec, ChoiceInput)
        for value, words in spec.choices.items():
            assert words.strip(), f"{name}.{spec.name}: {value!r} has no words"
            assert "-" not in words, f"{name}.{spec.name}: {value!r} has no words of its own"
            assert f'<option value="{value}"' in html
            assert re.search(rf'<option value="{re.escape(value)}"( selected)?>{re.escape(words)}</option>', html)
