"""The command line (``python -m calculators``): JSON, the text table, ``--list``,
``--readings``, bad input (a repeated key too) with exit status 2 and the message, never a
traceback. Run in this process (so a mutation test sees it), and once as the module."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

import pytest

from calculators.__main__ import main
from calculators.format import to_jsonable
from calculators.registry import all_calculators, reading_entries
from harness.project import ROOT

CALCULATORS = all_calculators()


@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr: str


def cli(*args: str) -> Run:
    """``python -m calculators ARGS``, in this process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return Run(code, out.getvalue(), err.getvalue())


def test_the_module_runs_as_a_command_with_its_exit_status() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "calculators", "--list"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert ok.returncode == 0
    assert ok.stdout == cli("--list").stdout
    bad = subprocess.run([sys.executable, "-m", "calculators"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert bad.returncode == 2
    assert bad.stderr.startswith("usage: python -m calculators NAME")


def test_a_key_given_twice_is_refused_naming_both_values() -> None:
    proc = cli("building-damage", "strength=6", "strength=8")
    assert proc.returncode == 2
    assert "strength is given twice ('6' and '8')" in proc.stderr
    assert proc.stdout == ""


def test_the_readings_are_listed_as_text_and_as_json() -> None:
    text = cli("--readings")
    assert text.returncode == 0
    for entry in reading_entries():
        assert f"{entry['id']} ({', '.join(entry['calculators'])}): {entry['question']}" in text.stdout
        assert f"  reading.{entry['id']}={entry['default']} (the site's reading):" in text.stdout
        for rule in entry["rules"]:
            assert f"  rule: {rule}" in text.stdout
    assert json.loads(cli("--readings", "--json").stdout) == json.loads(cli("--json", "--readings").stdout)
    assert json.loads(cli("--json", "--readings").stdout) == reading_entries()


def test_cli_json_for_the_issue_example() -> None:
    proc = cli("building-damage", "strength=6", "building=wooden-house", "attack=flame", "hits=3", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["penetration"] == "1/3"
    assert data["chart"]["6"] == "1/9"
    assert data["inputs"]["strength"] == 6
    expected = to_jsonable(
        CALCULATORS["building-damage"].compute(strength=6, building="wooden-house", attack="flame", hits=3)
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
    stone = cli("building-damage", "building=stone-house")
    assert "Damages the building: 0.0%" in stone.stdout
    assert "S6 + d6 cannot beat armour value 13: needs Strength 8 or more." in stone.stdout


def test_the_defaults_give_an_answer_worth_reading() -> None:
    # S6 against a wooden house (armour value 10): damaged on a 5+, and the chart's results.
    default = cli("building-damage")
    assert "S6 · wooden house (AV 10)" in default.stdout
    assert "Damages the building: 33.3%  (1/3)" in default.stdout


def test_bad_values_are_echoed_short() -> None:
    proc = cli("building-damage", "strength=" + "9" * 50_000)
    assert proc.returncode == 2
    assert len(proc.stderr) < 200
    assert "…" in proc.stderr


@pytest.mark.parametrize(
    ("extra", "asked"),
    [
        (("reading.fly-reroll=better",), 'Flyer cavalry · charge · Fly move · 3d6", re-roll, the better counts'),
        (
            ("reading.fly-reroll=better", "distance=12"),
            'Flyer cavalry · charge · Fly move · 12" needed · 3d6", re-roll if short, the better counts',
        ),
        (("distance=12",), 'Flyer cavalry · charge · Fly move · 12" needed · 3d6", re-roll if short'),
        ((), 'Flyer cavalry · charge · Fly move · 3d6"'),
    ],
)
def test_a_fly_charge_says_what_it_re_rolls_as_its_reading_has_it(extra: tuple[str, ...], asked: str) -> None:
    run = cli("charge-and-fall-back", "unit_type=flyer-cavalry", "move=charge", "fly=yes", *extra)
    assert run.stdout.splitlines()[1] == asked


def test_a_reading_two_calculators_share_names_both(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shared = {
        "id": "cover",
        "calculators": ["hit-split", "building-damage"],
        "question": "Does cover count?",
        "why": "The rules are silent.",
        "options": {"yes": "It counts.", "no": "It does not."},
        "default": "yes",
        "rules": ["ruins#cover"],
    }
    monkeypatch.setattr("calculators.__main__.reading_entries", lambda: [shared])
    assert main(["--readings"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "cover (hit-split, building-damage): Does cover count?",
        "  The rules are silent.",
        "  reading.cover=yes (the site's reading): It counts.",
        "  reading.cover=no: It does not.",
        "  rule: ruins#cover",
    ]
