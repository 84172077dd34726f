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
  (``Fraction`` s) and its ``working``; :class:`Calculator` puts ``calculator`` and
  ``inputs`` before them. This is the command line's ``--json``.
* ``present(meaning, result) -> View``: what the page shows.
* ``play(meaning, d6) -> list[str] | Played`` (optional): Roll it, with faces from
  ``d6()``: its lines, or its lines and what the page may apply (:mod:`calculators.played`).

:mod:`calculators.registry` finds every such module; no shared code names a calculator.

Two shapes of a calculation cross to the browser, both as JSON (inside the worker's
messages, :mod:`calculators.protocol`):

* the **result**: :class:`Result` and the calculator's own keys, the exact answer with
  fractions as ``"p/q"``. The command line prints the same JSON; Copy as JSON copies it.
* the **view**: :class:`View`, the text and numbers the page places, already formatted.
  ``build_scripts/type_export.py`` turns these TypedDicts and the protocol's into the
  JSON Schema and the TypeScript declarations that the page's scripts are checked against.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Generic, TypedDict, TypeVar, cast

from calculators.played import Played
from calculators.spec import Input, Value, validate
from calculators.view_types import Bar, Chart, Figure, Table, View, WorkingStep

__all__ = [
    "Bar",
    "Calculator",
    "Chart",
    "Checked",
    "Computed",
    "Dice",
    "Figure",
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


class Computed(TypedDict):
    """What every ``compute`` returns besides its own keys: the working, one step per line."""

    working: list[Step]


class Result(TypedDict):
    """What every result holds: the calculator, the checked inputs, then the calculator's keys."""

    calculator: str
    inputs: dict[str, Value]
    working: list[Step]


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


M = TypeVar("M")
C = TypeVar("C", bound=Computed)
#: How many input sets' meanings a calculator keeps (one page asks about a few at a time).
_MEANINGS_KEPT = 64


class Calculator(Generic[M, C]):
    """One calculator: declared once, used by the CLI, the tests and the page alike.

    Its three public jobs, each under the one name it has everywhere:

    * :meth:`compute` validates the inputs and returns the exact :class:`Result`;
    * :meth:`present` turns a result into the :class:`View` the page shows;
    * :meth:`play` plays the calculation out with real dice (Roll it).

    The meaning of a set of checked inputs (``resolve``) is worked out once and shared
    by all three.

    Attributes:
        name: The calculator's name in URLs and on the command line (``building-damage``).
        title: Its title in the page and in ``--list``.
        inputs: Its input declarations, in the order the form shows them.
        rules: The rules it cites.
        sample: Inputs it answers quickly, for checking that a restored interpreter
            answers (the snapshot's canary); its defaults when not given.
    """

    __slots__ = ("_compute", "_meaning", "_play", "_present", "inputs", "name", "rules", "sample", "title")

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
    ) -> None:
        self.name = name
        self.title = title
        self.inputs = inputs
        self.rules = rules
        self.sample: Mapping[str, str] = MappingProxyType(dict(sample or {}))
        self._compute = compute
        self._present = present
        self._play = play
        names = tuple(i.name for i in inputs)

        @lru_cache(maxsize=_MEANINGS_KEPT)
        def meaning(values: tuple[Value, ...]) -> M:
            return resolve(dict(zip(names, values, strict=True)))

        self._meaning = meaning

    def __repr__(self) -> str:
        return f"<Calculator {self.name}>"

    def forget_meanings(self) -> None:
        """Drop the meanings kept for recent inputs (each is worked out again when next asked).

        A test calls this so that what it checks is worked out in it, not kept from another
        test that ran before it in the same process (a mutation tester forks such processes).
        """
        self._meaning.cache_clear()

    @property
    def can_play(self) -> bool:
        """Whether the calculator has anything to roll at all."""
        return self._play is not None

    def check(self, given: Mapping[str, object]) -> dict[str, Value]:
        """Every input checked against its declaration (see :func:`calculators.spec.validate`)."""
        return validate(self.inputs, given, calculator=self.name)

    def meaning(self, checked: Checked) -> M:
        """What checked inputs mean (``resolve``), worked out once per set of values.

        Raises:
            InputError: for a combination of inputs the calculator refuses.
        """
        return self._meaning(tuple(checked[i.name] for i in self.inputs))

    def compute(self, given: Mapping[str, object] | None = None, /, **named: object) -> Result:
        """Validate the inputs (a mapping, keywords or both), then compute the exact result.

        Returns:
            ``calculator``, ``inputs`` (every input's checked value), then the
            calculator's own keys and its ``working``.

        Raises:
            InputError: (a ValueError) naming each bad input and what it allows.
        """
        checked = self.check({**(given or {}), **named})
        own: Mapping[str, Any] = self._compute(self.meaning(checked))
        return cast("Result", {"calculator": self.name, "inputs": checked, **own})

    def present(self, result: Result) -> View:
        """What the page shows for ``result`` (one that :meth:`compute` returned)."""
        return self._present(self.meaning(result["inputs"]), cast("C", result))

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
