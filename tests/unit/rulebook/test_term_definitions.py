"""What a keyword's popover quotes of its rule when the terms map names no words: whole
sentences up to 320 characters (at least the first), a first sentence too long cut at 319
with "…" (``_shorten``, the build's only shortening of rule text, tested at its edges)."""

from __future__ import annotations

from support.rulebook_helpers import rule

from build_scripts.core.errors import Source
from build_scripts.core.model import Inline, RuleRef
from build_scripts.rulebook.term_definitions import Definition, _shorten, definitions
from build_scripts.rulebook.terms import Term, TermMap


def sentence(length: int, word: str = "word") -> str:
    """A sentence of exactly ``length`` characters, ending with a full stop."""
    body = (f"{word} " * length)[: length - 1].rstrip()
    made = body + "x" * (length - 1 - len(body)) + "."
    assert len(made) == length
    return made


def test_a_rule_of_320_characters_is_quoted_as_it_is() -> None:
    words = sentence(200) + "\n" + sentence(119)
    assert len(words) == 320
    assert _shorten(words) == words, "not split and joined again (the line break stays)"


def test_a_sentence_that_ends_at_320_characters_is_kept_and_one_beyond_is_not() -> None:
    first, second = sentence(100), sentence(219)
    rest = sentence(50, "more")
    assert _shorten(f"{first} {second} {rest}") == f"{first} {second}"  # 100 + 1 + 219 = 320
    longer = sentence(220)
    assert _shorten(f"{first} {longer} {rest}") == first  # 321


def test_a_first_sentence_up_to_640_characters_is_kept_whole_and_a_longer_one_cut() -> None:
    whole = sentence(640)
    assert _shorten(whole + " " + sentence(10)) == whole
    long = sentence(700)
    cut = _shorten(long)
    assert cut == long[:319] + "…"
    assert len(cut) == 320


def test_a_popover_quotes_the_first_place_its_words_are_said_in_the_rule() -> None:
    """The rule says "Flyers fly." twice: the popover quotes the first, "…" after it only."""
    flyers = RuleRef("p", "flyers")
    term = Term("Flyers", ("Flyers",), flyers, Source("terms.toml", 1), "Flyers fly.")
    pages = {"p": [rule("flyers", Inline("text", "Flyers fly. Flyers fly."))]}
    said = definitions(TermMap((term,), ()), pages, lambda block: f"Place of {block.id}")
    assert said == {"Flyers": Definition("Flyers", "Flyers fly. …", "Place of flyers", flyers)}
