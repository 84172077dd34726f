"""The wiki's markup on the page: runs with their tags, where links lead, and lists drawn one depth at a time."""

from __future__ import annotations

import itertools

import pytest

from build_scripts.core.errors import Source
from build_scripts.core.model import AnchoredBlock, Block, Inline, RuleRef
from build_scripts.pages.render import render_page
from build_scripts.pages.wiki_lists import wiki_lists
from build_scripts.rulebook.ids import assign_ids
from build_scripts.rulebook.sections import build_tree
from build_scripts.rulebook.wiki_files import KeptImage
from build_scripts.rulebook.wikilinks import WikiLinks, link_targets, resolve_links, title_key
from build_scripts.rulebook.wikitext import parse_blocks

PAGE = "==Ruins==\nIntro.\n===Levels===\nCounted from the ground.\n===Floors and Roofs===\nAgain.\n"


NO_WIKI = WikiLinks()


def page(text: str, wiki: WikiLinks = NO_WIKI) -> str:
    blocks = parse_blocks(PAGE + text, "Rulebook.wiki", banner=False, strict=False)
    items = {"ruins": assign_ids(build_tree(blocks, "Rulebook.wiki").children[0])}
    items = resolve_links(items, wiki)
    return render_page(
        title="Ruins",
        items=items["ruins"],
        sources=["Rulebook.wiki"],
        page_url="ruins/",
        page_urls={"ruins": "ruins/"},
    )


WIKI = WikiLinks(("Scrollhammer Rulebook",), "https://wiki.example/index.php", frozenset({"Errata"}))


def test_runs_carry_their_tags_outermost_first() -> None:
    html = page("''a '''b''' c'' x<sup>''nd''</sup> <small><s>y</s></small>")
    assert "<em>a </em><em><strong>b</strong></em><em> c</em>" in html
    assert "<sup><em>nd</em></sup>" in html
    assert "<small><s>y</s></small>" in html


@pytest.mark.parametrize(
    ("link", "html"),
    [
        ("[[Scrollhammer Rulebook#Levels|levels]]", '<a class="wiki-link" href="#levels">levels</a>'),
        ("[[#Floors_and_Roofs]]", '<a class="wiki-link" href="#floors-and-roofs">#Floors_and_Roofs</a>'),
        ("[[scrollhammer_Rulebook|the book]]", '<a class="wiki-link" href="#ruins">the book</a>'),
        (
            "[[Scrollhammer FAQ#Q 1|FAQ]]",
            (
                '<a class="wiki-link wiki-link--out" href="https://wiki.example/index.php?title=Scrollhammer_FAQ#Q_1" '
                'rel="nofollow noopener noreferrer">FAQ</a>'
            ),
        ),
        ("[[errata|the errata]]", "the errata"),
        ("[[#No such section|words]]", "words"),
        (
            "[https://e.org/?a=1&b=2 e]",
            (
                '<a class="wiki-link wiki-link--out" href="https://e.org/?a=1&amp;b=2" '
                'rel="nofollow noopener noreferrer">e</a>'
            ),
        ),
    ],
)
def test_a_link_leads_where_the_wiki_says(link: str, html: str) -> None:
    assert html in page(f"See {link} now.", WIKI)


def test_without_a_wiki_a_link_to_another_page_is_its_words() -> None:
    html = page("See [[Scrollhammer FAQ|the FAQ]].", WikiLinks(("Scrollhammer Rulebook",)))
    assert "See the FAQ." in html


def test_markup_the_site_cannot_show_is_inert_words_with_its_note() -> None:
    html = page("<script>alert(1)</script> and <math>a</math>")
    assert "<script>" not in html
    assert '<span class="wiki-unshown"><code>&lt;script&gt;alert(1)&lt;/script&gt;</code>' in html
    assert "The site cannot show the tag &lt;math&gt; yet" in html


def item(markers: str, n: int) -> AnchoredBlock:
    return AnchoredBlock(f"i{n}", Block("bullet", (Inline("text", str(n)),), Source("f", n), markers=markers), ())


def drawn(*markers: str) -> list[tuple[str, int, int, list[str]]]:
    lists = wiki_lists([item(m, n) for n, m in enumerate(markers)])
    return [(w.tag, w.depth, w.start, [tag for _, tag in w.items]) for w in lists]


