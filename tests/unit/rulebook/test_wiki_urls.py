"""Links' addresses and titles, footnotes' groups and captions' attributes, read as MediaWiki reads them.

Each case is one of MediaWiki's own parser tests (``parserTests.txt``, ``citeParserTests.txt``)
whose reading the site shared with the wiki once these rules were in.
"""

from __future__ import annotations

import pytest
from support.rulebook_helpers import wiki_page as page

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import Block
from build_scripts.rulebook.wiki_urls import address, is_title, leaves_safely, shown_title
from build_scripts.rulebook.wikilinks import link_targets, title_key
from build_scripts.rulebook.wikitext import parse_blocks


def seen(block: Block) -> list[tuple[str, str, str | None]]:
    return [(r.kind, r.text, r.url) for r in block.inlines]


@pytest.mark.parametrize(
    ("written", "url", "rest"),
    [
        ("http://x&amp;y", "http://x&y", ""),
        ("http://example.com/?foo&#61;bar", "http://example.com/?foo=bar", ""),
        ("http://e&zwnj;xample.com/", "http://example.com/", ""),
        ("http://example.com/index.php?foozoid&#x5B;&#x5D;=bar", "http://example.com/index.php?foozoid%5B%5D=bar", ""),
        ("http://example.com/url_with_entity&nbsp;", "http://example.com/url_with_entity", "\u00a0"),
        ("http://example.com/a&lt;b", "http://example.com/a", "<b"),
        ("http://www.example.org/\u3000ideograms", "http://www.example.org/", "\u3000ideograms"),
        ("http://&#x20;www.example.org", "http://%20www.example.org", ""),  # an entity's space: escaped
        ("irc://&#x0A;a", "irc://%0Aa", ""),
        ("ftp://|x", "ftp://%7Cx", ""),
        ("http://a\x1eb", "http://a", "\x1eb"),  # a control character as written ends it
    ],
)
def test_an_address_is_read_with_its_entities_and_ends_where_no_address_goes_on(
    written: str, url: str, rest: str
) -> None:
    assert address(written) == (url, rest)


@pytest.mark.parametrize(
    ("url", "safe"),
    [
        ("https://example.org", True),
        ("HTTP://example.org", True),
        ("ftp://example.org", True),
        ("ftps://example.org", True),
        ("mailto:someone@example.org", True),
        ("//example.org/page", True),
        ("http://", False),
        ("mailto:", False),
        ("javascript:alert(1)", False),
        ("news:alt.wikipedia.rox", True),
        ("irc://example.org", True),
        ("tel:+441234", True),
        ("data:text/html,x", False),
        ("vbscript:x", False),
    ],
)
def test_only_addresses_that_leave_the_site_safely_are_links(url: str, safe: bool) -> None:
    assert leaves_safely(url) is safe


@pytest.mark.parametrize(
    ("target", "title"),
    [
        ("7%25 Solution", True),
        ("&nbsp; Main &nbsp; Page", True),
        ("#Section", True),
        ("Talk:Parser testing", True),
        ("a&amp;b", True),
        ("", False),
        ("Project:", False),
        ("project talk:", False),
        ("Help:#frag", False),
        ("./foo", False),
        ("a/../b", False),
        ("7%2525 Solution", False),
        ("%3c%23", False),
        ("a~~~b", False),
        ("x" * 256, False),
        ("a&amp;amp;b", False),
    ],
)
def test_a_link_names_a_page_only_when_the_wiki_could_have_it(target: str, title: bool) -> None:
    assert is_title(shown_title(target)) is title


def test_a_links_target_is_shown_with_its_entities_and_escapes_read() -> None:
    [block] = page("[[7%25 Solution]] and [[&nbsp;Main Page]]")
    assert [r.text for r in block.inlines if r.kind == "link"] == ["7% Solution", "\u00a0Main Page"]
    assert [r.label for r in block.inlines if r.kind == "link"] == ["7% Solution", "\u00a0Main Page"]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("[[]]", "[[]]"),
        ("[[Project:]]", "[[Project:]]"),
        ("[[./foo]]", "[[./foo]]"),
        ("[[Foo|]]", "[[Foo|]]"),
        ("[[|bar]]", "[[|bar]]"),
        ("[[7%2525 Solution]]", "[[7%2525 Solution]]"),
    ],
)
def test_a_link_to_no_page_the_wiki_can_have_is_shown_as_written(text: str, shown: str) -> None:
    [block] = page(f"See {text} now.")
    assert block.text == f"See {shown} now."
    assert all(r.kind == "text" for r in block.inlines)


def test_a_free_address_ends_before_what_no_address_holds_and_a_lone_scheme_is_words() -> None:
    [block] = page("See http://example.com/a&nbsp;b and http:// here.")
    assert seen(block)[1] == ("link", "http://example.com/a", "http://example.com/a")
    assert block.text == "See http://example.com/a\u00a0b and http:// here."
    assert [r.kind for r in block.inlines].count("link") == 1


def test_a_bracketed_address_with_words_after_an_ideographic_space_takes_them_as_its_own() -> None:
    [block] = page("[http://www.example.org/\u3000ideograms]")
    assert seen(block) == [("link", "ideograms", "http://www.example.org/")]


def test_a_protocol_relative_address_is_a_link() -> None:
    [block] = page("[//example.com/ Test]")
    assert seen(block) == [("link", "Test", "//example.com/")]


