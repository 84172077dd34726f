"""The words a player reads, pinned: every calculator case of the browser tests answered on
the command line (``as_text``: the asked line, every figure, every bar and table row, the
working with its rules) and as the view's JSON, against golden files.

The maths is checked against brute force elsewhere; this holds the words, the rounding and
the order. Beside the browser's cases, the cases no page test types in (a Flyer that flies
over a ruin, a hopeless or a certain charge, no unit inside a building...), and the browser's
entry points as the worker calls them: each case played out with fixed dice (Roll it) and the
refusals, byte for byte. ``pytest tests/golden/test_calculator_golden.py --update-golden`` rewrites
the files after a deliberate change (read the diff before committing).
"""

from __future__ import annotations

import json

import pytest
from support.calc_cases import CALCULATOR_OF, CASES, FIXED
from test_golden import compare

from calculators import web
from calculators.__main__ import main
from calculators.format import as_text, to_jsonable
from calculators.registry import get
from harness.project import ROOT

GOLDEN = ROOT / "tests" / "golden" / "calculators"


#: Cases no browser test types in, each for a path of the working the others miss.
MORE_CASES: list[tuple[str, dict[str, str]]] = [
    ("calc-ruin-movement", {"unit_type": "flyer-infantry", "fly": "true", "level_height": "4"}),
    ("calc-ruin-movement", {"unit_type": "flyer-beasts", "fly": "true", "fight_in_ranks": "true"}),
    ("calc-ruin-movement", {"unit_type": "flyer-cavalry", "fly": "true", "roll": "5"}),
    ("calc-ruin-movement", {"unit_type": "flyer-infantry", "level_height": "1", "roll": "1"}),
    ("calc-ruin-movement", {"unit_type": "monstrous-cavalry", "level_height": "12", "roll": "3"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "level_height": "7"}),
    ("calc-charge-and-fall-back", {"unit_type": "beasts", "distance": "3"}),
    ("calc-charge-and-fall-back", {"unit_type": "cavalry", "distance": "36"}),
    ("calc-charge-and-fall-back", {"unit_type": "beasts", "difficult": "true"}),
    ("calc-charge-and-fall-back", {"unit_type": "cavalry", "distance": "18"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-cavalry", "fly": "true", "distance": "10"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-cavalry", "difficult": "true", "distance": "7"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-beasts", "fly": "true", "difficult": "true", "distance": "4"}),
    ("calc-charge-and-fall-back", {"unit_type": "cavalry", "move": "fall-back", "distance": "5"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-beasts", "move": "fall-back"}),
    ("calc-building-damage", {"strength": "1", "building": "castle-strongpoint"}),
    (
        "calc-building-damage",
        {"strength": "10", "building": "wooden-house", "attack": "flame", "hits": "4", "ranged": "true"},
    ),
    ("calc-building-damage", {"strength": "9", "building": "stone-tower", "occupants": "none", "hits": "2"}),
    (
        "calc-building-damage",
        {"strength": "8", "building": "custom", "material": "stone", "armour_value": "1", "attack": "shock"},
    ),
    (
        "calc-building-damage",
        {
            "strength": "7",
            "building": "stone-house",
            "armour_value": "13",
            "occupants": "battlements",
            "ranged": "true",
        },
    ),
    ("calc-building-damage", {"strength": "10", "building": "wooden-tower", "armour_value": "2", "hits": "3"}),
    ("calc-hit-split-monstrous-cavalry", {"hits": "1"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "level_height": "1"}),
    ("calc-ruin-movement", {"unit_type": "infantry", "level_height": "6"}),
    ("calc-ruin-movement", {"unit_type": "flyer-infantry", "fly": "true", "level_height": "12"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-beasts", "move": "fall-back", "difficult": "true"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-cavalry", "fly": "true"}),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-beasts", "fly": "true", "distance": "3"}),
    ("calc-building-damage", {"strength": "8", "building": "stone-house", "attack": "flame"}),
    ("calc-building-damage", {"strength": "10", "building": "wooden-house", "occupants": "none", "hits": "3"}),
    ("calc-building-damage", {"strength": "7", "building": "wooden-tower"}),
    ("calc-building-damage", {"strength": "9", "building": "wooden-house"}),
    ("calc-building-damage", {"strength": "4", "building": "custom", "material": "stone", "armour_value": "15"}),
    # The readings' other options, each as its own answer (the others pin only the defaults').
    (
        "calc-building-damage",
        {
            "strength": "10",
            "building": "wooden-house",
            "attack": "flame",
            "hits": "4",
            "ranged": "true",
            "reading.chart-beyond": "nothing",
        },
    ),
    (
        "calc-building-damage",
        {
            "strength": "8",
            "building": "custom",
            "material": "stone",
            "armour_value": "1",
            "attack": "shock",
            "reading.chart-beyond": "nothing",
        },
    ),
    ("calc-charge-and-fall-back", {"unit_type": "flyer-cavalry", "fly": "true", "reading.fly-reroll": "better"}),
    (
        "calc-charge-and-fall-back",
        {"unit_type": "flyer-cavalry", "fly": "true", "distance": "10", "reading.fly-reroll": "better"},
    ),
    ("calc-charge-and-fall-back", {"unit_type": "cavalry", "distance": "18", "reading.roll-reaches": "greater"}),
    (
        "calc-ruin-movement",
        {"unit_type": "flyer-infantry", "fly": "true", "level_height": "4", "reading.fly-climb": "free"},
    ),
    (
        "calc-ruin-movement",
        {"unit_type": "flyer-beasts", "fly": "true", "fight_in_ranks": "true", "reading.ranks-flying": "any-level"},
    ),
]


def case_id(case: tuple[str, dict[str, str]]) -> str:
    section, inputs = case
    return "-".join([section.removeprefix("calc-"), *(f"{k}={v}" for k, v in inputs.items())])


@pytest.mark.parametrize("case", [*CASES, *MORE_CASES], ids=case_id)
def test_the_answer_reads_as_its_golden_file(case: tuple[str, dict[str, str]], request: pytest.FixtureRequest) -> None:
    section, inputs = case
    calculator = get(CALCULATOR_OF[section])
    result = calculator.compute({**inputs, **FIXED.get(section, {})})
    view = calculator.present(result)
    text = (
        as_text(calculator.name, result["inputs"], view)
        + "\nview:\n"
        + json.dumps(view, indent=1)
        + "\nresult (--json):\n"
        + json.dumps(to_jsonable(result), indent=1)
        + "\n"
    )
    GOLDEN.mkdir(parents=True, exist_ok=True)
    compare(text, GOLDEN / f"{case_id(case)}.txt", request.config.getoption("--update-golden"))


#: Dice for Roll it: the same fixed faces for every case, long enough for any of them.
FACES = [6, 1, 5, 2, 4, 3, 3, 4, 2, 5, 1, 6] * 40


@pytest.mark.parametrize("case", [*CASES, *MORE_CASES], ids=case_id)
def test_roll_it_reads_as_its_golden_file(case: tuple[str, dict[str, str]], request: pytest.FixtureRequest) -> None:
    # As the worker calls it: JSON text in, JSON text out, the faces used counted.
    section, inputs = case
    name, given = CALCULATOR_OF[section], json.dumps({**inputs, **FIXED.get(section, {})})
    text = "\n".join(web.play(name, given, json.dumps(faces)) for faces in (FACES, FACES[3:], FACES[::-1])) + "\n"
    compare(text, GOLDEN / "roll-it" / f"{case_id(case)}.txt", request.config.getoption("--update-golden"))


def test_the_worker_entry_points_answer_as_their_golden_file(request: pytest.FixtureRequest) -> None:
    calls = [
        ("compute", "hit-split", '{"target": "artillery", "hits": 2}'),
        ("compute", "hit-split", '{"target": "artillery", "hits": null}'),
        ("compute", "hit-split", "{not json"),
        ("compute", "hit-split", '["hits", 2]'),
        ("compute", "hit-split", '["hits"]'),
        ("compute", "hit-split", '{"hits": 99}'),
        ("compute", "no-such-calculator", "{}"),
        ("play", "hit-split", '{"hits": 3}', "[6, 5, 4]"),
        ("play", "hit-split", '{"hits": 3}', "[6, 5]"),
        ("play", "hit-split", '{"hits": 3}', "[6, 5, 7]"),
        ("play", "hit-split", '{"hits": 3}', "[6, 5, 0]"),
        ("play", "hit-split", '{"hits": 3}', '{"0": 6}'),
        ("play", "hit-split", '{"hits": 0}', "[6, 5, 4]"),
        ("play", "no-such-calculator", "{}", "[6]"),
        ("canary", "hit-split"),
        ("canary", "no-such-calculator"),
        ("canary",),
    ]
    lines = [f"{' '.join(call)} -> {getattr(web, call[0])(*call[1:])}" for call in calls]
    compare("\n".join(lines) + "\n", GOLDEN / "worker-entry-points.txt", request.config.getoption("--update-golden"))


@pytest.mark.parametrize(
    ("argv", "status", "name"),
    [
        (["--list"], 0, "cli-list"),
        (["--readings"], 0, "cli-readings"),
        (["--json", "--readings"], 0, "cli-readings-json"),
        (["hit-split", "target=monstrous-cavalry", "hits=3", "--json"], 0, "cli-hit-split-json"),
        (["charge-and-fall-back", "unit_type=infantry"], 2, "cli-infantry-charge"),
        (["building-damage", "strength=99"], 2, "cli-bad-strength"),
        (["building-damage", "strength"], 2, "cli-not-a-pair"),
        ([], 2, "cli-no-arguments"),
        (["-h"], 2, "cli-option-first"),
        (["building-damage", "strength=7", "building=wooden-house", "hits=2"], 0, "cli-text"),
        (["ruin-movement", "unit_type=flyer-infantry", "fly=yes", "level_height=x=1"], 2, "cli-value-with-equals"),
        (["ruin-movement", "fight_in_ranks=No", "roll=6"], 0, "cli-no-in-capitals"),
        (["hit-split", "hits=61"], 2, "cli-hits-too-many"),
        (["charge-and-fall-back", "unit_type=artillery"], 2, "cli-artillery-charge"),
        (["charge-and-fall-back", "unit_type=flyer-artillery", "fly=true"], 2, "cli-flyer-artillery-charge"),
        (["charge-and-fall-back", "unit_type=monstrous-cavalry"], 2, "cli-monstrous-cavalry-charge"),
        (
            ["charge-and-fall-back", "unit_type=cavalry", "move=fall-back", "difficult=true"],
            2,
            "cli-fall-back-difficult",
        ),
        (["building-damage", "building=stone-house", "material=wooden"], 2, "cli-material-contradicts"),
        (["building-damage", "colour=red"], 2, "cli-unknown-input"),
        (["building-damage", "strength=" + "9" * 80], 2, "cli-long-value"),
        (["no-such-calculator"], 2, "cli-unknown-calculator"),
        (["ruin-movement", "unit_type=infantry", "fly=true"], 2, "cli-ruin-fly-not-a-flyer"),
        (["charge-and-fall-back", "unit_type=cavalry", "fly=true"], 2, "cli-charge-fly-not-a-flyer"),
        (["charge-and-fall-back", "unit_type=infantry", "move=fall-back"], 2, "cli-infantry-fall-back"),
        (["building-damage", "occupants=upstairs"], 2, "cli-unknown-choice"),
    ],
)
def test_the_command_line_in_process(
    argv: list[str], status: int, name: str, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    # The same command line tests/unit/calculators/test_cli.py runs as a process, here in this one, so that
    # what it prints is pinned (and a mutation tester sees it run).
    assert main(argv) == status
    out, err = capsys.readouterr()
    compare(
        f"exit {status}\nstdout:\n{out}stderr:\n{err}",
        GOLDEN / f"{name}.txt",
        request.config.getoption("--update-golden"),
    )
