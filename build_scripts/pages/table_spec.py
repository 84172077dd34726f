"""What ``table.toml`` says, as typed values: the kinds of terrain piece, their facts, the questions.

:mod:`build_scripts.pages.table_file` reads the file into a :class:`TableSpec`;
:mod:`build_scripts.pages.table_coverage` checks it against the rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from build_scripts.core.errors import Source
from build_scripts.core.model import RuleRef

__all__ = ["GROUPS", "PIECE_VALUES", "TABLE_NAME", "Fact", "Feed", "Kind", "NoChoice", "Question", "TableSpec"]

TABLE_NAME = "table.toml"
#: The groups a kind belongs to: buildings have sections with an armour value.
GROUPS = ("building", "ruin", "terrain")
#: An id of a kind, a question or a choice.
ID = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
#: The types of question.
TYPES = ("choice", "number", "text")


@dataclass(frozen=True)
class Fact:
    """What the rules make of a kind, in a few words, and the rule that says it."""

    says: str
    rule: RuleRef
    #: ``(question id, value)``: shown only for that answer.
    when: tuple[str, str] | None = None


@dataclass(frozen=True)
class Kind:
    """A kind of terrain piece."""

    id: str
    name: str
    group: str
    facts: tuple[Fact, ...]
    source: Source
    pick: bool = True
    #: A building's type in the building damage calculator (``custom`` for another building).
    type: str | None = None
    #: A building's material and usual armour value (from the calculator's building types).
    material: str | None = None
    armour_value: int | None = None
    #: The rule giving a building's usual armour value.
    armour_rule: RuleRef | None = None


@dataclass(frozen=True)
class Question:
    """One thing the players agree, for some kinds of piece or for the whole game."""

    id: str
    scope: str
    kinds: tuple[str, ...]
    type: str
    text: str
    rules: tuple[RuleRef, ...]
    asks: tuple[str, ...]
    source: Source
    choices: Mapping[str, str] = field(default_factory=dict)
    default: str | int | None = None
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class NoChoice:
    """A sentence a signal marks that asks nothing of the players, and why."""

    rule: RuleRef
    asks: str
    why: str
    source: Source


@dataclass(frozen=True)
class Feed:
    """A calculator the table's pieces fill in: which pieces, and input name → what of the piece."""

    calculator: str
    group: str
    inputs: Mapping[str, str]
    source: Source


#: What a feed may read of a piece besides its answers.
PIECE_VALUES = ("type", "material", "armour_value")


@dataclass(frozen=True)
class TableSpec:
    """Everything ``table.toml`` says."""

    signals: tuple[re.Pattern[str], ...]
    kinds: tuple[Kind, ...]
    questions: tuple[Question, ...]
    no_choice: tuple[NoChoice, ...]
    feeds: tuple[Feed, ...] = ()

    def for_kind(self, kind: Kind) -> list[Question]:
        """The questions a piece of ``kind`` asks, in file order."""
        return [q for q in self.questions if q.scope == "piece" and {kind.id, kind.group, "any"} & set(q.kinds)]

    def follow(self, where: Callable[[RuleRef], RuleRef]) -> TableSpec:
        """The spec with every rule followed to where it is now (the anchors lock's aliases)."""
        kinds = tuple(
            replace(
                k,
                facts=tuple(replace(f, rule=where(f.rule)) for f in k.facts),
                armour_rule=where(k.armour_rule) if k.armour_rule else None,
            )
            for k in self.kinds
        )
        questions = tuple(replace(q, rules=tuple(where(r) for r in q.rules)) for q in self.questions)
        no_choice = tuple(replace(n, rule=where(n.rule)) for n in self.no_choice)
        return replace(self, kinds=kinds, questions=questions, no_choice=no_choice)
