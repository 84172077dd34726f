"""Exact dice distributions: outcome → probability as :class:`fractions.Fraction`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from math import comb

__all__ = ["Distribution", "binomial", "die", "expected", "map_outcomes", "sum_of"]

Distribution = dict[int, Fraction]


def die(sides: int) -> Distribution:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def sum_of(*dice: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of independent dice."""
    total: Distribution = {0: Fraction(1)}
    for d in dice:
        nxt: Distribution = {}
        for a, pa in total.items():
            for b, pb in d.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        total = nxt
    return dict(sorted(total.items()))


def map_outcomes(dist: Mapping[int, Fraction], fn: Callable[[int], int]) -> Distribution:
    """The distribution of ``fn(outcome)``."""
    out: Distribution = {}
    for value, p in dist.items():
        key = fn(value)
        out[key] = out.get(key, Fraction(0)) + p
    return dict(sorted(out.items()))


def binomial(trials: int, p: Fraction) -> Distribution:
    """How many of ``trials`` independent events of probability ``p`` happen."""
    if trials < 0:
        raise ValueError(f"trials must be 0 or more, not {trials}")
    return {k: comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(trials + 1)}


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean of a distribution."""
    return sum((Fraction(v) * p for v, p in dist.items()), Fraction(0))
