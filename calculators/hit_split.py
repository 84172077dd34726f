"""hit-split: how a number of hits splits between two profiles on a d6 per hit.

Unit Types › Artillery › Shooting at Artillery; Unit Types › Monstrous Cavalry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from calculators.contract import Calculator, Checked, Computed, Dice, Rules, View
from calculators.dice import binomial, expected
from calculators.spec import Input, as_int, as_str
from calculators.view import average_figure, chart, working

__all__ = ["CALCULATOR", "TARGETS"]

RULES = Rules(
    {
        "shooting-at-artillery": "unit-types#artillery-shooting-at-artillery-unit-roll-d6-each-hit",
        "monstrous-cavalry-hits": "unit-types#monstrous-cavalry-close-combat-each-hit-against-against-monstrous",
    }
)


@dataclass(frozen=True)
class _Target:
    """Whose hits split, and how: the two profiles (result keys and words) and the d6 faces of the first."""

    first: str
    first_words: str
    second: str
    second_words: str
    first_faces: int
    rule: str
    text: str


TARGETS: dict[str, _Target] = {
    "artillery": _Target(
        "artillery_piece",
        "artillery piece",
        "crew",
        "crew",
        3,
        "shooting-at-artillery",
        "On a 1-3 the hit goes to the artillery piece; on a 4-6 to the crew and any attached Independent Characters.",
    ),
    "monstrous-cavalry": _Target(
        "monstrous_creature",
        "monstrous creature",
        "riders",
        "riders",
        4,
        "monstrous-cavalry-hits",
        "On a 1-4 the Monstrous Creature is hit; on a 5-6 the riders are hit.",
    ),
}

TARGET = Input.choice(
    "target",
    "Target",
    help="Whose hits are split: an Artillery unit or Monstrous Cavalry.",
    choices={"artillery": "artillery", "monstrous-cavalry": "monstrous cavalry"},
    default="artillery",
)
INPUTS = (
    TARGET,
    Input.int(
        "hits",
        "Hits",
        help="How many hits the unit takes; each is rolled for on a d6.",
        default=1,
        minimum=1,
        maximum=60,
    ),
)


@dataclass(frozen=True)
class Split:
    """What the inputs mean: whose hits split, under which name, and how many there are."""

    target: _Target
    name: str
    hits: int


def _resolve(v: Checked) -> Split:
    target = as_str(v, "target")
    return Split(TARGETS[target], TARGET.words(target), as_int(v, "hits"))


class HitSplit(Computed):
    """How the hits split (see :func:`_compute`)."""

    profiles: list[str]
    distribution: dict[str, Fraction]
    expected: dict[str, Fraction]
    at_least: dict[str, dict[str, Fraction]]


def _compute(split: Split) -> HitSplit:
    """The exact split of the hits.

    Returns:
        ``distribution`` (hits on the first profile → probability), ``expected`` and
        ``at_least`` (k → P(at least k hits)) for both profiles, ``profiles`` and ``working``.
    """
    target, hits = split.target, split.hits
    p_first = Fraction(target.first_faces, 6)
    dist = binomial(hits, p_first)
    second = {hits - k: p for k, p in dist.items()}
    steps = [
        RULES.step(f"Roll a d6 for each hit. {target.text}", target.rule),
        RULES.step(f"Each hit goes to the {target.first_words} with probability {p_first}.", target.rule),
    ]
    return {
        "profiles": [target.first, target.second],
        "distribution": {str(k): p for k, p in dist.items()},
        "expected": {target.first: expected(dist), target.second: expected(second)},
        "at_least": {
            target.first: _at_least(dist),
            target.second: _at_least(second),
        },
        "working": steps,
    }


def _at_least(dist: Mapping[int, Fraction]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    running = Fraction(0)
    for k in sorted(dist, reverse=True):
        running += dist[k]
        out[str(k)] = running
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def _present(split: Split, r: HitSplit) -> View:
    target, hits = split.target, split.hits
    rule = RULES.link(target.rule)
    # Short row labels keep the bars wide on a phone: "2 – 1", the caption says which is which.
    bars = [(f"{k} – {hits - int(k)}", p) for k, p in r["distribution"].items()]
    hits_text = f"{hits} hit{'s' if hits != 1 else ''}"
    return {
        "asked": f"{split.name.capitalize()} · {hits_text}",
        "headline": average_figure(f"Average on the {target.first_words}", r["expected"][target.first], rule),
        "why": None,
        "figures": [average_figure(f"Average on the {target.second_words}", r["expected"][target.second], rule)],
        "charts": [chart(f"How the {hits_text} split ({target.first_words} – {target.second_words})", bars)],
        "tables": [],
        "working": working(r["working"]),
        "unused": [],
        "can_roll": True,
    }


def _play(split: Split, d6: Dice) -> list[str]:
    """Roll a real d6 for each hit and count where they go."""
    target = split.target
    faces = [d6() for _ in range(split.hits)]
    first = sum(1 for f in faces if f <= target.first_faces)
    return [
        "Rolled " + " ".join(map(str, faces)) + ".",
        f"{first} on the {target.first_words}, {len(faces) - first} on the {target.second_words}.",
    ]


CALCULATOR: Calculator[Split, HitSplit] = Calculator(
    name="hit-split",
    title="Hit split",
    inputs=INPUTS,
    rules=RULES,
    resolve=_resolve,
    compute=_compute,
    present=_present,
    play=_play,
    sample={"hits": "2"},
)
