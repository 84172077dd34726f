"""The table checked against the rules: every rule it names, and every sentence that asks the players.

:func:`check_rules`: every rule id exists and every question's quoted words are in its rules.

A signal of ``table.toml`` (``agree``, ``decide``, ``beforehand``…) marks a sentence; a
question covers it when the question cites the sentence's rule and the sentence contains
one of the question's ``asks``; a ``[[no_choice]]`` entry may say instead why it asks
nothing. :func:`check_coverage` fails the build naming each sentence left over, at its
file and line in the rulebook source.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules
from build_scripts.pages.table_spec import TableSpec

__all__ = ["Asking", "asking_sentences", "check_coverage", "check_rules", "uncovered"]

#: A sentence ends at ., ! or ? (a closing quote may follow), before white space.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"'”])\s+|\n+")


@dataclass(frozen=True)
class Asking:
    """A sentence a signal marks: its rule, its words and where the source has it."""

    rule: RuleRef
    sentence: str
    source: Source


def asking_sentences(spec: TableSpec, pages: Mapping[str, list[AnchoredBlock]]) -> list[Asking]:
    """Every sentence of the rule text that a signal marks, in page order."""
    found: list[Asking] = []
    for page, items in pages.items():
        for item in items:
            if item.block.kind == "heading":
                continue
            found.extend(
                Asking(RuleRef(page, item.id), sentence.strip(), item.block.source)
                for sentence in _SENTENCE_END.split(item.block.full_text)
                if any(signal.search(sentence) for signal in spec.signals)
            )
    return found


def uncovered(spec: TableSpec, pages: Mapping[str, list[AnchoredBlock]]) -> list[Asking]:
    """The marked sentences that no question covers and no ``[[no_choice]]`` entry explains."""
    answers: dict[RuleRef, list[str]] = {}
    for question in spec.questions:
        for rule in question.rules:
            answers.setdefault(rule, []).extend(question.asks)
    for entry in spec.no_choice:
        answers.setdefault(entry.rule, []).append(entry.asks)
    return [a for a in asking_sentences(spec, pages) if not any(w in a.sentence for w in answers.get(a.rule, []))]


def check_coverage(spec: TableSpec, pages: Mapping[str, list[AnchoredBlock]], *, table_name: str) -> None:
    """Fail when a sentence asks the players to agree or decide and nothing in the table covers it.

    Raises:
        RulebookError: naming every such sentence at its file and line, and what to do.
    """
    left = uncovered(spec, pages)
    if not left:
        return
    lines = [f"  {a.source}: {a.rule}: {a.sentence!r}" for a in left]
    raise RulebookError(
        f"{len(left)} sentence(s) of the rules ask the players to agree or decide, and no question of "
        f"{table_name} covers them; add a [[question]] whose asks quotes the sentence, or a [[no_choice]] "
        "saying why it is no choice:\n" + "\n".join(lines),
        source=left[0].source,
    )


def check_rules(spec: TableSpec, pages: Mapping[str, list[AnchoredBlock]]) -> None:
    """Every rule the file names exists, and every question's ``asks`` is in one of its rules' words.

    Raises:
        RulebookError: naming the file and the entry's line.
    """
    rules = index_rules(pages)

    def need(rule: RuleRef, source: Source) -> AnchoredBlock:
        if rule not in rules:
            raise RulebookError(f"{str(rule)!r} is no rule (see anchors.lock.json)", source=source)
        return rules[rule]

    for kind in spec.kinds:
        for rule in [f.rule for f in kind.facts] + ([kind.armour_rule] if kind.armour_rule else []):
            need(rule, kind.source)
    for question in spec.questions:
        words = [need(rule, question.source).block.full_text for rule in question.rules]
        missing = next((asked for asked in question.asks if not any(asked in text for text in words)), None)
        if missing is not None:
            message = f"the question {question.id!r} answers {missing!r}, which none of its rules says"
            raise RulebookError(message, source=question.source)
    for entry in spec.no_choice:
        if entry.asks not in need(entry.rule, entry.source).block.full_text:
            raise RulebookError(f"{entry.rule} does not say {entry.asks!r}", source=entry.source)
