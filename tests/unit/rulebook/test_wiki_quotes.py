"""A page's apostrophes read line by line, what the wiki keeps apart read apart (brute force against PHP: tests/sync)."""

from __future__ import annotations

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.wiki_quotes import quote_tags, read_quotes

Q2, Q3, Q5 = "''", "'" * 3, "'" * 5

READ = [
    (f"{Q2}a{Q2} and {Q3}b{Q3}", "<i>a</i> and <b>b</b>"),
    (f"{Q3}open", "<b>open</b>"),  # closed at the line's end, as the wiki closes it
    (f"{Q3}a\nb{Q3}", "<b>a</b>\nb<b></b>"),  # each line on its own
    (f"a <nowiki>{Q2}b{Q2}</nowiki> c", f"a <nowiki>{Q2}b{Q2}</nowiki> c"),
    (f"<pre>{Q3}x</pre>", f"<pre>{Q3}x</pre>"),
    (f"{Q2}a<!-- {Q2} -->b{Q2}", f"<i>a<!-- {Q2} -->b</i>"),
    (f"{Q2}a<ref>{Q2}b</ref>", "<i>a<ref><i>b</i></ref></i>"),  # a note read apart
    (f'{Q2}a<ref name="n">x\n{Q3}y</ref>', '<i>a<ref name="n">x\n<b>y</b></ref></i>'),
    (f"{Q2}[[Foo|bar{Q2}]] x", "<i>[[Foo|bar<i></i>]] x</i>"),  # a link's words read apart
    (f"[[Foo{Q2}s|x]] {Q2}y", f"[[Foo{Q2}s|x]] <i>y</i>"),  # its target never read
    (f"[[Lista d{Q2}e paise d{Q2}o]] {Q2}y", f"[[Lista d{Q2}e paise d{Q2}o]] <i>y</i>"),  # nor a title as its words
    (f"| {Q2}a || b{Q2}", "| <i>a </i>|| b<i></i>"),  # a row's cells each on its own
    (f"! {Q3}a !! b", "! <b>a </b>!! b"),
    (f"a {Q2}b || c{Q2}", "a <i>b || c</i>"),  # || in words is no cell
    (f"{Q5}", ""),
    ("no marks at all", "no marks at all"),
]


@pytest.mark.parametrize(("text", "read"), READ)
def test_a_pages_apostrophes_are_read_as_the_wiki_reads_them(text: str, read: str) -> None:
    assert read_quotes(text, "f.wiki", strict=False) == read


def test_the_apostrophes_that_are_words_stay_words() -> None:
    assert quote_tags(f"l{Q3}amour{Q2} x") == ("l'<i>amour</i> x", "")
    assert quote_tags(f"year{Q3}{Q3[0]}s") == ("year'<b>s</b>", Q3)


def test_an_export_refuses_a_mark_left_open_naming_its_line_after_a_long_comment() -> None:
    text = f"a\n<!--\n\n-->\n{Q3}b\n"
    assert read_quotes(text, "f.wiki", strict=False).count("\n") == text.count("\n")
    with pytest.raises(RulebookError) as info:
        read_quotes(text, "f.wiki", strict=True)
    assert str(info.value) == f"f.wiki:5: unclosed {Q3} on this line; close it with {Q3} before the line ends"


def test_an_export_refuses_an_italic_left_open_in_bold() -> None:
    with pytest.raises(RulebookError, match=f"f.wiki:1: unclosed {Q2} on"):
        read_quotes(f"{Q3}a {Q2}b{Q3}", "f.wiki", strict=True)
