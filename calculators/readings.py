"""Readings: where the rules are silent, the ways a table may read them, declared once.

A reading is a question the rules leave open that changes a calculation's answer: what a
chart result modified off the chart means, whether a re-rolled charge keeps the better
roll. A calculator declares its readings beside its inputs (``Calculator(readings=…)``);
each has a question, the rules it concerns, its options with their words, the site's
default and why it is a reading at all (the rules are silent, two rules collide, a word
reads two ways). An option is given like an input, as ``reading.ID=OPTION`` (the command
line, a link, the worker's request), and checked here; a calculator reads the option in
effect with :func:`option_of`.

The answer names every reading it depends on (the options whose answer differs for
these inputs) and the page shows the other options' answers beside the site's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypedDict

from calculators.spec import Value, echo

__all__ = ["PREFIX", "Reading", "ReadingEntry", "check_options", "option_of", "split_given"]

#: What a reading's option is given as, before its id: ``reading.chart-beyond=nothing``.
PREFIX = "reading."
_ID = re.compile(r"[a-z][a-z0-9-]{1,39}")
_RULE = re.compile(r"[a-z0-9-]+#[a-z0-9-]+")
#: What makes a question a reading, in the words ``why`` starts with.
WHY_STARTS = ("The rules are silent", "Two rules collide", "A word reads two ways")


class ReadingEntry(TypedDict):
    """One reading as ``python -m calculators --readings --json`` lists it."""

    id: str
    calculators: list[str]
    question: str
    rules: list[str]
    options: dict[str, str]
    default: str
    why: str


@dataclass(frozen=True, kw_only=True)
class Reading:
    """One question the rules leave open, and the options a table may read it by.

    Attributes:
        id: Its id in links, tables and the readings page (``chart-beyond``).
        question: The question, as a player would ask it.
        rules: The rules it concerns (``page#rule-id``), whose words the page quotes.
        options: Option → its words, the site's reading first is not required: ``default`` says which.
        default: The option the site reads when none is given.
        why: What makes it a reading, starting with one of :data:`WHY_STARTS`.
        short: Option → a few words for the answer's note (``counted as 1 or 6``);
            the options' words when not given.
    """

    id: str
    question: str
    rules: tuple[str, ...]
    options: Mapping[str, str]
    default: str
    why: str
    short: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        problems = []
        if not _ID.fullmatch(self.id):
            problems.append("its id must be lowercase letters, digits and hyphens")
        if len(self.options) < 2:
            problems.append("it needs at least two options")
        if any(not _ID.fullmatch(option) for option in self.options):
            problems.append("each option must be lowercase letters, digits and hyphens")
        if self.default not in self.options:
            problems.append(f"its default {self.default!r} is not one of its options")
        if not self.rules or any(not _RULE.fullmatch(rule) for rule in self.rules):
            problems.append('it needs its rules as "page#rule-id"')
        if not self.why.startswith(WHY_STARTS):
            problems.append("its why must start with one of: " + "; ".join(WHY_STARTS))
        if set(self.short) - set(self.options):
            problems.append("its short words name options it does not have")
        if problems:
            raise ValueError(f"reading {self.id!r}: " + "; ".join(problems) + ".")
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "short", MappingProxyType(dict(self.short)))

    @property
    def param(self) -> str:
        """How its option is given: ``reading.chart-beyond``."""
        return PREFIX + self.id

    def words(self, option: str) -> str:
        """A few words for ``option`` (its short words, else its words)."""
        return self.short.get(option, self.options[option])

    def check(self, raw: object) -> str:
        """The option ``raw`` names (empty or ``None``: the default), or :class:`ValueError` naming both."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return self.default
        if isinstance(raw, str) and raw.strip() in self.options:
            return raw.strip()
        raise ValueError(f"The reading {self.id} has no option {echo(raw)}; its options are {', '.join(self.options)}.")

    def entry(self, calculators: list[str]) -> ReadingEntry:
        """What ``--readings --json`` lists for it."""
        return {
            "id": self.id,
            "calculators": calculators,
            "question": self.question,
            "rules": list(self.rules),
            "options": dict(self.options),
            "default": self.default,
            "why": self.why,
        }


def option_of(checked: Mapping[str, Value], reading: Reading) -> str:
    """The option of ``reading`` in effect for these checked values."""
    value = checked[reading.param]
    if not isinstance(value, str) or value not in reading.options:
        raise TypeError(f"reading {reading.id!r} was not checked with the inputs")
    return value


def split_given(given: Mapping[str, object]) -> tuple[dict[str, object], dict[str, object]]:
    """Given values apart: the inputs, and the readings' options (``reading.ID`` keys)."""
    inputs = {k: v for k, v in given.items() if not k.startswith(PREFIX)}
    return inputs, {k: v for k, v in given.items() if k.startswith(PREFIX)}


def check_options(
    readings: tuple[Reading, ...], given: Mapping[str, object], *, calculator: str
) -> tuple[dict[str, Value], dict[str, str]]:
    """Every reading's option (one not given: the site's default), and a message per bad one.

    Returns:
        ``reading.ID`` → option for every reading of the calculator, and ``reading.ID`` →
        a sentence for each unknown reading or option given.
    """
    declared = {r.param: r for r in readings}
    errors: dict[str, str] = {}
    for key in sorted(k for k in given if k not in declared):
        its = f"its readings are {', '.join(r.id for r in readings)}" if readings else "it has none"
        errors[key] = f"{calculator} has no reading {key[len(PREFIX) :]!r}; {its}."
    options: dict[str, Value] = {}
    for param, reading in declared.items():
        try:
            options[param] = reading.check(given.get(param))
        except ValueError as exc:
            errors[param] = str(exc)
    return options, errors
