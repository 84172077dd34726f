"""Exact dice (``calculators.dice``) against an independent oracle (icepool) and as immutable values."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import icepool_distribution

from calculators.dice import binomial, die, expected, sum_of


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_sum_of_d6_matches_icepool(n: int) -> None:
    assert sum_of(*[die(6)] * n) == icepool_distribution(n @ icepool.d6)


def test_d3_matches_icepool() -> None:
    assert die(3) == icepool_distribution(icepool.d3)


@settings(max_examples=50, deadline=None)
@given(trials=st.integers(0, 30), num=st.integers(0, 6))
def test_binomial_sums_to_one_with_mean_np(trials: int, num: int) -> None:
    p = Fraction(num, 6)
    dist = binomial(trials, p)
    assert sum(dist.values()) == 1
    assert expected(dist) == trials * p


def test_a_distribution_is_an_immutable_value() -> None:
    d6 = die(6)
    assert d6 == {face: Fraction(1, 6) for face in range(1, 7)}
    assert hash(d6) == hash(die(6))
    assert {d6: "one die"}[die(6)] == "one die"
    with pytest.raises(TypeError):
        d6[1] = Fraction(1)  # type: ignore[index]
    assert list(sum_of(die(2), die(2))) == [2, 3, 4]  # outcomes in order
