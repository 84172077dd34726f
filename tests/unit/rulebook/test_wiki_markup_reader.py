"""The wiki's everyday markup read as the wiki shows it: inline runs, lists, links, and what is not shown."""

from __future__ import annotations

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import Block, Inline
from build_scripts.rulebook.wiki_inline import Unshown
from build_scripts.rulebook.wikitext import parse_blocks

HEAD = "==Section==\n"


def synced(text: str, unshown: list[Unshown] | None = None) -> list[Block]:
    """A synced wiki page's blocks after its heading (markup the site cannot show kept as written)."""
    return parse_blocks(HEAD + text, "Rulebook.wiki", banner=False, strict=False, unshown=unshown)[1:]


def runs(text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    [block] = synced(text)
    return [(i.kind, i.text, i.tags) for i in block.inlines]


def test_italics_and_bold_in_every_mix() -> None:
    assert runs("''a '''b''' c'' '''''d''''' '''e ''f'''''") == [
        ("italic", "a ", ()),
        ("bold", "b", ("em",)),
        ("italic", " c", ()),
        ("text", " ", ()),
        ("bold", "d", ("em",)),
        ("text", " ", ()),
        ("bold", "e ", ()),
        ("italic", "f", ("strong",)),
    ]


def test_text_level_tags_nest_and_keep_their_words() -> None:
    assert runs("2<sup>nd</sup> H<sub>2</sub>O <small>x <s>y</s></small> <code>z</code> <span style='c'>w</span>") == [
        ("text", "2", ()),
        ("text", "nd", ("sup",)),
        ("text", " H", ()),
        ("text", "2", ("sub",)),
        ("text", "O ", ()),
        ("text", "x ", ("small",)),
        ("text", "y", ("small", "s")),
        ("text", " ", ()),
        ("text", "z", ("code",)),
        ("text", " ", ()),
        ("text", "w", ()),
    ]


def test_a_line_break_entities_and_nowiki() -> None:
    assert runs("a<br />b &amp; &mdash; <nowiki>[[x]] ''y''</nowiki>") == [
        ("text", "a", ()),
        ("break", "\n", ()),
        ("text", "b ", ()),
        ("text", "&", ()),
        ("text", " ", ()),
        ("text", "—", ()),
        ("text", " ", ()),
        ("text", "[[x]] ''y''", ()),
    ]


def test_links_keep_their_target_as_written_and_their_words() -> None:
    [block] = synced(
        "[[Rulebook#Ruins|the ruins]], [[Other page]]s, [[#Buildings]], [https://e.org/a site], [https://e.org/b]"
    )
    links = [(i.text, i.label, i.url) for i in block.inlines if i.kind == "link"]
    assert links == [
        ("the ruins", "Rulebook#Ruins", None),
        ("Other pages", "Other page", None),  # the link trail joins the link's words
        ("#Buildings", "#Buildings", None),
        ("site", "https://e.org/a", "https://e.org/a"),
        ("[1]", "https://e.org/b", "https://e.org/b"),  # numbered, as the wiki numbers it
    ]


def test_a_link_out_is_only_to_a_safe_address() -> None:
    [block] = synced("[ftp://e.org/f file] https://e.org/bare [news:x n] [javascript:alert(1) j]")
    assert [(i.kind, i.text, i.url) for i in block.inlines if i.kind == "link"] == [
        ("link", "file", "ftp://e.org/f"),
        ("link", "https://e.org/bare", "https://e.org/bare"),
        ("link", "n", "news:x"),
    ]
    assert "[javascript:alert(1) j]" in block.text, "an address of no scheme the wiki links is words"


def test_what_the_wiki_does_not_show_is_not_shown() -> None:
    blocks = synced("__NOTOC__\nWords.<!-- a note --> More.\n[[Category:Rules]]\n")
    assert [b.text for b in blocks] == ["Words. More."]


def test_a_category_link_takes_the_space_before_it_as_the_wiki_does() -> None:
    """MediaWiki drops the whitespace before a category link (T2087): the words around it join."""
    assert [b.text for b in synced("Before.\n\n[[Category:Rules]] After.")] == ["Before. After."]


def test_lists_of_every_kind_keep_their_markers() -> None:
    blocks = synced("# one\n## one.one\n#* note\n* bullet\n; term\n: definition\n; other : inline\n:indent\n")
    assert [(b.kind, b.markers, b.text) for b in blocks] == [
        ("bullet", "#", "one"),
        ("bullet", "##", "one.one"),
        ("bullet", "#*", "note"),
        ("bullet", "*", "bullet"),
        ("bullet", ";", "term"),
        ("bullet", ":", "definition"),
        ("bullet", ";", "other"),
        ("bullet", ":", "inline"),
        ("bullet", ":", "indent"),
    ]


def test_headings_of_every_level_show_their_words() -> None:
    blocks = synced("=== Three ===\n==== ''Four'' ====\n===== Five =====\n")
    assert [(b.level, b.text) for b in blocks] == [(3, "Three"), (4, "Four"), (5, "Five")]


def test_markup_the_site_cannot_show_is_kept_as_written_and_named() -> None:
    found: list[Unshown] = []
    blocks = synced(
        "A {{template}} and a sum.<math>r</math>\n<poem>\na.png\n</poem>\nAfter.\n<script>alert(1)</script>",
        found,
    )
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "A {{template}} and a sum.<math>r</math>"),
        ("paragraph", "<poem>\na.png\n</poem>"),
        ("paragraph", "After. <script>alert(1)</script>"),
    ]
    assert [str(u) for u in found] == [
        "Rulebook.wiki:2: a template the wiki did not expand '{{template}}'",
        "Rulebook.wiki:2: the tag <math> '<math>r</math>'",
        "Rulebook.wiki:3: the tag <poem> '<poem>'",
        "Rulebook.wiki:7: the tag <script> '<script>alert(1)</script>'",
    ]
    assert {i.kind for b in blocks for i in b.inlines if "{" in i.text or "<" in i.text} == {"unshown"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "x {{t}}\n",
            "f.wiki:2: unsupported wiki markup (Template) '{{t}}'; the site cannot show a template the wiki did not expand yet",
        ),
        (
            "x\n\n[[Media:a.ogg]]\n",
            "f.wiki:4: unsupported wiki markup (Wikilink) '[[Media:a.ogg]]'; the site cannot show a link to a file yet",
        ),
        (
            "x <math>1</math>\n",
            "f.wiki:2: unsupported wiki markup (Tag) '<math>1</math>'; the site cannot show the tag <math> yet",
        ),
    ],
)
def test_an_export_stops_at_markup_the_site_cannot_show_naming_file_and_line(text: str, says: str) -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks(HEAD + text, "f.wiki", banner=False)
    assert str(info.value) == says


