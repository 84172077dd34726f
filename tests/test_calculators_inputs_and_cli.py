"""Validation at the edge, the command line, and the rule ids calculators cite."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from support import ROOT

from calculators.format import to_jsonable
from calculators.registry import all_calculators
from calculators.spec import Input, InputError

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
        values += ["not-a-choice", 3, spec.choices[0].upper()]
    return values


CASES = [
    (calc.name, spec, value) for calc in CALCULATORS.values() for spec in calc.inputs for value in bad_values(spec)
]


@pytest.mark.parametrize(("name", "spec", "value"), CASES, ids=[f"{n}-{s.name}-{v!r}" for n, s, v in CASES])
def test_bad_values_raise_naming_the_input_and_what_is_allowed(name: str, spec: Input, value: object) -> None:
    with pytest.raises(InputError) as info:
        CALCULATORS[name].calculate(**{spec.name: value})
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
        CALCULATORS[name].calculate(colour="red")


def test_optional_inputs_may_be_empty() -> None:
    assert CALCULATORS["ruin-movement"].calculate(roll="")["inputs"]["roll"] is None
    assert CALCULATORS["building-damage"].calculate(armour_value="")["penetration"] == 0


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_every_cited_rule_exists_on_the_site(name: str) -> None:
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))
    rules = CALCULATORS[name].rules.ids
    assert rules
    for key, target in rules.items():
        page, rule_id = target.split("#", 1)
        assert rule_id in lock["anchors"][page], f"{name}: {key} → {target}"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "calculators", *args], capture_output=True, text=True, check=False, cwd=ROOT
    )


def test_cli_json_for_the_issue_example() -> None:
    proc = cli("building-damage", "strength=6", "building=wooden-house", "attack=flame", "hits=3", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["penetration"] == "1/3"
    assert data["chart"]["6"] == "1/9"
    assert data["inputs"]["strength"] == 6
    expected = to_jsonable(
        CALCULATORS["building-damage"].calculate(strength=6, building="wooden-house", attack="flame", hits=3)
    )
    assert data == expected


def test_cli_table_and_list() -> None:
    table = cli("hit-split", "target=artillery", "hits=3")
    assert table.returncode == 0
    # The same figures the page shows, as text: the headline, then the distribution once.
    assert "Average on the artillery piece: 1.50  (3/2)" in table.stdout
    assert "Artillery · 3 hits\n" in table.stdout
    assert "How the 3 hits split (artillery piece – crew):" in table.stdout
    assert re.search(r"1 – 2 +37\.5% +3/8", table.stdout)
    listing = cli("--list")
    assert listing.returncode == 0
    for calc in CALCULATORS.values():
        assert calc.name in listing.stdout
        for spec in calc.inputs:
            assert f"  {spec.name}: " in listing.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["building-damage", "strength=11"], "strength: Weapon Strength must be a whole number from 1 to 10"),
        (["building-damage", "strength=NaN"], "you gave 'NaN'"),
        (["ruin-movement", "level_height=1e309"], "level_height: Level height must be"),
        (["hit-split", "hits="], "hits: Hits is empty"),
        (["hit-split", "colour=red"], "has no input 'colour'"),
        (["no-such-calculator"], "no calculator 'no-such-calculator'"),
        (["hit-split", "hits"], "expected key=value"),
    ],
)
def test_cli_bad_input_exits_2_with_the_message(args: list[str], words: str) -> None:
    proc = cli(*args)
    assert proc.returncode == 2
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_cli_text_prints_averages_as_numbers_and_says_why() -> None:
    # 7.10 hits on the occupants, never "710.1%"; the default building says why it is 0 %.
    proc = cli("building-damage", "strength=8", "building=wooden-house", "attack=flame", "hits=3")
    assert "Average hits on the occupants (S6 AP0): 7.10  (62125/8748)" in proc.stdout
    assert not re.search(r"\d{3,}\.\d%", proc.stdout)
    default = cli("building-damage")
    assert "Damages the building: 0.0%" in default.stdout
    assert "S6 + d6 cannot beat armour value 13: needs Strength 8 or more." in default.stdout


def test_bad_values_are_echoed_short() -> None:
    proc = cli("building-damage", "strength=" + "9" * 50_000)
    assert proc.returncode == 2
    assert len(proc.stderr) < 200
    assert "…" in proc.stderr
