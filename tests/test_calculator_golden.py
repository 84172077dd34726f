"""The words a player reads, pinned: every calculator case of the browser tests answered on
the command line (``as_text``: the asked line, every figure, every bar and table row, the
working with its rules) and as the view's JSON, against golden files.

The maths is checked against brute force elsewhere; this holds the words, the rounding and
the order. ``pytest tests/test_calculator_golden.py --update-golden`` rewrites the files
after a deliberate change (read the diff before committing).
"""

from __future__ import annotations

import json

import pytest
from browser.calc_cases import CALCULATOR_OF, CASES, FIXED
from support import ROOT
from test_golden import compare

from calculators.__main__ import main
from calculators.format import as_text
from calculators.registry import get

GOLDEN = ROOT / "tests" / "golden" / "calculators"


def case_id(case: tuple[str, dict[str, str]]) -> str:
    section, inputs = case
    return "-".join([section.removeprefix("calc-"), *(f"{k}={v}" for k, v in inputs.items())])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_answer_reads_as_its_golden_file(case: tuple[str, dict[str, str]], request: pytest.FixtureRequest) -> None:
    section, inputs = case
    calculator = get(CALCULATOR_OF[section])
    result = calculator.compute({**inputs, **FIXED.get(section, {})})
    view = calculator.present(result)
    text = as_text(calculator.name, result["inputs"], view) + "\nview:\n" + json.dumps(view, indent=1) + "\n"
    GOLDEN.mkdir(parents=True, exist_ok=True)
    compare(text, GOLDEN / f"{case_id(case)}.txt", request.config.getoption("--update-golden"))


@pytest.mark.parametrize(
    ("argv", "status", "name"),
    [
        (["--list"], 0, "cli-list"),
        (["hit-split", "target=monstrous-cavalry", "hits=3", "--json"], 0, "cli-hit-split-json"),
        (["charge-and-fall-back", "unit_type=infantry"], 2, "cli-infantry-charge"),
        (["building-damage", "strength=99"], 2, "cli-bad-strength"),
        (["building-damage", "strength"], 2, "cli-not-a-pair"),
        ([], 2, "cli-no-arguments"),
    ],
)
def test_the_command_line_in_process(
    argv: list[str], status: int, name: str, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    # The same command line tests/test_cli.py runs as a process, here in this one, so that
    # what it prints is pinned (and a mutation tester sees it run).
    assert main(argv) == status
    out, err = capsys.readouterr()
    compare(
        f"exit {status}\nstdout:\n{out}stderr:\n{err}",
        GOLDEN / f"{name}.txt",
        request.config.getoption("--update-golden"),
    )