def test_a_groups_notes_are_numbered_apart_and_listed_by_their_own_list() -> None:
    blocks = page(
        'A<ref group="g">one</ref> B<ref>two</ref> C<ref group="g">three</ref>\n\n'
        '<references group="g" />\n\nD<ref group="g">four</ref>\n\n<references />'
    )
    assert [r.text for r in blocks[0].inlines if r.kind == "footnote"] == ["[g 1]", "[1]", "[g 2]"]
    notes = [(b.number, b.text) for b in blocks if b.kind == "footnote"]
    assert notes == [(1, "one"), (2, "three"), (1, "two"), (1, "four")], "the group's list first, the rest at the end"
    after = next(b for b in blocks if b.text.startswith("D"))
    assert [r.text for r in after.inlines if r.kind == "footnote"] == ["[g 1]"], "numbered from 1 after its list"


def test_a_named_notes_words_may_be_given_in_its_list_and_names_are_read_with_their_entities() -> None:
    blocks = page(
        'A<ref name="foo" /> B<ref name="a &amp; b">x</ref> C<ref name="a & b" />\n\n'
        '<references>\n<ref name="foo">BAR</ref>\n</references>'
    )
    assert [r.text for r in blocks[0].inlines if r.kind == "footnote"] == ["[1]", "[2]", "[2]"]
    assert [(b.number, b.text) for b in blocks if b.kind == "footnote"] == [(1, "BAR"), (2, "x")]


def test_a_caption_with_attributes_is_the_tables_caption() -> None:
    blocks = page('{|\n|+ style="color: red;" |The caption\n|-\n|foo\n|}')
    assert [(b.cells[0].tag, b.text) for b in blocks] == [("caption", "The caption"), ("td", "foo")]


def test_the_pages_a_sync_looks_up_include_other_namespaces_not_files_or_categories() -> None:
    text = "[[Talk:Rules]] [[Help:FAQ#Top]] [[File:Map.png]] [[Category:Rules]] [[:Category:Rules]] [[7%25 Off]]"
    assert link_targets([text]) == {"Talk:Rules", "Help:FAQ", "Category:Rules", "7% Off"}


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (" a\n ''b''", [("preformatted", "a\nb")]),
        ("<!--c--> a", [("preformatted", "a")]),
        (" a\n \n b", [("preformatted", "a\n\nb")]),
        ("<pre>foo</pre>\n bar", [("preformatted", "foo"), ("preformatted", "bar")]),
        ("a.\n \nb.", [("paragraph", "a."), ("paragraph", "b.")]),
        (" a\n <!--x-->\nc.", [("preformatted", "a"), ("paragraph", "c.")]),
        (" a\n\n b", [("preformatted", "a"), ("preformatted", "b")]),
    ],
)
def test_preformatted_lines_run_as_the_wikis_do(text: str, shown: list[tuple[str, str]]) -> None:
    assert [(b.kind, b.text) for b in page(text)] == shown


def test_a_text_tag_left_open_or_closed_out_of_turn_leaves_its_words() -> None:
    assert [b.text for b in page("<s>foo")] == ["foo"]
    assert [b.text for b in page("<span><s>x</span></s>")] == ["x"]
    assert [b.text for b in page("Text&apos;s words.")] == ["Text's words."]


def test_a_heading_with_words_or_a_tag_after_it_on_its_line_is_words_as_on_the_wiki() -> None:
    assert [(b.kind, b.text) for b in page("= x = y\n=z= <s></s>\n")] == [("paragraph", "= x = y =z=")]
    with pytest.raises(RulebookError, match=r"^f\.wiki:2: a heading line with no text or unbalanced"):
        parse_blocks("==T==\n= x = y\n", "f.wiki", banner=False)


def test_a_heading_with_a_comment_after_it_is_a_heading() -> None:
    assert [(b.kind, b.text) for b in page("=== Lava === <!-- hot -->\nHot.")] == [
        ("heading", "Lava"),
        ("paragraph", "Hot."),
    ]


def test_a_line_of_equals_signs_is_what_the_wiki_makes_of_it() -> None:
    blocks = page("=\n==\n\n===\n\n=====\n<!--x-->==Lava==\n<nowiki>===</nowiki>")
    assert [(b.kind, b.text, b.level) for b in blocks] == [
        ("paragraph", "= ==", 0),
        ("heading", "=", 1),
        ("heading", "=", 2),
        ("heading", "Lava", 2),
        ("paragraph", "===", 0),
    ]


def test_titles_are_compared_in_unicodes_composed_form() -> None:
    assert title_key("\u05d0\u05b7") == title_key("\ufb2e")
    assert title_key("e\u0301t\u00e9") == "\u00c9t\u00e9"


def test_a_comment_before_a_list_marker_is_nothing_to_the_list() -> None:
    blocks = page("<!--c1-->*a\n<!--c2--><!--c3-->*b\n*<!--c-->c")
    assert [(b.kind, b.markers, b.text) for b in blocks] == [
        ("bullet", "*", "a"),
        ("bullet", "*", "b"),
        ("bullet", "*", "c"),
    ]


def test_a_list_item_after_a_blank_line_starts_a_list_of_its_own_in_a_wiki_page() -> None:
    assert [b.new_list for b in page("# a\n# b\n\n# c\n<!-- x -->\n# d")] == [False, False, True, False]
    exported = parse_blocks("Editing Scrollhammer Rulebook (section)\n==T==\n# a\n\n# b\n", "f.wiki")
    assert [b.new_list for b in exported[1:]] == [False, False], "an export's lists are drawn as they always were"


def test_a_tables_colons_set_it_in_and_its_lines_keep_their_numbers() -> None:
    text = "==T==\n:{|\n| a\n|}\n ::  {| class=x\n| b\n|}\n{|\n| c\n|}\n"
    rows = [b for b in parse_blocks(text, "f.wiki", banner=False, strict=False) if b.kind == "table_row"]
    assert [(b.text, b.indent, b.source.line, b.table) for b in rows] == [
        ("a", 1, 3, 1),
        ("b", 2, 6, 2),
        ("c", 0, 9, 3),
    ]
