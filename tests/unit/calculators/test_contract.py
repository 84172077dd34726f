"""The calculator contract (``calculators/contract.py``): one name per job, the meaning of the
inputs worked out once, ``calculator`` and ``inputs`` put before every result by the contract,
and every calculator declaring a sample it answers."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from calculators import web
from calculators.contract import Calculator, Checked, Computed, Dice, Rules, View
from calculators.registry import all_calculators
from calculators.spec import Input, InputError, as_int
from calculators.view import chance, working

CALCULATORS = all_calculators()
RULES = Rules({"collapse": "buildings#total-collapse"})


class Counted(Computed):
    half: Fraction


def counting_calculator() -> tuple[Calculator[int, Counted], list[int]]:
    """A calculator whose ``resolve`` records each call, and refuses 13."""
    resolved: list[int] = []

    def resolve(v: Checked) -> int:
        value = as_int(v, "n")
        resolved.append(value)
        if value == 13:
            raise InputError({"n": "N must not be 13."})
        return value

    def compute(n: int) -> Counted:
        return {"half": Fraction(n, 2), "working": [RULES.step(f"{n} halved.", "collapse")]}

    def present(n: int, r: Counted) -> View:
        return {
            "asked": f"n={n}",
            "headline": chance("Half", r["half"] / n),
            "why": None,
            "figures": [],
            "charts": [],
            "tables": [],
            "working": working(r["working"]),
            "unused": [],
            "can_roll": True,
        }

    def play(n: int, d6: Dice) -> list[str]:
        return [f"{n}: rolled {d6()}"]

    calc: Calculator[int, Counted] = Calculator(
        name="counted",
        title="Counted",
        inputs=(Input.int("n", "N", help="A number.", default=2, minimum=1, maximum=20),),
        rules=RULES,
        resolve=resolve,
        compute=compute,
        present=present,
        play=play,
    )
    return calc, resolved


def test_the_contract_puts_calculator_inputs_and_readings_before_the_calculators_own_keys() -> None:
    calc, _ = counting_calculator()
    result = calc.compute(n="4")
    assert list(result) == ["calculator", "inputs", "readings", "half", "working"]
    assert result["calculator"] == "counted"
    assert result["inputs"] == {"n": 4}


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_every_result_starts_with_its_calculator_and_every_checked_input(name: str) -> None:
    calc = CALCULATORS[name]
    result = calc.compute(calc.sample)
    assert list(result)[:2] == ["calculator", "inputs"]
    assert result["calculator"] == name
    assert list(result["inputs"]) == [i.name for i in calc.inputs]
    assert "working" in result


def test_the_meaning_of_one_set_of_inputs_is_worked_out_once_for_compute_present_and_play() -> None:
    calc, resolved = counting_calculator()
    result = calc.compute(n="6")
    calc.present(result)
    calc.play({"n": 6}, lambda: 3)
    assert resolved == [6]
    calc.compute(n=7)
    assert resolved == [6, 7]


def test_a_refused_meaning_is_an_input_error_every_time() -> None:
    calc, resolved = counting_calculator()
    for _ in range(2):
        with pytest.raises(InputError, match="must not be 13"):
            calc.compute(n=13)
    assert resolved == [13, 13]  # a refusal is never kept as a meaning


def test_a_calculator_without_a_play_has_nothing_to_roll() -> None:
    calc, _ = counting_calculator()
    still: Calculator[int, Counted] = Calculator(
        name="still",
        title="Still",
        inputs=calc.inputs,
        rules=RULES,
        resolve=lambda v: as_int(v, "n"),
        compute=lambda n: {"half": Fraction(n, 2), "working": []},
        present=lambda n, _: calc.present(calc.compute(n=n)),
    )
    assert not still.can_play
    with pytest.raises(ValueError, match="still has nothing to roll"):
        still.play({}, lambda: 1)


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_every_calculator_declares_a_sample_it_answers(name: str) -> None:
    calc = CALCULATORS[name]
    assert calc.sample, f"{name} declares no sample"
    answer = json.loads(web.compute(name, json.dumps(dict(calc.sample))))
    assert set(answer) == {"result", "view"}


def test_the_canary_answers_every_calculators_sample() -> None:
    assert json.loads(web.canary()) == {"answered": len(CALCULATORS)}
