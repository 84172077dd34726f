"""The calculator contract: what a calculator module provides, and what crosses to the page.

A calculator is one module in this package that defines ``CALCULATOR``, a
:class:`Calculator`: its name, title, input declarations and the rules it cites, a
``compute`` function from checked inputs to its :class:`Result`, a ``present`` function
from that result to the :class:`View` the page shows, and, where the calculation can be
played out with real dice, a ``play`` function. :mod:`calculators.registry` finds every
such module; no shared code names a calculator.

Two shapes cross to the browser, both as JSON:

* the **result**: :class:`Result` and the calculator's own keys, the exact answer with
  fractions as ``"p/q"``. The command line prints the same JSON; Copy as JSON copies it.
* the **view**: :class:`View`, the text and numbers the page places, already formatted.
  ``build_scripts/view_schema.py`` turns these TypedDicts into the JSON Schema and the
  TypeScript declarations that the page's renderer is checked against.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypedDict, TypeVar

from calculators.spec import Input, Value, validate

__all__ = [
    "Answer",
    "Bar",
    "Calculation",
    "Calculator",
    "Chart",
    "Checked",
    "Dice",
    "Figure",
    "Refusal",
    "Result",
    "RollAnswer",
    "Rolled",
    "Rules",
    "Step",
    "Table",
    "View",
    "WorkingStep",
]

#: Checked input values by name (what :func:`calculators.spec.validate` returns).
Checked = Mapping[str, Value]
#: A source of d6 faces: the page's crypto-random dice, or a test's fixed faces.
Dice = Callable[[], int]


class Step(TypedDict):
    """One line of a result's working and the rule it applies."""

    text: str
    #: The calculator's key for the rule (``"total-collapse"``).
    rule: str
    #: The rule's id on the site (``"buildings#total-collapse"``).
    rule_id: str


class Result(TypedDict):
    """What every result holds; each calculator's result type adds its own keys."""

    calculator: str
    inputs: dict[str, Value]
    working: list[Step]


# ----------------------------------------------------------------------------- the view
# Everything here is text or plain numbers; the page never computes or formats a figure.


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
    """One row of a distribution: its label, its share of the longest bar and its figure."""

    label: str
    #: 0 to 1, relative to the largest row of the chart.
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


class Calculation(TypedDict):
    """The worker's answer to a calculation: the result (as the CLI's JSON) and its view."""

    #: The calculator's result as JSON (its keys differ by calculator; the page never reads them).
    result: dict[str, object]
    view: View


class Refusal(TypedDict):
    """The worker's answer to bad input: a message per field (``""`` for the whole form)."""

    errors: dict[str, str]


class Rolled(TypedDict):
    """The worker's answer to Roll it: one line per step of the play-out."""

    lines: list[str]
    faces_used: int


#: What a calculation answers.
Answer = Calculation | Refusal
#: What Roll it answers.
RollAnswer = Rolled | Refusal


# ----------------------------------------------------------------------------- the contract


@dataclass(frozen=True)
class Rules:
    """The rules a calculator cites: its own short keys → rule ids on the site (``page#id``).

    A test checks every id against ``anchors.lock.json``.
    """

    ids: Mapping[str, str]

    def step(self, text: str, key: str) -> Step:
        """A line of working citing the rule ``key``; an unknown key fails at once."""
        return {"text": text, "rule": key, "rule_id": self.link(key)}

    def link(self, key: str) -> str:
        """The ``page#id`` of the rule ``key``."""
        try:
            return self.ids[key]
        except KeyError:
            raise KeyError(f"no rule is mapped to the key {key!r}") from None


R = TypeVar("R", bound=Result)


@dataclass(frozen=True)
class Calculator(Generic[R]):
    """One calculator: declared once, used by the CLI, the tests and the page alike.

    Attributes:
        name: The calculator's name in URLs and on the command line (``building-damage``).
        title: Its title in the page and in ``--list``.
        inputs: Its input declarations, in the order the form shows them.
        rules: The rules it cites.
        compute: Checked inputs → the exact result (pure; inputs are already valid).
        present: The result → what the page shows.
        play: Checked inputs and a source of d6 faces → one line per step of a real
            play-out (Roll it); ``None`` when there is nothing to roll.
    """

    name: str
    title: str
    inputs: tuple[Input, ...]
    rules: Rules
    compute: Callable[[Checked], R]
    present: Callable[[R], View]
    play: Callable[[Checked, Dice], list[str]] | None = None

    def check(self, given: Mapping[str, object]) -> dict[str, Value]:
        """Every input checked against its declaration (see :func:`calculators.spec.validate`)."""
        return validate(self.inputs, given, calculator=self.name)

    def calculate(self, given: Mapping[str, object] | None = None, /, **named: object) -> R:
        """Validate the inputs (a mapping, keywords or both), then compute the result.

        Raises:
            InputError: (a ValueError) naming each bad input and what it allows.
        """
        return self.compute(self.check({**(given or {}), **named}))

    def view(self, result: R) -> View:
        """What the page shows for ``result``."""
        return self.present(result)

    def roll(self, given: Mapping[str, object], dice: Dice) -> list[str]:
        """Play the calculation out with the faces ``dice`` gives, after validating the inputs.

        Raises:
            InputError: for bad inputs.
            ValueError: when the calculator has nothing to roll.
        """
        if self.play is None:
            raise ValueError(f"{self.name} has nothing to roll.")
        return self.play(self.check(given), dice)
