"""The calculators' shared parts at their edges: the dice, the rounding, the checks of an
input and the contract's messages. Each case is one a calculation meets rarely (a die of one
side, a probability a hair under 1, a value too long to repeat) and a player would read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from calculators.contract import Rules
from calculators.dice import Distribution, binomial, die, expected, outcome_counts
from calculators.format import as_text, percent
from calculators.registry import all_calculators, get
from calculators.spec import (
    BoolInput,
    ChoiceInput,
    InputError,
    IntInput,
    as_bool,
    as_int,
    as_str,
    echo,
    validate,
)
from calculators.view import chart, table


def test_a_distribution_is_made_from_pairs_as_from_a_mapping() -> None:
    pairs = [(2, Fraction(1, 4)), (1, Fraction(3, 4))]
    assert Distribution(pairs) == Distribution(dict(pairs)) == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    assert list(Distribution(pairs)) == [1, 2]


def test_a_die_has_at_least_one_side_and_trials_are_not_negative() -> None:
    assert die(1) == {1: Fraction(1)}
    with pytest.raises(ValueError, match=r"^a die needs at least one side, not 0$"):
        die(0)
    assert binomial(0, Fraction(1, 2)) == {0: Fraction(1)}
    with pytest.raises(ValueError, match=r"^trials must be 0 or more, not -1$"):
        binomial(-1, Fraction(1, 2))


def test_the_mean_is_exact() -> None:
    mean = expected({1: Fraction(1, 3), 2: Fraction(2, 3)})
    assert mean == Fraction(5, 3)
    assert isinstance(expected({}), Fraction)


def sixes_in_a_row(most: int) -> Callable[[Callable[[], int]], int]:
    """A play that rolls again on a 6, at most ``most`` dice: how many sixes in a row."""

    def play(d6: Callable[[], int]) -> int:
        for n in range(most):
            if d6() != 6:
                return n
        return most

    return play


def test_a_play_out_may_ask_for_eight_dice_and_no_more() -> None:
    counts, total = outcome_counts(sixes_in_a_row(8))
    assert total == 6**8
    assert counts == {n: 5 * 6 ** (7 - n) for n in range(8)} | {8: 1}
    with pytest.raises(ValueError, match=r"^a play-out asked for more than 8 dice$"):
        outcome_counts(sixes_in_a_row(9))
    assert outcome_counts(sixes_in_a_row(9), most_dice=9)[1] == 6**9


@pytest.mark.parametrize(
    ("value", "digits", "shown"),
    [
        (Fraction(999, 1000), 1, "99.9%"),
        (Fraction(9999, 10000), 1, ">99.9%"),
        (Fraction(99999, 100000), 2, ">99.99%"),
        (Fraction(1), 1, "100.0%"),
        (Fraction(1, 10000), 1, "<0.1%"),
        (Fraction(0), 1, "0.0%"),
        (Fraction(1, 3), 0, "33%"),
        (Fraction(199, 200), 0, ">99%"),
        (Fraction(5, 16), 1, "31.3%"),
    ],
)
def test_a_percentage_says_when_it_is_only_nearly_certain(value: Fraction, digits: int, shown: str) -> None:
    assert percent(value, digits) == shown


def test_the_command_lines_text_writes_booleans_as_typed_and_draws_an_empty_chart() -> None:
    view = {
        "asked": "asked",
        "headline": {"label": "L", "text": "1", "exact": None, "rule": ""},
        "why": None,
        "figures": [],
        "charts": [chart("nothing", [])],
        "tables": [table("t", ["a", "bb"], [["1", "2"]])],
        "working": [],
    }
    text = as_text("x", {"flag": True, "n": 3, "empty": None}, view)  # type: ignore[arg-type]
    assert text.splitlines()[0] == "x  flag=true  n=3"
    assert "  a  bb" in text.splitlines()
    assert "  1  2" in text.splitlines()
    assert text.splitlines()[text.splitlines().index("nothing:") + 1] == ""
    assert as_text("x", {}, view).splitlines()[0] == "x"  # type: ignore[arg-type]


def test_a_chart_draws_each_bar_on_one_scale_from_0_to_100_percent() -> None:
    """A bar is as long as its chance: 25 % a quarter, 50 % half, whatever the largest row is."""
    assert chart("c", [("never", Fraction(0))])["bars"][0]["share"] == 0.0
    bars = chart("c", [("a", Fraction(1, 4)), ("b", Fraction(1, 2)), ("c", Fraction(1, 4))])["bars"]
    assert [bar["share"] for bar in bars] == [0.25, 0.5, 0.25]
    assert chart("c", [("sure", Fraction(1))])["bars"][0]["share"] == 1.0
    with pytest.raises(ValueError, match=r"^a row of 't' has 1 cells for 2 columns$"):
        table("t", ["a", "b"], [["only one"]])


def test_an_unknown_input_names_the_calculator_and_every_input_it_has() -> None:
    inputs = (
        IntInput(name="hits", label="Hits", help="", minimum=1, maximum=2, default=1),
        BoolInput(name="ranged", label="R", help="", default=False),
    )
    with pytest.raises(InputError) as caught:
        validate(inputs, {"colour": "red", "zebra": 1}, calculator="demo")
    assert caught.value.errors == {"": "demo has no input 'colour'; its inputs are hits, ranged."}
    assert str(caught.value) == "demo has no input 'colour'; its inputs are hits, ranged."


def test_an_input_error_reads_as_one_line_naming_each_input() -> None:
    error = InputError({"hits": "too many.", "ranged": "say yes or no.", "": "and this."})
    assert str(error) == "hits: too many. ranged: say yes or no. and this."


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ("x" * 30, "'" + "x" * 30 + "'"),
        ([1], "a list"),
        (None, "a NoneType"),
        (7, "7"),
    ],
)
def test_a_value_is_repeated_quoted_and_cut_short(raw: object, said: str) -> None:
    assert echo(raw) == said


def test_a_long_value_is_cut_at_the_echo_length_with_an_ellipsis() -> None:
    from calculators.spec import _ECHO  # noqa: PLC0415 - the limit the messages use

    exact = "y" * (_ECHO - 2)
    assert echo(exact) == repr(exact)
    longer = "y" * (_ECHO - 1)
    assert echo(longer) == repr(longer)[: _ECHO - 1] + "…"
    assert len(echo(longer)) == _ECHO


def test_whole_numbers_bools_and_required_values() -> None:
    hits = IntInput(name="hits", label="Hits", help="h", minimum=1, maximum=99999, default=None, required=True)
    with pytest.raises(ValueError, match=r"^Hits is required: give a whole number from 1 to 99999\.$"):
        hits.check(None)
    with pytest.raises(ValueError, match=r"you gave True"):
        hits.check(True)  # noqa: FBT003 - a bool where a number is asked, as a URL could give it
    with pytest.raises(ValueError, match=r"you gave 2\.5"):
        hits.check(2.5)
    assert hits.check(" 12 ") == 12
    assert hits.check("000000099999") == 99999  # twelve digits, the most read
    with pytest.raises(ValueError, match=r"you gave '0000000099999'"):
        hits.check("0000000099999")
    with pytest.raises(ValueError, match=r"you gave 'upstairs'"):
        ChoiceInput(name="c", label="C", help="", choices={"a": "A"}, default="a").check("upstairs")
    ranged = BoolInput(name="ranged", label="Ranged", help="r", default=False)
    with pytest.raises(ValueError, match=r"you gave 'maybe'"):
        ranged.check("maybe")
    assert hits.words(3) == "3"
    assert ranged.check(" NO ") is False
    assert ranged.check("Yes") is True
    assert (ranged.name, ranged.label, ranged.help, ranged.default, ranged.required) == (
        "ranged",
        "Ranged",
        "r",
        False,
        False,
    )
    optional = IntInput(name="av", label="AV", help="", minimum=1, maximum=30, default=None)
    assert optional.check(None) is None
    assert optional.required is False


def test_a_value_of_the_wrong_kind_fails_loudly_where_it_is_read() -> None:
    values = {"n": 3, "flag": True, "choice": "a"}
    with pytest.raises(TypeError, match=r"^input 'flag' is not declared as a required int$"):
        as_int(values, "flag")
    with pytest.raises(TypeError, match=r"^input 'choice' is not declared as a required int$"):
        as_int(values, "choice")
    with pytest.raises(TypeError, match=r"^input 'n' is not declared as a choice with a default$"):
        as_str(values, "n")
    with pytest.raises(TypeError, match=r"^input 'n' is not declared as a bool$"):
        as_bool(values, "n")


def test_every_calculator_keeps_its_title_rules_and_sample() -> None:
    for name, calculator in all_calculators().items():
        assert calculator.name == name
        assert calculator.title
        assert calculator.title[0].isupper()
        assert isinstance(calculator.rules, Rules)
        assert calculator.sample
        assert calculator.compute(dict(calculator.sample))["calculator"] == name
    assert get("hit-split").title == "Hit split"


def test_an_unknown_rule_key_or_calculator_is_named() -> None:
    with pytest.raises(KeyError, match=r"no rule is mapped to the key 'nope'"):
        Rules({}).link("nope")
    with pytest.raises(
        ValueError,
        match=r"^no calculator 'nope'; known: building-damage, charge-and-fall-back, hit-split, ruin-movement\.$",
    ):
        get("nope")


def test_a_refusal_names_the_calculator_it_comes_from() -> None:
    with pytest.raises(InputError, match=r"^hit-split has no input 'x'"):
        get("hit-split").compute({"x": 1})


def test_the_declaration_constructors_keep_every_field() -> None:
    from calculators.spec import Input  # noqa: PLC0415 - the class whose constructors these are

    n = Input.int("n", "N", help="how many", minimum=1, maximum=5, default=2, required=True)
    assert (n.name, n.label, n.help, n.default, n.required, n.minimum, n.maximum) == (
        "n",
        "N",
        "how many",
        2,
        True,
        1,
        5,
    )
    assert Input.int("m", "M", help="", minimum=0, maximum=1).required is False
    c = Input.choice("c", "C", help="pick", choices={"a": "A"}, default="a", required=True)
    assert (c.name, c.label, c.help, c.default, c.required, dict(c.choices)) == (
        "c",
        "C",
        "pick",
        "a",
        True,
        {"a": "A"},
    )
    b = Input.bool("b", "B", help="yes?", default=True)
    assert (b.name, b.label, b.help, b.default) == ("b", "B", "yes?", True)


def test_a_calculator_keeps_what_it_is_declared_with() -> None:
    from calculators.contract import Calculator  # noqa: PLC0415 - the class under test

    rules = Rules({"r": "page#r"})
    calculator: Calculator[dict[str, object], dict[str, object]] = Calculator(
        name="demo",
        title="Demo",
        inputs=(IntInput(name="n", label="N", help="", minimum=1, maximum=3, default=1),),
        rules=rules,
        resolve=dict,
        compute=lambda meaning: {"n": meaning["n"], "working": []},
        present=lambda _meaning, _result: {},  # type: ignore[arg-type,return-value]
        sample={"n": "2"},
    )
    assert (calculator.name, calculator.title, calculator.rules, dict(calculator.sample)) == (
        "demo",
        "Demo",
        rules,
        {"n": "2"},
    )
    assert calculator.compute({"n": 2}) == {
        "calculator": "demo",
        "inputs": {"n": 2},
        "readings": {},
        "n": 2,
        "working": [],
    }


def test_every_choice_value_is_a_lower_case_id() -> None:
    # The CLI and the links write values as typed (format._value lower-cases only booleans).
    for calculator in all_calculators().values():
        for spec in calculator.inputs:
            if isinstance(spec, ChoiceInput):
                assert all(re.fullmatch(r"[a-z0-9-]+", value) for value in spec.choices), spec.name
