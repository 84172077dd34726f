"""A built page read back as the printed book's HTML: the rules' words and nothing else, every
id the book's own, each link followed to where it leads in the book, each "page XX" filled in."""

from __future__ import annotations

from build_scripts.finish.book.print_reader import NOT_HERE, Link, book_id, print_page

BOOK = {"buildings/", "ruins/"}


def place(url: str, fragment: str) -> Link:
    if url in BOOK:
        return Link(anchor=book_id(url, fragment))
    if url == "b07-ruins/":
        return Link(address=f"https://r.example/{url}#{fragment}", part="Book 7")
    return Link()


def read(article: str, page: str = "buildings/") -> str:
    html = f"<html><body><nav>Menu words</nav><article>{article}</article><footer>Foot</footer></body></html>"
    return print_page(html, page=page, place=place, address=lambda rule: "https://r.example/" + rule).html


def test_only_the_rules_are_printed_with_their_ids_the_books() -> None:
    out = read(
        '<h1 class="rule-heading" id="buildings">Buildings<a class="headerlink" href="#buildings">#</a></h1>'
        '<nav class="sh-onpage">Calculators on this page</nav>'
        '<p class="rule" id="a">Rule <strong>words</strong>.<a class="rule-link" href="#a"></a></p>'
        '<section class="sh-calc"><p>Answer</p><button>Roll</button></section>'
        "<p>Not a rule.</p>"
    )
    assert out == (
        '<h1 id="buildings--buildings" class="rule-heading">Buildings</h1>'
        '<p class="rule-address">r.example/buildings/#buildings</p>'
        '<p id="buildings--a" class="rule">Rule <strong>words</strong>.</p>'
    )


def test_what_helps_beside_the_words_is_left_out() -> None:
    out = read(
        '<p class="rule" id="a">Words<a class="table-mark" href="../table/">✎ Agree</a>'
        '<a class="reading-mark" href="../readings/">⚖</a><span data-help>help</span>'
        "<span hidden>hidden</span> end</p>"
    )
    assert out == '<p id="buildings--a" class="rule">Words end</p>'


def test_a_chart_row_keeps_its_roll_and_name() -> None:
    out = read(
        '<ol class="damage-chart"><li class="rule chart-row" id="total-collapse"><p class="chart-row__name">'
        '<span class="chart-row__roll">6</span>: <strong>Total Collapse</strong></p><p>Flee.</p></li></ol>'
    )
    assert out == (
        '<ol class="damage-chart"><li id="buildings--total-collapse" class="rule chart-row">'
        '<p class="chart-row__name"><span class="chart-row__roll">6</span>: <strong>Total Collapse</strong></p>'
        "<p>Flee.</p></li></ol>"
    )


def test_a_link_in_the_book_stays_a_link_inside_it() -> None:
    out = read('<p class="rule" id="a">See <a class="term" href="../ruins/#elevation" data-term="E">elevation</a>.</p>')
    assert '<a class="term" href="#ruins--elevation">elevation</a>' in out
    same = read('<p class="rule" id="a"><a class="term" href="#battlements">Battlements</a></p>')
    assert '<a class="term" href="#buildings--battlements">Battlements</a>' in same


def test_a_link_to_nothing_printed_is_its_words() -> None:
    out = read('<p class="rule" id="a">See <a href="../table/">the table</a> and <a href="https://x.org/">x</a>.</p>')
    assert out == '<p id="buildings--a" class="rule">See <span>the table</span> and <span>x</span>.</p>'


def test_page_xx_becomes_the_page_the_rule_is_on() -> None:
    out = read(
        '<p class="rule" id="a">use the rules on <span class="xref">page XX</span>'
        '<a class="xref-help" href="../ruins/#ruins" data-help>Ruins</a>.</p>'
    )
    assert out == (
        '<p id="buildings--a" class="rule">use the rules on page <a class="pageref" href="#ruins--ruins"></a>.</p>'
    )


def test_page_xx_outside_these_sections_says_so() -> None:
    out = read(
        '<p class="rule" id="a">a test(see <span class="xref">page XX</span><button type="button" '
        'class="xref-help xref-help--missing" data-help>not in these sections</button>'
        '<span class="xref-note" id="n" role="note" hidden>The Difficult Terrain test</span>)</p>'
    )
    assert out == f'<p id="buildings--a" class="rule">a test(see {NOT_HERE})</p>'
    assert "XX" not in out


def test_page_xx_in_another_part_names_the_part_and_the_address() -> None:
    out = read(
        '<p class="rule" id="a">on <span class="xref">page XX</span>'
        '<a class="xref-help" href="../b07-ruins/#ruins" data-help>Ruins</a></p>'
    )
    assert out == (
        '<p id="buildings--a" class="rule">on <a href="https://r.example/b07-ruins/#ruins">'
        "Book 7, r.example/b07-ruins/#ruins</a></p>"
    )


def test_a_reference_at_the_end_of_a_rule_is_still_filled_in() -> None:
    out = read('<p class="rule" id="a">see <span class="xref">page XX</span></p>')
    assert out == f'<p id="buildings--a" class="rule">see {NOT_HERE}</p>'


def test_words_are_escaped_and_the_headings_listed() -> None:
    page = print_page(
        '<article><h1 class="rule-heading" id="ruins">Ruins &amp; Rubble</h1>'
        '<h2 class="rule-heading" id="b">Big <em>one</em></h2><p class="rule" id="c">6&#34; &lt;x&gt;</p></article>',
        page="ruins/",
        place=place,
        address=lambda rule: rule,
    )
    assert page.title == "Ruins & Rubble"
    assert [(h.level, h.anchor, h.words) for h in page.headings] == [
        (1, "ruins--ruins", "Ruins & Rubble"),
        (2, "ruins--b", "Big one"),
    ]
    assert "Ruins &amp; Rubble</h1>" in page.html
    assert "6&#34; &lt;x&gt;</p>" in page.html


def test_a_page_without_an_article_prints_nothing() -> None:
    page = print_page("<html><p class='rule' id='a'>x</p></html>", page="x/", place=place, address=str)
    assert (page.html, page.title, page.headings) == ("", "", ())
