"""What MediaWiki's own parser tests found the reader doing otherwise than the wiki, each fixed and held here.

(The earlier ones are in ``test_wiki_urls.py``; the whole comparison is ``tests/sync/test_wiki_corpus.py``.)
"""

from __future__ import annotations

from support.rulebook_helpers import wiki_page as page
from support.rulebook_helpers import wiki_shown as shown


def test_nowiki_inside_pre_shows_its_words_alone_first_closing_tag_first() -> None:
    assert shown("<pre><nowiki>\n<b>\n</nowiki></pre>") == [("preformatted", "\n<b>\n")]
    assert shown("<pre><nowiki><nowiki></nowiki>Foo<nowiki></nowiki></nowiki></pre>") == [
        ("preformatted", "<nowiki>Foo</nowiki>")
    ]
    assert shown("<pre>\n<nowiki>\n</pre>") == [("preformatted", "\n<nowiki>\n")]


def test_a_closing_pre_no_pre_opened_is_not_shown() -> None:
    assert shown("Words.</pre> More.") == [("paragraph", "Words. More.")]


def test_a_link_before_a_cells_first_bar_ends_its_attributes_and_no_word_is_lost() -> None:
    [row] = page('{|\n|see [[Ruins|the ruins]] |then||more\n|colspan="2" |both\n|}')
    assert row.text == "see the ruins |then | more | both"
    assert [(c.tag, c.colspan) for c in row.cells] == [("td", 1), ("td", 1), ("td", 2)]


def test_a_captions_attributes_may_follow_its_plus_without_a_space() -> None:
    assert shown('{|\n|+style="color: red;"|Levels\n|-\n|a\n|}') == [("table_row", "Levels"), ("table_row", "a")]
    assert page('{|\n|+style="color: red;"|Levels\n|}')[0].cells[0].tag == "caption"


def test_after_a_term_a_deeper_list_under_a_colon_is_read_with_its_markers() -> None:
    assert [(b.kind, b.markers, b.text) for b in page(";Term\n:*Point")] == [
        ("bullet", ";", "Term"),
        ("bullet", ":*", "Point"),
    ]


def test_a_comment_left_open_runs_out_to_the_end_of_the_page() -> None:
    assert shown("Words.\n<!-- an editor's note, never closed\nMore.") == [("paragraph", "Words.")]


def test_two_horizontal_rules_in_a_row_are_two_lines() -> None:
    [below] = page("Above.\n----\n----\nBelow.")[1:]
    assert (below.text, below.rule_above) == ("Below.", 2)
    assert page("Last.\n----\n----")[0].rule_below == 2


def test_a_cell_of_a_plus_sign_is_no_caption_and_a_comment_before_a_cell_is_nothing() -> None:
    [row] = page("{|\n|a\n||+1\n<!--c-->|b\n|}")
    assert [c.tag for c in row.cells] == ["td", "td", "td"]
    assert row.text == "a | +1 | b"


def test_transclusion_marks_are_not_shown() -> None:
    assert shown("a<noinclude>b</noinclude></noinclude> c</onlyinclude>") == [("paragraph", "ab c")]


def test_a_links_words_keep_a_bracket_and_an_address_as_written() -> None:
    assert [(r.kind, r.text) for r in page("[[Ruins|[bar]]] and [[Ruins|[http://example.com/]]]")[0].inlines] == [
        ("link", "[bar]"),
        ("text", " and "),
        ("link", "[http://example.com/]"),
    ]


def test_a_pre_in_a_lists_item_is_its_words_in_the_item() -> None:
    [first, second] = page("*<pre>foo</pre>\n*zar")
    assert [(r.text, r.tags) for r in first.inlines] == [("foo", ("code",))]
    assert (first.markers, second.text) == ("*", "zar")


def test_the_html_tag_hr_is_a_horizontal_rule() -> None:
    [below] = page("Above.\n<hr />\nBelow.")[1:]
    assert (below.text, below.rule_above) == ("Below.", 1)


def test_a_switch_is_taken_away_first_and_toc_ends_a_paragraph() -> None:
    assert shown("Words. __TOC__ More.") == [("paragraph", "Words."), ("paragraph", "More.")]
    assert shown("http://__TOC__") == [("paragraph", "http://")]
    assert shown("__NOEDITSECTION__ Words.") == [("preformatted", "Words.")]  # a line that starts with a space
    assert shown("<nowiki>__TOC__</nowiki> <!-- __NOTOC__ -->words") == [("paragraph", "__TOC__ words")]


def cells_of(text: str) -> list[tuple[str, list[str]]]:
    return [(b.text, [c.tag for c in b.cells]) for b in page(text) if b.kind == "table_row"]


def test_a_table_of_no_row_is_one_empty_cell_and_one_left_open_is_closed_at_the_end() -> None:
    assert cells_of("{||}") == [("", ["td"])]
    assert cells_of("{|\n|+ Levels\n|}") == [("Levels", ["caption"]), ("", ["td"])]
    assert cells_of("{|\n|-\n|}") == [], "a row was opened: no cell is added"
    assert cells_of("Words.\n\n{|\n| a") == [("a", ["td"])]


def test_a_lines_cells_are_headers_or_cells_by_its_first_mark() -> None:
    assert cells_of("{|\n!foo||bar\n<!-- c -->  ||baz||quux\n|}") == [
        ("foo | bar | baz | quux", ["th", "th", "td", "td"])
    ]
    assert cells_of("{|\n|-\n! a !! b || c\n| d || e\n|}") == [("a | b | c | d | e", ["th", "th", "th", "td", "td"])]


def test_a_lists_item_in_a_row_but_in_no_cell_is_drawn_before_the_table() -> None:
    assert [(b.kind, b.markers if b.kind == "bullet" else "", b.text) for b in page("{|\n|-\n*a\n|-\n| b\n|}")] == [
        ("bullet", "*", "a"),
        ("table_row", "", "b"),
    ]


def test_a_cell_is_split_at_its_first_bar_where_an_address_seemed_to_go_on() -> None:
    assert cells_of("{|\n| http://a|\n|}") == [("", ["td"])]
    assert cells_of("{|\n| http://a|b\n|}") == [("b", ["td"])]
    assert cells_of("{|\n| <nowiki>|</nowiki> c\n|}") == [("| c", ["td"])], "a tag is read before the split"
