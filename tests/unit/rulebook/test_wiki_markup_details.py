"""The reader's tables of the wiki's markup, each entry at work: every tag, switch, scheme and span."""

from __future__ import annotations

import mwparserfromhell
import pytest
from mwparserfromhell.nodes import Tag

from build_scripts.core.errors import Source
from build_scripts.core.model import AnchoredBlock, Block, Inline, RuleRef
from build_scripts.rulebook.wiki_inline import InlineReader, Unshown, is_block, is_category
from build_scripts.rulebook.wiki_tables import table_rows
from build_scripts.rulebook.wiki_tags import TEXT_TAGS
from build_scripts.rulebook.wikilinks import WikiLinks, resolve_links
from build_scripts.rulebook.wikitext import parse_blocks


def runs(text: str) -> list[Inline]:
    return InlineReader("f.wiki", strict=False).runs(mwparserfromhell.parse(text).nodes, 1)


@pytest.mark.parametrize(("tag", "shown"), sorted(TEXT_TAGS.items()))
def test_every_text_level_tag_is_the_tag_the_site_writes(tag: str, shown: str) -> None:
    [run] = runs(f"<{tag}>w</{tag}>")
    named = {"strong": ("bold", ()), "em": ("italic", ())}
    assert (run.kind, run.tags) == named.get(shown, ("text", (shown,) if shown else ()))
    assert run.text == "w"


@pytest.mark.parametrize(
    "switch",
    [
        "NOTOC",
        "FORCETOC",
        "TOC",
        "NOEDITSECTION",
        "NEWSECTIONLINK",
        "NONEWSECTIONLINK",
        "NOGALLERY",
        "HIDDENCAT",
        "EXPECTUNUSEDCATEGORY",
        "NOCONTENTCONVERT",
        "NOCC",
        "NOTITLECONVERT",
        "NOTC",
        "INDEX",
        "NOINDEX",
        "STATICREDIRECT",
        "DISAMBIG",
    ],
)
def test_every_behaviour_switch_shows_nothing(switch: str) -> None:
    assert "".join(r.text for r in runs(f"a__{switch}__b")) == "ab"


def test_a_word_between_underscores_is_words() -> None:
    assert "".join(r.text for r in runs("a__NOTHING__b")) == "a__NOTHING__b"


@pytest.mark.parametrize(
    ("link", "url"),
    [
        ("[http://e.org a]", "http://e.org"),
        ("[HTTPS://e.org a]", "HTTPS://e.org"),
        ("[ftp://e.org a]", "ftp://e.org"),
        ("[ftps://e.org a]", "ftps://e.org"),
        ("[mailto:a@e.org a]", "mailto:a@e.org"),
        ("[irc://e.org a]", "irc://e.org"),
        ("[sftp://e.org a]", "sftp://e.org"),
    ],
)
def test_a_link_leaves_only_for_a_safe_scheme(link: str, url: str | None) -> None:
    [run] = [r for r in runs(link) if r.text == "a"]
    assert run.url == url
    assert run.kind == ("link" if url else "text")


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("{{t}}", "a template the wiki did not expand"),
        ("{{{p}}}", "a template parameter"),
        ("[[Media:a.ogg]]", "a link to a file"),
        ("<math>x</math>", "the tag <math>"),
        ("<gallery>a</gallery>", "the tag <gallery>"),
    ],
)
def test_what_the_site_cannot_show_is_named_for_what_it_is(text: str, what: str) -> None:
    reader = InlineReader("f.wiki", strict=False)
    [run] = reader.runs(mwparserfromhell.parse(text).nodes, 3)
    assert (run.kind, run.text) == ("unshown", text)
    assert run.note == f"The site cannot show {what} yet; here as the wiki has it."
    assert reader.unshown == [Unshown(Source("f.wiki", 3), text[:40], what)]