def test_lists_are_drawn_one_depth_at_a_time_with_the_wikis_numbers() -> None:
    assert drawn("#", "#", "#*", "#", "##", "##", "#") == [
        ("ol", 1, 1, ["li", "li"]),
        ("ul", 2, 1, ["li"]),
        ("ol", 1, 3, ["li"]),
        ("ol", 2, 1, ["li", "li"]),
        ("ol", 1, 4, ["li"]),
    ]
    assert drawn("#", "*", "#") == [("ol", 1, 1, ["li"]), ("ul", 1, 1, ["li"]), ("ol", 1, 1, ["li"])]
    assert drawn(";", ":", ":", ";") == [("dl", 1, 1, ["dt", "dd", "dd", "dt"])]
    assert drawn("*", "*") == [("ul", 1, 1, ["li", "li"])]
    # The wiki holds a list two levels deeper in an item of its own: drawn, with no words.
    assert drawn("#", "***") == [("ol", 1, 1, ["li"]), ("ul", 1, 1, ["li"]), ("ul", 2, 1, ["li"]), ("ul", 3, 1, ["li"])]
    assert [len(w.items) for w in wiki_lists([item("##", 0), item("#", 1)])] == [1, 1, 1]
    # After a term, a deeper list under ":" is held in a definition the wiki opens for it.
    assert drawn(";", ":*") == [("dl", 1, 1, ["dt", "dd"]), ("ul", 2, 1, ["li"])]
    assert [item is None for item, _tag in wiki_lists([item(";", 0), item(":*", 1)])[0].items] == [False, True]


def numbers_by_nesting(markers: list[str]) -> list[int]:
    """Each ``#`` item's number, counted as nested lists count (a brute force: the nesting itself)."""
    out, stack = [], []  # stack: (markers' list kinds so far, count)
    kinds = {"*": "ul", "#": "ol", ";": "dl", ":": "dl"}
    for m in markers:
        path = [kinds[c] for c in m]
        keep = 0
        while keep < min(len(stack), len(path)) and stack[keep][0] == path[keep]:
            keep += 1
        stack = stack[:keep] if keep < len(path) else stack[: len(path)]
        if len(stack) == len(path):
            stack[-1] = (stack[-1][0], stack[-1][1] + 1)
        while len(stack) < len(path):
            stack.append((path[len(stack)], 1))
        out.append(stack[-1][1])
    return out


def test_every_number_is_the_one_nesting_gives() -> None:
    """Every run of up to five items of ``#``, ``*``, ``##``, ``#*``, ``*#``: drawn flat, numbered as nested."""
    for run in itertools.chain.from_iterable(
        itertools.product(["#", "*", "##", "#*", "*#"], repeat=n) for n in range(1, 6)
    ):
        lists = wiki_lists([item(m, n) for n, m in enumerate(run)])
        numbers = [w.start + i for w in lists for i, (it, _) in enumerate(w.items) if it is not None]
        expected = numbers_by_nesting(list(run))
        got = [n for n, m in zip(numbers, run, strict=True) if m.endswith("#")]
        assert got == [n for n, m in zip(expected, run, strict=True) if m.endswith("#")], run


def test_link_targets_and_titles_as_the_wiki_compares_them() -> None:
    assert title_key("scrollhammer_rulebook  x") == "Scrollhammer rulebook x"
    text = "[[a b#c|d]] [[:Category:X]] [[Category:Y]] [[File:z.png]] [[#here]] [[{{t}}]]"
    assert link_targets([text]) == {"A b", "Category:X"}


def test_a_rule_keeps_its_place_in_the_book() -> None:
    """resolve_links only leads links: every other run and every id stays as it was."""
    blocks = parse_blocks(PAGE + "Plain '''words'''.\n", "R.wiki", banner=False, strict=False)
    items = {"ruins": assign_ids(build_tree(blocks, "R.wiki").children[0])}
    assert resolve_links(items, WIKI) == items
    assert RuleRef("ruins", items["ruins"][0].id) == RuleRef("ruins", "ruins")


def test_a_table_is_drawn_in_its_own_scrolling_box_each_row_a_rule() -> None:
    html = page('{|\n|+ Roll\n! A !! B\n|-\n| rowspan="2" | 1 || x\n|-\n| 1 || x\n|}')
    assert '<div class="rule-table-scroll"><table class="rule-table">' in html
    assert '<caption class="rule" id="floors-and-roofs-roll">Roll<a class="rule-link"' in html
    assert '<td rowspan="2">1</td>' in html
    rows = [line for line in html.splitlines() if line.startswith('<tr class="rule"')]
    assert [r.split('"')[3] for r in rows] == ["floors-and-roofs-b", "floors-and-roofs-1-x", "floors-and-roofs-1-x-2"]


