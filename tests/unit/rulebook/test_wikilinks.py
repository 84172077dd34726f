"""Where the wiki's links lead on the site: sections, the book's pages, the wiki's other pages, footnotes."""

from __future__ import annotations

import pytest

from build_scripts.core.errors import Source
from build_scripts.core.model import AnchoredBlock, Block, Inline, RuleRef
from build_scripts.rulebook.wikilinks import WikiLinks, link_targets, resolve_links, title_key

INDEX = "https://wiki.example/index.php"


def heading(words: str, style: str = "wiki") -> Block:
    return Block("heading", (Inline("text", words),), Source("f", 1), style=style, level=3)  # type: ignore[arg-type]


def links(*targets: str) -> Block:
    return Block("paragraph", tuple(Inline("link", "w", label=t, note="wikilink") for t in targets), Source("f", 2))


def book(*targets: str) -> dict[str, list[AnchoredBlock]]:
    """Two pages: ruins (Ruins, Barrage, a bold-line sub-heading Cover) and buildings (Buildings, Barrage)."""
    return {
        "ruins": [
            AnchoredBlock("ruins", heading("Ruins"), ()),
            AnchoredBlock("ruins-barrage", heading("Barrage"), ()),
            AnchoredBlock("ruins-cover", heading("Cover", "bold"), ()),
            AnchoredBlock("ruins-links", links(*targets), ()),
        ],
        "buildings": [
            AnchoredBlock("buildings", heading("Buildings"), ()),
            AnchoredBlock("buildings-barrage", heading("Barrage"), ()),
        ],
    }


def led(*targets: str, wiki: WikiLinks | None = None) -> list[tuple[RuleRef | None, str | None]]:
    wiki = wiki or WikiLinks(("Scrollhammer Rulebook",), INDEX, frozenset({"Errata"}))
    done = resolve_links(book(*targets), wiki)
    return [(r.href, r.url) for r in done["ruins"][3].block.inlines]


@pytest.mark.parametrize(
    ("target", "where"),
    [
        ("Scrollhammer Rulebook#Buildings", RuleRef("buildings", "buildings")),
        ("scrollhammer_Rulebook#Buildings", RuleRef("buildings", "buildings")),
        ("#Buildings", RuleRef("buildings", "buildings")),
        ("#  Ruins ", RuleRef("ruins", "ruins")),
        ("#Barrage", RuleRef("ruins", "ruins-barrage")),
        ("#Barrage_2", RuleRef("buildings", "buildings-barrage")),
        ("#Barrage 2", RuleRef("buildings", "buildings-barrage")),
        ("Scrollhammer Rulebook", RuleRef("ruins", "ruins")),
        ("Scrollhammer Rulebook#No such section", RuleRef("ruins", "ruins")),
    ],
)
def test_a_link_to_the_rulebook_leads_to_the_heading_the_wiki_would_open(target: str, where: RuleRef) -> None:
    assert led(target) == [(where, None)]


@pytest.mark.parametrize("target", ["#Cover", "#No such section", "#barrage", "#Barrage 3"])
def test_a_section_link_the_wiki_has_no_heading_for_is_its_words(target: str) -> None:
    """A bold line is no heading to the wiki; section links are matched case and all."""
    assert led(target) == [(None, None)]


@pytest.mark.parametrize(
    ("target", "url"),
    [
        ("Scrollhammer FAQ", f"{INDEX}?title=Scrollhammer_FAQ"),
        ("scrollhammer_FAQ", f"{INDEX}?title=Scrollhammer_FAQ"),
        ("Scrollhammer FAQ#Line of sight", f"{INDEX}?title=Scrollhammer_FAQ#Line_of_sight"),
        ("Q&A?/ü", f"{INDEX}?title=Q%26A%3F/%C3%BC"),
        ("Category:Rules", f"{INDEX}?title=Category%3ARules"),
    ],
)
def test_a_link_to_another_page_of_the_wiki_leads_to_that_page(target: str, url: str) -> None:
    assert led(target) == [(None, url)]


def test_a_page_the_wiki_lacks_or_no_wiki_at_all_leaves_the_words_alone() -> None:
    assert led("Errata", "errata") == [(None, None), (None, None)]
    assert led("Scrollhammer FAQ", wiki=WikiLinks(("Scrollhammer Rulebook",))) == [(None, None)]


def test_only_the_wikis_own_links_are_led() -> None:
    """An external link keeps its address; text, bold and a link with no target stay as they are."""
    runs = (
        Inline("link", "out", label="https://e.org", url="https://e.org"),
        Inline("text", "#Ruins"),
        Inline("bold", "Ruins"),
        Inline("link", "bare"),
    )
    pages = book()
    pages["ruins"][3] = AnchoredBlock("x", Block("paragraph", runs, Source("f", 2)), ())
    done = resolve_links(pages, WikiLinks(("Scrollhammer Rulebook",), INDEX))
    assert done["ruins"][3].block.inlines == runs


def test_a_chart_rows_paragraph_is_led_too() -> None:
    row = Block("chart_row", (Inline("text", "Hit"),), Source("f", 3), number=1, body=links("#Ruins").inlines)
    pages = book()
    pages["ruins"].append(AnchoredBlock("hit", row, ()))
    done = resolve_links(pages, WikiLinks(("Scrollhammer Rulebook",)))
    assert done["ruins"][4].block.body[0].href == RuleRef("ruins", "ruins")


def test_a_footnotes_mark_leads_to_the_note_of_its_key_on_any_page() -> None:
    note = Block("footnote", (Inline("text", "n"),), Source("g", 9), number=1, key="g#2")
    other = Block("footnote", (Inline("text", "m"),), Source("g", 8), number=2, key="g#1")
    pages = book()
    pages["buildings"] += [AnchoredBlock("b-m", other, ()), AnchoredBlock("b-n", note, ())]
    mark = Inline("footnote", "[1]", label="g#2")
    lost = Inline("footnote", "[3]", label="g#3")
    pages["ruins"][3] = AnchoredBlock("x", Block("paragraph", (mark, lost), Source("f", 2)), ())
    done = resolve_links(pages, WikiLinks())
    assert [r.href for r in done["ruins"][3].block.inlines] == [RuleRef("buildings", "b-n"), None]


def test_the_books_first_rule_is_on_its_first_page_that_has_rules() -> None:
    pages = {"p": [AnchoredBlock("p-x", links("Scrollhammer Rulebook"), ())]}
    assert resolve_links({"empty": [], **pages}, WikiLinks(("Scrollhammer Rulebook",)))["p"][0].block.inlines[
        0
    ].href == RuleRef("p", "p-x")


@pytest.mark.parametrize(
    ("title", "key"),
    [
        ("scrollhammer rulebook", "Scrollhammer rulebook"),
        ("  a__b   c ", "A b c"),
        ("x", "X"),
        ("", ""),
        ("ürün", "Ürün"),
        ("AB", "AB"),
    ],
)
def test_a_title_as_the_wiki_compares_it(title: str, key: str) -> None:
    assert title_key(title) == key


def test_the_pages_a_text_links_to_as_the_sync_asks_the_wiki() -> None:
    texts = [
        "[[a b#c|d]] [[ e_f ]] [[#here]] [[Category:Y]] [[File:z.png]] [[{{t}}]]",
        "[[:Category:X]] [[:File:z.png|the file]] [[g]]",
    ]
    assert link_targets(texts) == {"A b", "E f", "Category:X", "File:z.png", "G"}
    assert link_targets([]) == set()
