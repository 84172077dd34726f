"""What the page shows of a result: the view's types, text and plain numbers only.

Every calculator's ``present`` returns a :class:`View`; the page places it and never
computes or formats a figure. :mod:`calculators.contract` re-exports these types (a
calculator imports them from there); ``build_scripts/tools/type_export.py`` turns them into the
JSON Schema and the TypeScript declarations the page's scripts are checked against.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

__all__ = ["Bar", "Chart", "Figure", "OtherReading", "ReadingView", "Table", "View", "WorkingStep"]


class Figure(TypedDict):
    """One figure of an answer: a probability or an average, with its label."""

    label: str
    #: What the page shows (``"31.3%"``, ``"4.15"``).
    text: str
    #: The exact value (``"5/16"``), shown on request; ``None`` when ``text`` is exact.
    exact: str | None
    #: The rule (``"page#id"``) the label links to, if any.
    rule: str | None


class Bar(TypedDict):
    """One row of a distribution: its label, its chance as the bar's length and its figure."""

    label: str
    #: 0 to 1: the row's chance, the bar's length on a scale from 0 to 100 %.
    share: float
    text: str
    exact: str | None


class Chart(TypedDict):
    """A distribution, shown once, as labelled bars."""

    caption: str
    bars: list[Bar]


class Table(TypedDict):
    """A table of text (what each roll allows, for example); the first column heads each row."""

    caption: str
    columns: list[str]
    rows: list[list[str]]


class WorkingStep(TypedDict):
    """One line of the working and the rule (``"page#id"``) it links to."""

    text: str
    rule: str
    #: The reading (its id) the line takes, where the rules are silent; else ``None``.
    reading: str | None


class OtherReading(TypedDict):
    """The answer under another option of a reading, beside the one given."""

    option: str
    #: The option in a few words (``off the chart: nothing more``).
    words: str
    #: The answer's headline under this option.
    headline: Figure
    #: What changes, marked: the first figure that differs, ``"label: before → after"``.
    change: str


class ReadingView(TypedDict):
    """A reading this answer depends on: the option used, and the others' answers."""

    id: str
    question: str
    #: The option used, and its words.
    option: str
    words: str
    #: The site's option (the default).
    default: str
    others: list[OtherReading]


class View(TypedDict):
    """What the page shows for a result, in the order it shows it."""

    #: The inputs in one line, as a player would say them (``S9 · shock · stone house (AV 13) · 3 hits``).
    asked: str
    #: The answer in one figure: the first thing a player reads, kept in view beside the form.
    headline: Figure
    #: Why the headline is what it is, in one line, when it is certain (0 or 100 %) or has no odds.
    why: str | None
    #: Further figures, each shown once.
    figures: list[Figure]
    #: Distributions, each shown once.
    charts: list[Chart]
    tables: list[Table]
    working: list[WorkingStep]
    #: Inputs that change nothing for these values (the form hides them).
    unused: list[str]
    #: Whether Roll it has anything to roll for these values.
    can_roll: bool
    #: The readings the answer depends on, with the other options' answers: always set by
    #: :meth:`Calculator.present` (a calculator's own ``present`` leaves it out).
    readings: NotRequired[list[ReadingView]]