def test_the_seeds_markup_reads_as_before() -> None:
    [block] = synced("A '''bold''' and ''plain italic'' word.")
    assert block.inlines == (
        Inline("text", "A "),
        Inline("bold", "bold"),
        Inline("text", " and "),
        Inline("italic", "plain italic"),
        Inline("text", " word."),
    )


def test_an_italic_or_bold_left_open_ends_with_its_line_as_on_the_wiki() -> None:
    assert runs("A ''tall [[Ruins|ruin]] stands") == [
        ("text", "A ", ()),
        ("italic", "tall ", ()),
        ("link", "ruin", ("em",)),
        ("italic", " stands", ()),
    ]
    assert runs("<nowiki>''as written</nowiki> words") == [("text", "''as written", ()), ("text", " words", ())]


def test_a_line_holding_a_comment_alone_is_gone_and_joins_its_paragraph() -> None:
    blocks = synced("Words.\n<!-- a note -->\nMore words.\n\n<!-- a\nlong note -->\n\nLast.")
    assert [(b.text, b.source.line) for b in blocks] == [("Words. More words.", 2), ("Last.", 9)]


TABLE = (
    "{| class=\"wikitable\"\n|+ Levels by ''roll''\n! Roll !! Levels\n|-\n| 1-2 || none\n"
    '|-\n| rowspan="2" | 3 || one\n|-\n| colspan=2 | two\n|}'
)


