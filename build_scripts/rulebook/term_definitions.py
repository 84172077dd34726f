"""What a keyword's popover says: the words of the rule that defines the term, and where they are.

The popover quotes the defining rule's first whole sentences, up to a popover's length; or,
where those do not say what the term is (Infantry's rule starts "In rare cases, an Infantry
unit may comprise only a single model"), the words the term map names (``says``), with "…"
where the rule goes on around them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules
from build_scripts.rulebook.terms import Term, TermMap, words_of

__all__ = ["Definition", "definitions"]

_DEFINITION_CHARS = 320


@dataclass(frozen=True)
class Definition:
    """What a term's popover shows: the defining words, where they are, and the rule's reference."""

    term: str
    text: str
    place: str
    rule: RuleRef


def definitions(
    terms: TermMap, pages: Mapping[str, list[AnchoredBlock]], place: Callable[[AnchoredBlock], str]
) -> dict[str, Definition]:
    """Each defined term's popover, by the term's name (``place`` says where a block is, in words)."""
    rules = index_rules(pages)
    out = {}
    for term in terms.terms:
        block = rules[term.rule]
        out[term.name] = Definition(term.name, _said(term, words_of(block)), place(block), term.rule)
    return out


def _said(term: Term, words: str) -> str:
    """What the popover quotes: the words the map names ("…" where the rule goes on), or the rule's first words."""
    if not term.says:
        return _shorten(words)
    at = words.index(term.says)
    before = "… " if at else ""
    after = " …" if at + len(term.says) < len(words) else ""
    return f"{before}{term.says}{after}"


def _shorten(words: str) -> str:
    """Whole sentences up to a popover's length (at least the first)."""
    if len(words) <= _DEFINITION_CHARS:
        return words
    sentences = re.split(r"(?<=[.!?])\s+", words)
    kept = sentences[0]
    for sentence in sentences[1:]:
        if len(kept) + 1 + len(sentence) > _DEFINITION_CHARS:
            break
        kept += " " + sentence
    return kept if len(kept) <= _DEFINITION_CHARS * 2 else kept[: _DEFINITION_CHARS - 1] + "…"
