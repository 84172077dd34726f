"""mutmut's tests are the tests of the code it mutates, derived from the code's rooms: the unit
tier mirrors the rooms, so a mutant of ``build_scripts/<room>/`` meets ``tests/unit/<room>/``
(and ``calculators/``, ``tests/unit/calculators/``), besides the steps' tests (the pipeline
over every stage) and the golden files. No hand list to fall behind the tests."""

from __future__ import annotations

import tomllib
from pathlib import PurePosixPath

from harness.project import ROOT

#: Tests every mutant may meet, whatever its room: the pipeline over every stage, the golden files.
ALWAYS = ("tests/unit/steps/", "tests/golden/")


def mutmut() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]


def room(path: str) -> str:
    parts = PurePosixPath(path).parts
    return parts[1] if parts[0] == "build_scripts" else parts[0]


def test_the_selection_is_the_unit_tests_of_each_mutated_room_and_no_other() -> None:
    config = mutmut()
    rooms = {room(path) for path in config["source_paths"]}
    expected = sorted({f"tests/unit/{name}/" for name in rooms} | set(ALWAYS))
    assert sorted(config["pytest_add_cli_args_test_selection"]) == expected


def test_every_selected_folder_and_mutated_path_exists() -> None:
    config = mutmut()
    for path in [*config["source_paths"], *config["pytest_add_cli_args_test_selection"]]:
        assert (ROOT / path).exists(), path


def test_each_mutated_room_has_unit_tests_of_its_own() -> None:
    for path in mutmut()["source_paths"]:
        tests = ROOT / "tests" / "unit" / room(path)
        assert list(tests.glob("test_*.py")), f"{path}: no tests in {tests.relative_to(ROOT)}"
