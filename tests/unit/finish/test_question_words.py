"""Questions in a player's words: the committed map of stop words and the book's words for the
game's words is read and checked against the rules, each fault at the map's file and line."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build

from build_scripts.core.errors import RulebookError
from build_scripts.finish.search.question_words import (
    QuestionWords,
    check_question_words,
    load_question_words,
    question_words_report,
)
from harness.project import PROJECT

MAP = PROJECT.path(PROJECT.options.question_words).read_text("utf-8")
NAME = "search_words.toml"


def test_the_committed_map_reads_and_every_book_word_is_in_the_rules() -> None:
    words = load_question_words(MAP, NAME)
    assert {"how", "can", "the"} <= set(words.stop)
    same = {s.word: s.book for s in words.same}
    assert same["climb"] == ("clamber",)
    assert same["fire"] == ("flame",)
    counts = check_question_words(words, build().anchored)
    assert counts["clamber"] == 1  # "clambering", in Ruins' Moving within Ruins
    assert counts["flame"] >= 2
    data = words.as_data()
    assert data["same"]["climb"] == ["clamber"]
    assert data["stop"] == sorted(data["stop"])


def test_a_book_word_no_rule_uses_fails_at_its_line() -> None:
    broken = MAP.replace('book = ["clamber"]', 'book = ["shinny"]')
    words = load_question_words(broken, NAME)
    with pytest.raises(RulebookError, match=r"^search_words\.toml:(\d+): 'climb' stands for 'shinny', which no rule"):
        check_question_words(words, build().anchored)
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if text == 'word = "climb"') - 1
    with pytest.raises(RulebookError) as info:
        check_question_words(words, build().anchored)
    assert info.value.source is not None
    assert info.value.source.line == line


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ('[[same]]\nword = "how"\nbook = ["move"]\nwhy = "x"\n', "'how' is a stop word"),
        ('[[same]]\nword = "climb"\nbook = ["move"]\nwhy = "x"\n', "'climb' is given twice"),
        ('[[same]]\nword = "Climbs"\nbook = ["move"]\nwhy = "x"\n', "word = the game's word, in lower case"),
        ('[[same]]\nword = "scale"\nbook = []\nwhy = "x"\n', "book = a list of lower-case words"),
        ('[[same]]\nword = "scale"\nbook = ["Move"]\nwhy = "x"\n', "book = a list of lower-case words"),
        ('[[same]]\nword = "scale"\nbook = ["move"]\n', "'scale' needs why ="),
        ('[[stop]]\nwords = ["so"]\n', "the stop words are one \\[\\[stop\\]\\] entry"),
    ],
)
def test_a_malformed_entry_fails_at_its_line(entry: str, says: str) -> None:
    text = MAP + "\n" + entry
    line = len(MAP.splitlines()) + 2
    with pytest.raises(RulebookError, match=rf"^{NAME}:{line}: {says}"):
        load_question_words(text, NAME)


def test_no_map_is_no_words_and_the_report_lists_each_entry() -> None:
    assert load_question_words("", NAME) == QuestionWords()
    assert QuestionWords().as_data() == {"stop": [], "same": {}}
    words = load_question_words(MAP, NAME)
    report = question_words_report(words, check_question_words(words, build().anchored))
    assert "| climb | clamber (1) | Ruins › Moving within Ruins:" in report
    assert report.count("\n| ") == len(words.same) + 2  # the header, its rule, a row each


def test_the_report_counts_a_book_word_no_rule_uses_as_zero() -> None:
    words = load_question_words(MAP, NAME)
    report = question_words_report(words, {"clamber": 1})
    assert "| climb | clamber (1) |" in report
    assert "| fire | flame (0) |" in report, "a word the counts do not name: no rule uses it"
