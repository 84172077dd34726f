"""The mutation ledger (``tests/mutation/equivalent.toml``) is checked against each run: an
entry must name a mutant of the run, one no test killed (a killed mutant is not equivalent; a
renumbering of mutmut's mutants can point an old name at a killed one), and one that still
changes what the entry records (a line moved above it, or a renumbering, points the name at
another mutant that also survives). A Stryker entry's change is read from its span in the file."""

from __future__ import annotations

from typing import Any

from mutation.run import ROOT, ledger_problems, missing_checks, stated_checks, stryker_change

KEPT = {("calculators/dice.py", "x_roll__mutmut_3"): "the two branches return the same value"}
CHANGE = "return a if a else b → return a if a else a"
CHANGES = {("calculators/dice.py", "x_roll__mutmut_3"): CHANGE}


def mutant(status: str, name: str = "x_roll__mutmut_3", to: str = "return a if a else a") -> dict[str, Any]:
    return {"file": "calculators/dice.py", "mutant": name, "status": status, "from": "return a if a else b", "to": to}


def test_an_entry_for_a_surviving_mutant_that_changes_what_it_records_is_fine() -> None:
    assert ledger_problems([mutant("survived")], KEPT, CHANGES) == []
    assert ledger_problems([mutant("no tests")], KEPT, CHANGES) == []


def test_an_entry_whose_mutant_now_changes_something_else_is_named() -> None:
    [problem] = ledger_problems([mutant("survived", to="return b if a else b")], KEPT, CHANGES)
    assert problem == (
        f"equivalent.toml's calculators/dice.py x_roll__mutmut_3 changed {CHANGE!r}; it now changes "
        "'return a if a else b → return b if a else b' (read the entry again; run.py --record writes what it changes now)"
    )


def test_an_entry_that_records_no_change_is_named() -> None:
    [problem] = ledger_problems([mutant("survived")], KEPT, {})
    assert "does not say what calculators/dice.py x_roll__mutmut_3 changes" in problem


def test_an_entry_for_a_killed_mutant_is_named() -> None:
    for status in ("killed", "timeout", "caught by type check"):
        [problem] = ledger_problems([mutant(status)], KEPT, CHANGES)
        assert "a test killed: calculators/dice.py x_roll__mutmut_3" in problem


def test_an_entry_that_names_no_mutant_is_named() -> None:
    [problem] = ledger_problems([mutant("survived", "x_roll__mutmut_4")], KEPT, CHANGES)
    assert problem.startswith("equivalent.toml names no mutant: calculators/dice.py x_roll__mutmut_3")


def test_a_mutant_not_checked_is_no_problem_yet() -> None:
    assert ledger_problems([mutant("not checked")], KEPT, CHANGES) == []


def test_a_stryker_mutants_change_is_its_spans_words_in_the_file_now() -> None:
    file = "docs/assets/js/table/link.mjs"
    lines = (ROOT / file).read_text("utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "/^Not applied: /" in text)
    column = lines[line - 1].index("/^Not applied: /") + 1
    name = f"Regex@{line}:{column}-{line}:{column + 16} /Not applied: /"
    assert stryker_change(file, name) == "/^Not applied: / → /Not applied: /"
    assert stryker_change(file, f"Regex@{line}:{column + 1}-{line}:{column + 16} /Not applied: /") == (
        "^Not applied: / → /Not applied: /"
    ), "a span the line no longer has there reads other words"
    assert stryker_change(file, "x_roll__mutmut_3") == ""


def test_an_entry_resting_on_a_check_names_a_test_of_the_project() -> None:
    key = ("calculators/dice.py", "x_roll__mutmut_3")
    here = "tests/unit/project/test_mutation_ledger.py::test_an_entry_resting_on_a_check_names_a_test_of_the_project"
    assert missing_checks({key: here}) == []
    assert missing_checks({key: ""}) == [], "equivalent outright"
    [problem] = missing_checks({key: "tests/unit/project/test_mutation_ledger.py::test_gone"})
    assert "rests on tests/unit/project/test_mutation_ledger.py::test_gone, which is no test" in problem
    [problem] = missing_checks({key: "tests/unit/nowhere.py::test_x"})
    assert "which is no test of the project" in problem


def test_every_check_the_ledger_names_is_a_test_of_the_project() -> None:
    assert missing_checks(stated_checks()) == []