def test_a_table_set_in_by_colons_is_drawn_in_a_definitions_place_as_the_wiki_sets_it() -> None:
    html = page("Before.\n::{|\n| 1 || x\n|}\nAfter.\n:{|\n| 2\n|}\n{|\n| 3\n|}")
    assert (
        '<dl class="rule-list"><dd class="wiki-implied"></dd></dl>\n'
        '<dl class="rule-list rule-list--depth-2"><dd class="wiki-implied"><div class="rule-table-scroll">'
    ) in html
    assert '<dl class="rule-list"><dd class="wiki-implied"><div class="rule-table-scroll">' in html
    assert html.count("<dd") == 3
    assert html.count("</table></div></dd></dl>\n\n") == 2
    assert (
        '\n<div class="rule-table-scroll"><table class="rule-table">\n<tr class="rule" id="floors-and-roofs-3">' in html
    )


def test_a_footnotes_mark_links_its_note_listed_with_its_number() -> None:
    html = page("Cover.<ref>As printed.</ref>\n<references />")
    assert '<sup class="wiki-note-mark"><a href="#floors-and-roofs-printed">[1]</a></sup>' in html
    assert '<ol class="rule-list rule-notes">' in html
    assert '<li class="rule" id="floors-and-roofs-printed" value="1">As printed.<a class="rule-link"' in html


def test_preformatted_words_keep_their_line_ends_through_markdown() -> None:
    html = page("<pre>a\n\nb</pre>")
    assert '<pre class="rule" id="floors-and-roofs-b">a&#10;&#10;b<a class="rule-link"' in html


KEPT = WikiLinks(
    images={
        "Map.png": KeptImage("wiki-files/Map.png", 1200, 800),
        "Mark.png": KeptImage("wiki-files/Mark.png", 64, 48),
    },
    synced=True,
)


def test_a_boxed_image_is_a_figure_with_its_caption_served_by_the_site() -> None:
    md = page("[[File:Map.png|thumb|alt=A <map>|The ruin's floors]]\n", KEPT)
    assert (
        '<span class="wiki-figure wiki-figure--thumb" style="--wiki-figure-width: 300px">'
        '<a class="wiki-figure__file" href="../wiki-files/Map.png" aria-label="The whole picture: The ruin&#39;s floors">'
        '<img class="wiki-image" src="../wiki-files/Map.png" alt="A &lt;map&gt;" width="300" height="200" '
        'loading="lazy" decoding="async"></a><span class="wiki-figure__caption">The ruin&#39;s floors</span></span>'
    ) in md


def test_an_image_in_the_words_is_a_picture_among_them() -> None:
    md = page("Ruins hide a [[File:Mark.png|20px|alt=shield]] save.\n", KEPT)
    assert (
        'Ruins hide a <img class="wiki-image" src="../wiki-files/Mark.png" alt="shield" width="20" height="15" '
        'loading="lazy" decoding="async"> save.'
    ) in md


def test_a_gallerys_images_are_figures_side_by_side() -> None:
    md = page("<gallery>\nMap.png|One\nMark.png|Two\n</gallery>\n", KEPT)
    assert md.count('class="wiki-figure wiki-figure--gallery"') == 2
    assert 'width="120" height="80"' in md
    assert 'width="120" height="90"' in md


def test_an_image_the_site_does_not_keep_shows_its_words_and_says_why() -> None:
    md = page("[[File:Lost plan.png|thumb|The lost plan]]\n", KEPT)
    assert (
        '<span class="wiki-image-missing">The lost plan</span> <span class="wiki-unshown__note" data-help>'
        "The wiki has no image File:Lost plan.png; here its words.</span>"
    ) in md
    assert "<img" not in md


def test_a_horizontal_rule_is_drawn_between_rules_and_ends_a_list() -> None:
    md = page("* One.\n----\n* Two.\nAfter.\n----\n")
    assert md.count('<hr class="wiki-rule">') == 2
    one, two = md.index("One."), md.index("Two.")
    assert md.count('<ul class="rule-list">') == 2, "the line ends the list, as on the wiki"
    assert one < md.index('<hr class="wiki-rule">') < two
    assert md.rindex('<hr class="wiki-rule">') > md.index("After."), "the last rule below the page's last block"


def test_a_numbered_list_after_a_blank_line_counts_from_one_again() -> None:
    md = page("# One.\n# Two.\n\n# Again one.\n")
    assert md.count('<ol class="rule-list">') == 2
    assert 'start="3"' not in md


def test_cites_message_for_a_footnote_it_refuses_is_marked_as_the_wikis_error() -> None:
    html = page("Cover.<ref></ref>")
    assert (
        '<span class="wiki-cite-error">Cite error: Invalid &lt;ref&gt; tag; refs with no name must have content</span>'
        in html
    )


def test_a_note_listed_unnumbered_has_no_number_of_its_own() -> None:
    html = page('A.<ref follow="x">Second</ref> B.<ref name="x">Third</ref>')
    assert '<li class="rule wiki-note--unnumbered" id="floors-and-roofs-second">Second' in html
    assert 'value="1">Third' in html
