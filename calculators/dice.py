"""Exact dice distributions: outcome → probability as :class:`fractions.Fraction`.

A :class:`Distribution` is an immutable value, as icepool's dice are: the functions here
make new ones and never change one in place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import comb
from typing import TypeVar

__all__ = ["Distribution", "binomial", "die", "expected", "outcome_counts", "sum_of"]

T = TypeVar("T", bound=Hashable)
D6 = 6


class Distribution(Mapping[int, Fraction]):
    """An exact distribution: outcome → probability, in outcome order, never changed.

    It reads as a mapping (and equals a ``dict`` with the same items); it cannot be
    written to, and it is hashable.
    """

    __slots__ = ("_probabilities",)

    def __init__(self, probabilities: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]]) -> None:
        items = probabilities.items() if isinstance(probabilities, Mapping) else probabilities
        self._probabilities: dict[int, Fraction] = dict(sorted(items))

    def __getitem__(self, outcome: int) -> Fraction:
        return self._probabilities[outcome]

    def __iter__(self) -> Iterator[int]:
        return iter(self._probabilities)

    def __len__(self) -> int:
        return len(self._probabilities)

    def __hash__(self) -> int:
        return hash(tuple(self._probabilities.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._probabilities == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Distribution({self._probabilities!r})"


def die(sides: int) -> Distribution:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    return Distribution({face: Fraction(1, sides) for face in range(1, sides + 1)})


def sum_of(*dice: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of independent dice."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for d in dice:
        nxt: dict[int, Fraction] = {}
        for a, pa in total.items():
            for b, pb in d.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        total = nxt
    return Distribution(total)


def binomial(trials: int, p: Fraction) -> Distribution:
    """How many of ``trials`` independent events of probability ``p`` happen."""
    if trials < 0:
        raise ValueError(f"trials must be 0 or more, not {trials}")
    return Distribution({k: comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(trials + 1)})


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean of a distribution."""
    return sum((Fraction(v) * p for v, p in dist.items()), Fraction(0))


class _OutOfFaces(Exception):  # noqa: N818 - a signal inside outcome_counts(), never seen outside
    """The replayed faces ran out: the play asks for one more die."""


class _Replay:
    """Gives the faces of one sequence in turn, then signals that the play wants another."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces = iter(faces)

    def __call__(self) -> int:
        try:
            return next(self._faces)
        except StopIteration:
            raise _OutOfFaces from None


def outcome_counts(play: Callable[[Callable[[], int]], T], *, most_dice: int = 8) -> tuple[dict[T, int], int]:
    """Every result ``play`` can reach, as whole-number weights over one denominator (a power of 6).

    ``play`` is the same function that a real play-out feeds with real dice: it asks for
    d6 faces one at a time and returns a result. Here it runs once for every sequence of
    faces it can ask for, so a die it does not roll (a hit that missed needs no chart
    roll) is never enumerated; icepool's ``map(fn, repeat=n)`` works the same way. The
    play must be deterministic in its faces and must not catch the signal it is given
    when a sequence runs out (it derives from :class:`Exception`).

    Args:
        play: Rolls dice through the function it is given and returns a hashable result.
        most_dice: A bound on the dice one run may ask for (a guard against a play
            that never ends).

    Returns:
        Result → weight, and the denominator: ``weight / denominator`` is the probability
        (the weights sum to exactly the denominator).
    """
    finished: list[tuple[int, T]] = []
    pending: list[tuple[int, ...]] = [()]
    while pending:
        prefix = pending.pop()
        try:
            result = play(_Replay(prefix))
        except _OutOfFaces:
            if len(prefix) >= most_dice:
                raise ValueError(f"a play-out asked for more than {most_dice} dice") from None
            pending.extend((*prefix, face) for face in range(D6, 0, -1))
            continue
        finished.append((len(prefix), result))
    depth = max(length for length, _ in finished)
    counts: dict[T, int] = {}
    for length, result in finished:
        counts[result] = counts.get(result, 0) + D6 ** (depth - length)
    return counts, D6**depth
