"""The calculator contract: what a calculator module provides, and what crosses to the page.

A calculator is one module (or a package, when it has more than one job) of this package
that defines ``CALCULATOR``, a :class:`Calculator`. It is declared once: its name, title,
input declarations, the rules it cites, a sample input, and four pure functions, one per
job:

* ``resolve(checked) -> M``: what the checked inputs mean (the building's material and
  armour value, what a move rolls, …), as a frozen value of the calculator's own type;
  it refuses combinations the declarations cannot (``InputError``). Every later step
  reads this value, so nothing is worked out twice.
* ``compute(meaning) -> C``: the exact answer, a TypedDict of the calculator's own keys
  (``Fraction`` s) and its ``working``; :class:`Calculator` puts ``calculator``, ``inputs``
  and ``readings`` before them. This is the command line's ``--json``.
* ``present(meaning, result) -> View``: what the page shows.
* ``play(meaning, d6) -> list[str] | Played`` (optional): Roll it, with faces from
  ``d6()``: its lines, or its lines and what the page may apply (:mod:`calculators.played`).

Where the rules are silent, its ``readings`` (:mod:`calculators.readings`) are checked
like inputs, and the answer under their other options is shown beside the answer
(:mod:`calculators.side_by_side`). :mod:`calculators.registry` finds every calculator.
What crosses to the browser is JSON: the **result** (:class:`Result` and the calculator's
keys, fractions as ``"p/q"``: the CLI's output, Copy as JSON) and the **view**
(:class:`View`, :mod:`calculators.view_types`), inside the worker's messages
(:mod:`calculators.protocol`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Generic, NotRequired, TypedDict, TypeVar, cast

from calculators.played import Played
from calculators.readings import Reading, check_options, split_given
from calculators.side_by_side import Other, other_answers, reading_view
from calculators.spec import Input, InputError, Value, validate
from calculators.view_types import Bar, Chart, Figure, OtherReading, ReadingView, Table, View, WorkingStep

__all__ = [
    "Bar",
    "Calculator",
    "Chart",
    "Checked",
    "Computed",
    "Dice",
    "Figure",
    "OtherReading",
    "ReadingView",
    "Result",
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
    #: The reading the line tells of, where it takes one reading of rules that are silent.
    reading: NotRequired[str]


class Computed(TypedDict):
    """What every ``compute`` returns besides its own keys: the working, one step per line."""

    working: list[Step]


class Result(TypedDict):
    """What every result holds: the calculator, the checked inputs, the readings, then the calculator's keys."""

    calculator: str
    inputs: dict[str, Value]
    #: Every reading the answer depends on for these inputs (another option answers
    #: otherwise) → the option used.
    readings: dict[str, str]
    working: list[Step]


# ----------------------------------------------------------------------------- the contract


@dataclass(frozen=True)
class Rules:
    """The rules a calculator cites: its own short keys → rule ids on the site (``page#id``).

    A test checks every id against ``anchors.lock.json``.
    """

    ids: Mapping[str, str]

    def step(self, text: str, key: str, reading: Reading | None = None) -> Step:
        """A line of working citing the rule ``key`` (and the reading it takes); an unknown key fails at once."""
        step: Step = {"text": text, "rule": key, "rule_id": self.link(key)}
        if reading is not None:
            step["reading"] = reading.id
        return step

    def link(self, key: str) -> str:
        """The ``page#id`` of the rule ``key``."""
        try:
            return self.ids[key]
        except KeyError:
            raise KeyError(f"no rule is mapped to the key {key!r}") from None


M = TypeVar("M")
C = TypeVar("C", bound=Computed)
#: How many input sets' meanings a calculator keeps (one page asks about a few at a time).
_MEANINGS_KEPT = 64
#: How many answers a calculator keeps: one request computes every option of its readings,
#: and presenting the result reads them again.
_ANSWERS_KEPT = 16