def test_a_table_is_its_caption_and_rows_each_a_block_with_its_cells() -> None:
    blocks = synced("Before.\n" + TABLE + "\nAfter.")
    rows = [b for b in blocks if b.kind == "table_row"]
    assert [(b.text, b.source.line) for b in rows] == [
        ("Levels by roll", 4),
        ("Roll | Levels", 5),
        ("1-2 | none", 7),
        ("3 | one", 9),
        ("two", 11),
    ]
    assert [[(c.tag, c.rowspan, c.colspan) for c in b.cells] for b in rows] == [
        [("caption", 1, 1)],
        [("th", 1, 1), ("th", 1, 1)],
        [("td", 1, 1), ("td", 1, 1)],
        [("td", 2, 1), ("td", 1, 1)],
        [("td", 1, 2)],
    ]
    assert {b.table for b in rows} == {1}
    assert [b.kind for b in blocks] == ["paragraph", *["table_row"] * 5, "paragraph"]
    assert ("italic", "roll") in [(i.kind, i.text) for i in rows[0].inlines]


def test_two_tables_are_told_apart_and_an_export_may_hold_one() -> None:
    blocks = parse_blocks(HEAD + "{|\n| a\n|}\nText.\n{|\n| b\n|}\n", "f.wiki", banner=False)
    assert [(b.kind, b.table) for b in blocks[1:]] == [("table_row", 1), ("paragraph", 0), ("table_row", 2)]


def test_footnotes_are_numbered_and_listed_as_the_wiki_does() -> None:
    text = (
        'One.<ref name="a">First.</ref> Two<ref>Second.</ref> again<ref name="a" />.\n\n<references />\n\n'
        "Three.<ref>Third, after the list.</ref>"
    )
    blocks = synced(text)
    marks = [(i.text, i.label) for b in blocks for i in b.inlines if i.kind == "footnote"]
    assert marks == [
        ("[1]", "Rulebook.wiki#1"),
        ("[2]", "Rulebook.wiki#2"),
        ("[1]", "Rulebook.wiki#1"),
        ("[1]", "Rulebook.wiki#3"),  # numbered from 1 again after a <references />
    ]
    notes = [(b.number, b.key, b.text) for b in blocks if b.kind == "footnote"]
    assert notes == [
        (1, "Rulebook.wiki#1", "First."),
        (2, "Rulebook.wiki#2", "Second."),
        (1, "Rulebook.wiki#3", "Third, after the list."),  # listed at the page's end
    ]
    assert [b.kind for b in blocks] == ["paragraph", "footnote", "footnote", "paragraph", "footnote"]


def test_preformatted_text_keeps_its_lines_and_a_pre_tags_words_as_written() -> None:
    blocks = synced("Para.\n lead one\n lead ''two''\n\n<pre>a\n\n  b <b>x</b> &amp;</pre>\nAfter.")
    assert [(b.kind, b.source.line, b.text) for b in blocks] == [
        ("paragraph", 2, "Para."),
        ("preformatted", 3, "lead one\nlead two"),
        ("preformatted", 6, "a\n\n  b <b>x</b> &"),
        ("paragraph", 9, "After."),
    ]
    assert ("italic", "two") in [(i.kind, i.text) for i in blocks[1].inlines]


def test_an_export_reads_a_line_that_starts_with_a_space_as_before() -> None:
    blocks = parse_blocks(HEAD + "  Walls are tall.\n", "f.wiki", banner=False)
    assert [(b.kind, b.text) for b in blocks[1:]] == [("paragraph", "Walls are tall.")]
