"""Both answers, side by side: a result under the other options of a reading.

Where the rules are silent (:mod:`calculators.readings`), a calculation is answered under
every option of each reading; an option whose answer differs for these inputs is one the
answer depends on. The page shows it beside the answer given, with what changes marked
(``Total Collapse within 1 hit: 22.2% → 11.1%``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from calculators.readings import Reading
from calculators.spec import Value
from calculators.view_types import ReadingView, View

__all__ = ["Other", "change", "other_answers", "reading_view"]

A = TypeVar("A", bound=Mapping[str, Any])


@dataclass(frozen=True)
class Other(Generic[A]):
    """The answer under another option of a reading, and the checked values it was computed from."""

    option: str
    checked: dict[str, Value]
    answer: A


def _answer_part(answer: Mapping[str, Any]) -> dict[str, Any]:
    """An answer without its working: what two readings are compared on."""
    return {k: v for k, v in answer.items() if k != "working"}


def other_answers(
    answer: Callable[[Mapping[str, Value]], A], checked: Mapping[str, Value], reading: Reading
) -> list[Other[A]]:
    """The other options of ``reading`` whose answer (``answer`` of the checked values) differs, in declared order."""
    mine = _answer_part(answer(checked))
    others = []
    for option in reading.options:
        if option == checked[reading.param]:
            continue
        theirs = {**checked, reading.param: option}
        their_answer = answer(theirs)
        if _answer_part(their_answer) != mine:
            others.append(Other(option, theirs, their_answer))
    return others


def reading_view(reading: Reading, used: str, mine: View, others: list[tuple[str, View]]) -> ReadingView:
    """What the page shows of a reading the answer depends on: the option used, each other's answer."""
    return {
        "id": reading.id,
        "question": reading.question,
        "option": used,
        "words": reading.words(used),
        "default": reading.default,
        "others": [
            {
                "option": option,
                "words": reading.words(option),
                "headline": view["headline"],
                "change": change(mine, view),
            }
            for option, view in others
        ],
    }


def change(mine: View, theirs: View) -> str:
    """The first figure that differs between two views, marked ``label: before → after``."""
    pairs = [(mine["headline"], theirs["headline"]), *zip(mine["figures"], theirs["figures"], strict=False)]
    for a, b in pairs:
        if a["text"] != b["text"]:
            label = a["label"] if a["label"] == b["label"] else f"{a['label']} / {b['label']}"
            return f"{label}: {a['text']} → {b['text']}"
    for chart_a, chart_b in zip(mine["charts"], theirs["charts"], strict=False):
        texts_a = {bar["label"]: bar["text"] for bar in chart_a["bars"]}
        texts_b = {bar["label"]: bar["text"] for bar in chart_b["bars"]}
        for label in [*texts_a, *(k for k in texts_b if k not in texts_a)]:
            before, after = texts_a.get(label, "0.0%"), texts_b.get(label, "0.0%")
            if before != after:
                return f"{chart_a['caption']}, {label}: {before} → {after}"
    return "the working differs (the figures shown round alike)"
