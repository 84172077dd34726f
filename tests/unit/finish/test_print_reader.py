"""A built page read back as the printed book's HTML: the rules' words and nothing else, every
id the book's own, each link followed to where it leads in the book, each "page XX" filled in."""

from __future__ import annotations

from build_scripts.finish.print.reader import NOT_HERE, Link, article, book_id, print_page

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


def test_a_line_break_is_kept_inside_a_rule_and_nowhere_else() -> None:
    out = read('<br><p class="rule" id="a">one<br>two<span data-help>x<br>y</span></p><br>')
    assert out == '<p id="buildings--a" class="rule">one<br>two</p>'


def test_whatever_is_nested_in_what_helps_is_left_out_to_its_end() -> None:
    out = read('<p class="rule" id="a">a<span data-help><b>help</b> <i>more</i> words</span> b</p>')
    assert out == '<p id="buildings--a" class="rule">a b</p>'


def test_a_rule_list_keeps_its_items_and_its_own_words_are_not_printed() -> None:
    out = read('<ul class="rule-list">Between<li class="rule" id="a">one</li> <li class="rule" id="b">two</li></ul>')
    assert out == (
        '<ul class="rule-list"><li id="buildings--a" class="rule">one</li><li id="buildings--b" class="rule">two</li></ul>'
    )


def test_an_element_with_an_id_but_no_rules_class_is_not_printed() -> None:
    assert read('<div id="x" class="sh-calc">Answer</div><p id="y">Note</p><p class="rule">No id</p>') == ""


def test_a_heading_inside_a_rule_keeps_its_words_not_its_tag() -> None:
    assert read('<p class="rule" id="a">x<h4>y</h4></p>') == '<p id="buildings--a" class="rule">xy</p>'


def test_a_term_in_another_part_links_its_address() -> None:
    out = read('<p class="rule" id="a"><a class="term" href="../b07-ruins/#ruins">Ruins</a></p>')
    assert (
        out
        == '<p id="buildings--a" class="rule"><a class="term" href="https://r.example/b07-ruins/#ruins">Ruins</a></p>'
    )


def test_a_link_without_an_address_is_its_words() -> None:
    assert (
        read('<p class="rule" id="a"><a class="term">x</a></p>')
        == '<p id="buildings--a" class="rule"><span class="term">x</span></p>'
    )


def test_a_references_other_words_are_kept_and_every_page_xx_in_it_filled() -> None:
    out = read(
        '<p class="rule" id="a"><span class="xref">the rules</span>'
        '<a class="xref-help" href="../ruins/#ruins" data-help>Ruins</a>, '
        '<span class="xref">page XX or page XX</span><a class="xref-help" href="../ruins/#ruins" data-help>R</a></p>'
    )
    link = '<a class="pageref" href="#ruins--ruins"></a>'
    assert out == f'<p id="buildings--a" class="rule">the rules, page {link} or page {link}</p>'


def test_a_help_that_is_not_a_link_leads_nowhere() -> None:
    out = read(
        '<p class="rule" id="a">on <span class="xref">page XX</span>'
        '<span class="xref-help" href="../ruins/#ruins" data-help>Ruins</span></p>'
    )
    assert out == f'<p id="buildings--a" class="rule">on {NOT_HERE}</p>'


def test_the_address_under_a_heading_loses_only_its_scheme() -> None:
    page = print_page(
        '<article><h2 class="rule-heading" id="b--c">B</h2></article>',
        page="ruins/",
        place=place,
        address=lambda rule: "https://r.example/x://y/" + rule,
    )
    assert page.html.endswith('<p class="rule-address">r.example/x://y/ruins/#b--c</p>')
    assert page.headings[0].anchor == "ruins--b--c"


def test_only_the_first_article_is_read_and_a_closing_tag_before_it_is_not_its_end() -> None:
    page = print_page(
        '</article><article><p class="rule" id="a">First</p></article><article><p class="rule" id="b">Second</p>',
        page="ruins/",
        place=place,
        address=str,
    )
    assert page.html == '<p id="ruins--a" class="rule">First</p>'


def test_a_books_ids_from_the_pages_address() -> None:
    assert book_id("buildings/", "total-collapse") == "buildings--total-collapse"
    assert book_id("books/b07/ruins/", "x") == "books-b07-ruins--x"
    assert book_id("", "x") == "index--x"
    assert book_id("/ruins/", "") == "ruins"
    assert book_id("", "") == "index"