def test_a_table_a_rule_line_and_a_block_tag_are_blocks_and_a_category_is_not_shown() -> None:
    nodes = mwparserfromhell.parse("{|\n|a\n|}\n----\n<pre>x</pre><div>y</div><b>z</b>[[Category:C]][[:Category:C]]")
    kinds = [(is_block(n), is_category(n)) for n in nodes.nodes if not str(n).isspace()]
    assert kinds == [
        (True, False),
        (True, False),
        (True, False),
        (True, False),
        (False, False),
        (False, True),
        (False, False),
    ]


def cells(text: str) -> list[list[tuple[str, int, int]]]:
    [table] = [n for n in mwparserfromhell.parse(text).nodes if isinstance(n, Tag)]
    rows = table_rows(table, InlineReader("f.wiki", strict=False), 1)
    return [[(c.tag, c.rowspan, c.colspan) for c in r.cells] for r in rows]


@pytest.mark.parametrize(
    ("attributes", "spans"),
    [
        ('rowspan="2"', (2, 1)),
        ("rowspan=3", (3, 1)),
        ("colspan='2'", (1, 2)),
        ('rowspan="2" colspan="3"', (2, 3)),
        ('rowspan="x"', (1, 1)),
        ('rowspan="0"', (1, 1)),
        ('colspan="1000"', (1, 1)),
        ('colspan="999"', (1, 999)),
    ],
)
def test_a_cells_spans_are_read_and_a_wrong_one_is_one(attributes: str, spans: tuple[int, int]) -> None:
    assert cells(f"{{|\n|-\n| {attributes} | a\n|}}") == [[("td", *spans)]]


def test_a_cell_that_starts_with_a_plus_later_is_no_caption() -> None:
    assert cells("{|\n|-\n| +1 || b\n|}") == [[("td", 1, 1), ("td", 1, 1)]]
    assert cells("{|\n|+ cap\n|}") == [[("caption", 1, 1)], [("td", 1, 1)]]  # and the empty cell the wiki draws
    assert cells("{|\n! +1\n|}") == [[("th", 1, 1)]]


def item(rule_id: str, block: Block) -> AnchoredBlock:
    return AnchoredBlock(rule_id, block, ())


def test_a_link_to_the_books_page_or_a_section_it_lacks_leads_to_its_first_rule() -> None:
    heading = Block("heading", (Inline("text", "Ruins"),), Source("f", 1), style="wiki", level=2)
    links = [Inline("link", "x", label=t) for t in ("Book", "Book#Nowhere", "#Nowhere", "Book#Ruins", "Other")]
    para = Block("paragraph", tuple(links), Source("f", 2))
    pages = {"ruins": [item("ruins", heading), item("ruins-x", para)]}
    done = resolve_links(pages, WikiLinks(("Book",)))
    hrefs = [r.href for r in done["ruins"][1].block.inlines]
    first = RuleRef("ruins", "ruins")
    assert hrefs == [first, first, None, first, None]
    assert [r.url for r in done["ruins"][1].block.inlines] == [None] * 5


def test_a_footnotes_mark_leads_to_its_note_by_its_key() -> None:
    marks = Block("paragraph", (Inline("footnote", "[1]", label="f#2"),), Source("f", 2))
    note = Block("footnote", (Inline("text", "n"),), Source("f", 3), number=1, key="f#2")
    other = Block("footnote", (Inline("text", "m"),), Source("f", 4), number=1, key="f#1")
    pages = {"p": [item("a", marks), item("b", other), item("c", note)]}
    done = resolve_links(pages, WikiLinks())
    assert done["p"][0].block.inlines[0].href == RuleRef("p", "c")


def test_a_strict_reader_takes_tables_and_notes_as_the_wiki_does() -> None:
    blocks = parse_blocks("==T==\nA.<ref>n</ref>\n{|\n| a\n|}\n", "f.wiki", banner=False)
    assert [b.kind for b in blocks] == ["heading", "paragraph", "table_row", "footnote"]
