"""hit-split against brute force and icepool: Shooting at Artillery and Monstrous Cavalry."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import icepool_distribution

from calculators.hit_split import CALCULATOR

compute = CALCULATOR.compute


@pytest.mark.parametrize(("target", "faces"), [("artillery", 3), ("monstrous-cavalry", 4)])
@pytest.mark.parametrize("hits", [1, 2, 5, 12, 60])
def test_split_matches_icepool(target: str, faces: int, hits: int) -> None:
    oracle = icepool_distribution(hits @ icepool.d6.map(lambda x: 1 if x <= faces else 0))
    result = compute(target=target, hits=hits)
    assert result["distribution"] == {str(k): oracle.get(k, Fraction(0)) for k in range(hits + 1)}


@pytest.mark.parametrize("hits", [1, 2, 3, 4, 5])
def test_split_matches_brute_force(hits: int) -> None:
    # Shooting at Artillery: "On a 1-3, the hit goes to the artillery piece ... On a 4-6, ... the crew".
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=hits):
        on_piece = sum(1 for f in faces if f <= 3)
        counts[on_piece] = counts.get(on_piece, 0) + 1
    result = compute(target="artillery", hits=hits)
    assert result["distribution"] == {str(k): Fraction(counts.get(k, 0), 6**hits) for k in range(hits + 1)}


def test_monstrous_cavalry_profiles_and_expectations() -> None:
    # Monstrous Cavalry: "On a 1-4, Monstrous Creature is hit. On a 5-6, the riders are hit."
    result = compute(target="monstrous-cavalry", hits=6)
    assert result["profiles"] == ["monstrous_creature", "riders"]
    assert result["expected"] == {"monstrous_creature": Fraction(4), "riders": Fraction(2)}
    assert result["at_least"]["riders"]["0"] == 1
    assert result["at_least"]["riders"]["1"] == 1 - Fraction(4, 6) ** 6
    assert result["at_least"]["monstrous_creature"]["6"] == Fraction(4, 6) ** 6


@settings(max_examples=50, deadline=None)
@given(hits=st.integers(1, 60), target=st.sampled_from(["artillery", "monstrous-cavalry"]))
def test_split_sums_to_one_and_expectations_add_up(hits: int, target: str) -> None:
    result = compute(target=target, hits=hits)
    assert sum(result["distribution"].values()) == 1
    first, second = result["profiles"]
    assert result["expected"][first] + result["expected"][second] == hits