def test_words_after_a_reference_with_no_help_follow_what_it_says() -> None:
    out = read('<p class="rule" id="a">see <span class="xref">page XX</span> for more</p>')
    assert out == f'<p id="buildings--a" class="rule">see {NOT_HERE} for more</p>'


def test_a_reference_left_open_at_the_pages_end_is_still_filled_in() -> None:
    page = print_page(
        '<article><p class="rule" id="a">see <span class="xref">page XX</span>', page="ruins/", place=place, address=str
    )
    assert page.html == f'<p id="ruins--a" class="rule">see {NOT_HERE}'


def test_a_reference_with_no_words_prints_nothing_of_it() -> None:
    out = read('<p class="rule" id="a">see <span class="xref"></span></p>')
    assert out == '<p id="buildings--a" class="rule">see </p>'


def test_a_link_to_another_host_without_a_scheme_leads_nowhere_printed() -> None:
    out = read('<p class="rule" id="a">see <a href="//elsewhere.example/ruins/#x">ruins</a></p>')
    assert out == '<p id="buildings--a" class="rule">see <span>ruins</span></p>'


def test_the_article_is_its_own_words_to_its_first_end() -> None:
    assert article("<body><article>One</article> <article>Two</article></body>") == "<article>One"
    assert article("<body><p>No article</p></body>") == ""
    assert article("<article>Never closed.") == "<article>Never closed."
    assert book_id("Xmas/", "") == "Xmas"


def test_a_references_words_in_pieces_are_joined_as_they_are() -> None:
    out = read('<p class="rule" id="a">see <span class="xref">page <!-- a comment -->XX</span></p>')
    assert out == f'<p id="buildings--a" class="rule">see {NOT_HERE}</p>'


def test_a_wiki_table_prints_its_rows_and_their_cells_spans() -> None:
    out = read(
        '<div class="rule-table-scroll"><table class="rule-table"><caption class="rule" id="c">Roll</caption>'
        '<tr class="rule" id="r"><td rowspan="2" style="x">1</td><td colspan="x">a <small>b</small></td>'
        '<th colspan="3">c<a class="rule-link" href="#r"></a></th></tr></table></div>'
    )
    assert out == (
        '<table class="rule-table"><caption id="buildings--c" class="rule">Roll</caption>'
        '<tr id="buildings--r" class="rule"><td rowspan="2">1</td><td>a <small>b</small></td>'
        '<th colspan="3">c</th></tr></table>'
    )


def test_an_image_prints_as_its_words() -> None:
    figure = (
        '<p class="rule" id="map">A map: <span class="wiki-figure wiki-figure--thumb">'
        '<a class="wiki-figure__file" href="../wiki-files/Map.png"><img class="wiki-image" src="../wiki-files/Map.png" '
        'alt="" width="300" height="200"></a><span class="wiki-figure__caption">The floors</span></span></p>'
    )
    assert read(figure) == '<p id="buildings--map" class="rule">A map: <span><span>The floors</span></span></p>'
    words = '<p class="rule" id="cover">A <img class="wiki-image" src="x.png" alt="shield &amp; mark"> save.</p>'
    assert read(words) == '<p id="buildings--cover" class="rule">A [shield &amp; mark] save.</p>'
    assert (
        read('<p class="rule" id="c">A <img src="x.png"> save.</p>') == '<p id="buildings--c" class="rule">A  save.</p>'
    )


def test_a_lists_and_a_notes_numbers_are_the_wikis_in_print_too() -> None:
    out = read(
        '<ol class="rule-list" start="3"><li class="rule" id="s">Step</li></ol>'
        '<ol class="rule-list rule-notes"><li class="rule wiki-note--unnumbered" id="u">Follows</li>'
        '<li class="rule" id="n" value="2">Note</li><li class="rule" id="x" value="x">Odd</li></ol>'
    )
    assert out == (
        '<ol class="rule-list" start="3"><li id="buildings--s" class="rule">Step</li></ol>'
        '<ol class="rule-list"><li id="buildings--u" class="rule wiki-note--unnumbered">Follows</li>'
        '<li id="buildings--n" class="rule" value="2">Note</li><li id="buildings--x" class="rule">Odd</li></ol>'
    )