class Calculator(Generic[M, C]):
    """One calculator: declared once, used by the CLI, the tests and the page alike.

    Its three public jobs, each under the one name it has everywhere:

    * :meth:`compute` validates the inputs and returns the exact :class:`Result`;
    * :meth:`present` turns a result into the :class:`View` the page shows;
    * :meth:`play` plays the calculation out with real dice (Roll it).

    The meaning of a set of checked inputs (``resolve``) is worked out once and shared
    by all three. Checked values hold the inputs by name and the readings' options by
    ``reading.ID`` (:mod:`calculators.readings`).

    Attributes:
        name: The calculator's name in URLs and on the command line (``building-damage``).
        title: Its title in the page and in ``--list``.
        inputs: Its input declarations, in the order the form shows them.
        readings: Where the rules are silent: the questions its answer may depend on.
        rules: The rules it cites.
        sample: Inputs it answers quickly, for checking that a restored interpreter
            answers (the snapshot's canary); its defaults when not given.
    """

    __slots__ = ("_answer", "_meaning", "_play", "_present", "inputs", "name", "readings", "rules", "sample", "title")

    def __init__(
        self,
        *,
        name: str,
        title: str,
        inputs: tuple[Input, ...],
        rules: Rules,
        resolve: Callable[[Checked], M],
        compute: Callable[[M], C],
        present: Callable[[M, C], View],
        play: Callable[[M, Dice], list[str] | Played] | None = None,
        sample: Mapping[str, str] | None = None,
        readings: tuple[Reading, ...] = (),
    ) -> None:
        self.name = name
        self.title = title
        self.inputs = inputs
        self.readings = readings
        self.rules = rules
        self.sample: Mapping[str, str] = MappingProxyType(dict(sample or {}))
        self._present = present
        self._play = play
        names = tuple(i.name for i in inputs) + tuple(r.param for r in readings)

        @lru_cache(maxsize=_MEANINGS_KEPT)
        def meaning(values: tuple[Value, ...]) -> M:
            return resolve(dict(zip(names, values, strict=True)))

        @lru_cache(maxsize=_ANSWERS_KEPT)
        def answer(values: tuple[Value, ...]) -> C:
            return compute(meaning(values))

        self._meaning = meaning
        self._answer = answer

    def __repr__(self) -> str:
        return f"<Calculator {self.name}>"

    def forget_meanings(self) -> None:
        """Drop the meanings and answers kept for recent inputs (each is worked out again when next asked).

        A test calls this so that what it checks is worked out in it, not kept from another
        test that ran before it in the same process (a mutation tester forks such processes).
        """
        self._meaning.cache_clear()
        self._answer.cache_clear()

    @property
    def can_play(self) -> bool:
        """Whether the calculator has anything to roll at all."""
        return self._play is not None

    def check(self, given: Mapping[str, object]) -> dict[str, Value]:
        """Every input checked against its declaration (see :func:`calculators.spec.validate`), and every reading.

        Raises:
            InputError: naming each bad input, each unknown reading and each unknown option.
        """
        inputs, readings = split_given(given)
        checked: dict[str, Value] = {}
        errors: dict[str, str] = {}
        try:
            checked = validate(self.inputs, inputs, calculator=self.name)
        except InputError as exc:
            errors = exc.errors
        options, wrong = check_options(self.readings, readings, calculator=self.name)
        if errors or wrong:
            raise InputError({**errors, **wrong})
        return {**checked, **options}

    def _values(self, checked: Checked) -> tuple[Value, ...]:
        return tuple(checked[i.name] for i in self.inputs) + tuple(checked[r.param] for r in self.readings)

    def meaning(self, checked: Checked) -> M:
        """What checked inputs mean (``resolve``), worked out once per set of values.

        Raises:
            InputError: for a combination of inputs the calculator refuses.
        """
        return self._meaning(self._values(checked))

    def _others(self, checked: Checked, reading: Reading) -> list[Other[C]]:
        """The other options of ``reading`` whose answer differs for these inputs."""
        return other_answers(lambda values: self._answer(self._values(values)), checked, reading)

    def compute(self, given: Mapping[str, object] | None = None, /, **named: object) -> Result:
        """Validate the inputs (a mapping, keywords or both), then compute the exact result.

        Returns:
            ``calculator``, ``inputs`` (every input's checked value), ``readings`` (every
            reading whose other options answer otherwise → the option used), then the
            calculator's own keys and its ``working``.

        Raises:
            InputError: (a ValueError) naming each bad input and what it allows.
        """
        checked = self.check({**(given or {}), **named})
        own: Mapping[str, Any] = self._answer(self._values(checked))
        depends = {r.id: str(checked[r.param]) for r in self.readings if self._others(checked, r)}
        inputs = {i.name: checked[i.name] for i in self.inputs}
        return cast("Result", {"calculator": self.name, "inputs": inputs, "readings": depends, **own})

    def _checked(self, result: Result) -> dict[str, Value]:
        """The checked values a result was computed from (a reading it does not name: the default)."""
        chosen = result["readings"]
        return {**result["inputs"], **{r.param: chosen.get(r.id, r.default) for r in self.readings}}

    def present(self, result: Result) -> View:
        """What the page shows for ``result`` (one that :meth:`compute` returned), with the other readings' answers."""
        checked = self._checked(result)
        view = self._present(self.meaning(checked), cast("C", result))
        view["readings"] = [
            reading_view(
                reading,
                str(checked[reading.param]),
                view,
                [(o.option, self._present(self.meaning(o.checked), o.answer)) for o in self._others(checked, reading)],
            )
            for reading in self.readings
            if reading.id in result["readings"]
        ]
        return view

    def play(self, given: Mapping[str, object], dice: Dice) -> list[str]:
        """Play the calculation out with the faces ``dice`` gives, after validating the inputs: its lines.

        Raises:
            InputError: for bad inputs.
            ValueError: when the calculator has nothing to roll.
        """
        return self.play_out(given, dice)["lines"]

    def play_out(self, given: Mapping[str, object], dice: Dice) -> Played:
        """Like :meth:`play`, with the effects the page may apply (none for most calculators)."""
        if self._play is None:
            raise ValueError(f"{self.name} has nothing to roll.")
        played = self._play(self.meaning(self.check(given)), dice)
        return {"lines": played, "effects": []} if isinstance(played, list) else played
