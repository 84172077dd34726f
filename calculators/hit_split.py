"""hit-split: how a number of hits splits between two profiles on a d6 per hit.

Unit Types › Artillery › Shooting at Artillery; Unit Types › Monstrous Cavalry.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculators.contract import Calculator, Checked, Dice, Result, Rules, View
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
    first: str
    second: str
    first_faces: int
    rule: str
    text: str


TARGETS: dict[str, _Target] = {
    "artillery": _Target(
        "artillery_piece",
        "crew",
        3,
        "shooting-at-artillery",
        "On a 1-3 the hit goes to the artillery piece; on a 4-6 to the crew and any attached Independent Characters.",
    ),
    "monstrous-cavalry": _Target(
        "monstrous_creature",
        "riders",
        4,
        "monstrous-cavalry-hits",
        "On a 1-4 the Monstrous Creature is hit; on a 5-6 the riders are hit.",
    ),
}

INPUTS = (
    Input(
        "target",
        "Target",
        "choice",
        "Whose hits are split: an Artillery unit or Monstrous Cavalry.",
        "artillery",
        choices=tuple(TARGETS),
    ),
    Input("hits", "Hits", "int", "How many hits the unit takes; each is rolled for on a d6.", 1, 1, 60),
)


class HitSplitResult(Result):
    """How the hits split (see :func:`_compute`)."""

    profiles: list[str]
    distribution: dict[str, Fraction]
    expected: dict[str, Fraction]
    at_least: dict[str, dict[str, Fraction]]


def _compute(v: Checked) -> HitSplitResult:
    """The exact split of the hits.

    Returns:
        ``distribution`` (hits on the first profile → probability), ``expected`` and
        ``at_least`` (k → P(at least k hits)) for both profiles, ``profiles`` and ``working``.
    """
    target = TARGETS[as_str(v, "target")]
    hits = as_int(v, "hits")
    p_first = Fraction(target.first_faces, 6)
    dist = binomial(hits, p_first)
    second = {hits - k: p for k, p in dist.items()}
    steps = [
        RULES.step(f"Roll a d6 for each hit. {target.text}", target.rule),
        RULES.step(f"Each hit goes to the {target.first.replace('_', ' ')} with probability {p_first}.", target.rule),
    ]
    return {
        "calculator": CALCULATOR.name,
        "inputs": dict(v),
        "profiles": [target.first, target.second],
        "distribution": {str(k): p for k, p in dist.items()},
        "expected": {target.first: expected(dist), target.second: expected(second)},
        "at_least": {
            target.first: _at_least(dist),
            target.second: _at_least(second),
        },
        "working": steps,
    }


def _at_least(dist: dict[int, Fraction]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    running = Fraction(0)
    for k in sorted(dist, reverse=True):
        running += dist[k]
        out[str(k)] = running
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def _present(r: HitSplitResult) -> View:
    first, second = r["profiles"]
    first_label, second_label = first.replace("_", " "), second.replace("_", " ")
    hits = as_int(r["inputs"], "hits")
    rule = RULES.link(TARGETS[as_str(r["inputs"], "target")].rule)
    # Short row labels keep the bars wide on a phone: "2 – 1", the caption says which is which.
    split = [(f"{k} – {hits - int(k)}", p) for k, p in r["distribution"].items()]
    hits_text = f"{hits} hit{'s' if hits != 1 else ''}"
    return {
        "asked": f"{as_str(r['inputs'], 'target').replace('-', ' ').capitalize()} · {hits_text}",
        "headline": average_figure(f"Average on the {first_label}", r["expected"][first], rule),
        "why": None,
        "figures": [average_figure(f"Average on the {second_label}", r["expected"][second], rule)],
        "charts": [chart(f"How the {hits_text} split ({first_label} – {second_label})", split)],
        "tables": [],
        "working": working(r["working"]),
        "unused": [],
        "can_roll": True,
    }


def _play(v: Checked, d6: Dice) -> list[str]:
    """Roll a real d6 for each hit and count where they go."""
    target = TARGETS[as_str(v, "target")]
    faces = [d6() for _ in range(as_int(v, "hits"))]
    first = sum(1 for f in faces if f <= target.first_faces)
    first_name, second_name = target.first.replace("_", " "), target.second.replace("_", " ")
    return [
        "Rolled " + " ".join(map(str, faces)) + ".",
        f"{first} on the {first_name}, {len(faces) - first} on the {second_name}.",
    ]


CALCULATOR: Calculator[HitSplitResult] = Calculator(
    name="hit-split",
    title="Hit split",
    inputs=INPUTS,
    rules=RULES,
    compute=_compute,
    present=_present,
    play=_play,
)
