"""The mutation ledger (``tests/mutation/equivalent.toml``) is checked against each run: an
entry must name a mutant of the run, and one no test killed (a killed mutant is not
equivalent; a renumbering of mutmut's mutants can point an old name at a killed one)."""

from __future__ import annotations

from typing import Any

from mutation.run import ledger_problems

KEPT = {("calculators/dice.py", "x_roll__mutmut_3"): "the two branches return the same value"}


def mutant(status: str, name: str = "x_roll__mutmut_3") -> dict[str, Any]:
    return {"file": "calculators/dice.py", "mutant": name, "status": status}


def test_an_entry_for_a_surviving_mutant_is_fine() -> None:
    assert ledger_problems([mutant("survived")], KEPT) == []
    assert ledger_problems([mutant("no tests")], KEPT) == []


def test_an_entry_for_a_killed_mutant_is_named() -> None:
    for status in ("killed", "timeout", "caught by type check"):
        [problem] = ledger_problems([mutant(status)], KEPT)
        assert "a test killed: calculators/dice.py x_roll__mutmut_3" in problem


def test_an_entry_that_names_no_mutant_is_named() -> None:
    [problem] = ledger_problems([mutant("survived", "x_roll__mutmut_4")], KEPT)
    assert problem.startswith("equivalent.toml names no mutant: calculators/dice.py x_roll__mutmut_3")


def test_a_mutant_not_checked_is_no_problem_yet() -> None:
    assert ledger_problems([mutant("not checked")], KEPT) == []
