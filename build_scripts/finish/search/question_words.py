"""Questions in a player's words: the map of a question's stop words and the book's words for the game's.

The map names what a question's search leaves out (its stop words) and the book's words for
the game's words the book does not use.

``build_scripts/maps/search_words.toml`` is read here and checked against the rules: a book
word no rule uses (not even as the start of a longer word, as Pagefind finds "clambering" for
"clamber"), a word given twice, or a word that is also a stop word fails the build, naming the
file and the entry's line. The search's worker reads the map from the site
(``search/words.json``, written by the finish stage); ``build/reports/search-words.md`` lists
every entry and how many rules each book word is in, for review.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from build_scripts.core.data_file import Entry, load_entries
from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock

__all__ = ["QuestionWords", "check_question_words", "load_question_words", "question_words_report"]

#: A word as the search reads one: lower-case letters (an apostrophe inside).
_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)?$")


@dataclass(frozen=True)
class Same:
    """A game's word, the book's words for it, and why (for the review)."""

    word: str
    book: tuple[str, ...]
    why: str
    source: Source


@dataclass(frozen=True)
class QuestionWords:
    """The checked map: the stop words, and each game word's book words."""

    stop: tuple[str, ...] = ()
    same: tuple[Same, ...] = ()

    def as_data(self) -> dict[str, Any]:
        """What the search's worker reads (``search/words.json``): ``{"stop": [...], "same": {word: [...]}}``."""
        return {"stop": sorted(self.stop), "same": {s.word: list(s.book) for s in self.same}}


def _words(entry: Entry, key: str) -> tuple[str, ...]:
    value = entry.data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(w, str) and _WORD.match(w) for w in value):
        raise entry.error(f"{key} = a list of lower-case words")
    return tuple(value)


def load_question_words(text: str, name: str) -> QuestionWords:
    """Read the map.

    Raises:
        RulebookError: for bad TOML, a malformed entry, more than one ``[[stop]]``, a word
            given twice, or a game word that is also a stop word (each at its line).
    """
    entries = load_entries(text, name, ("stop", "same"))
    if len(entries["stop"]) > 1:
        raise entries["stop"][1].error("the stop words are one [[stop]] entry")
    stop = _words(entries["stop"][0], "words") if entries["stop"] else ()
    same: list[Same] = []
    for entry in entries["same"]:
        word = entry.data.get("word")
        if not isinstance(word, str) or not _WORD.match(word):
            raise entry.error("word = the game's word, in lower case")
        if word in stop:
            raise entry.error(f"{word!r} is a stop word: a question's search leaves it out")
        if any(s.word == word for s in same):
            raise entry.error(f"{word!r} is given twice")
        why = entry.data.get("why")
        if not isinstance(why, str) or not why.strip():
            raise entry.error(f"{word!r} needs why = where the book says it so")
        same.append(Same(word, _words(entry, "book"), why, entry.source))
    return QuestionWords(stop, tuple(same))


def check_question_words(words: QuestionWords, pages: Mapping[str, list[AnchoredBlock]]) -> dict[str, int]:
    """How many rules each book word is in (as a word, or the start of one).

    Raises:
        RulebookError: for a book word no rule uses, naming the map's file and the entry's line.
    """
    rules = [set(re.findall(r"[a-z]+", a.block.full_text.lower())) for items in pages.values() for a in items]
    counts: dict[str, int] = {}
    for same in words.same:
        for book in same.book:
            counts[book] = sum(any(w.startswith(book) for w in rule) for rule in rules)
            if not counts[book]:
                raise RulebookError(
                    f"{same.word!r} stands for {book!r}, which no rule uses (not even as the start of a word)",
                    source=same.source,
                )
    return counts


def question_words_report(words: QuestionWords, counts: Mapping[str, int]) -> str:
    """A Markdown report of the map: each game word, its book words (with how many rules use each) and why."""
    lines = [
        "# Questions in a player's words",
        "",
        f"{len(words.stop)} stop words, left out of a question: {', '.join(sorted(words.stop))}.",
        "",
        "| a player's word | the book's words (rules using each) | why |",
        "| --- | --- | --- |",
    ]
    for same in words.same:
        book = ", ".join(f"{b} ({counts.get(b, 0)})" for b in same.book)
        lines.append(f"| {same.word} | {book} | {same.why} |")
    return "\n".join(lines) + "\n"
