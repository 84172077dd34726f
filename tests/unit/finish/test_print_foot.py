"""Each printed sheet's foot: the site, the page's title (without its heading's own link), its
address, and the day and wiki revision of its newest words, as the pages' step gave them."""

from __future__ import annotations

from build_scripts.finish.print.foot import FOOT_ID, add_print_foot, foot_words

HEADING = '<h1 id="buildings">Buildings<a class="headerlink" href="#buildings">#</a></h1>'
PAGE = f'<body><article class="md-content__inner">{HEADING}<p>Words.</p></article></body>'


def test_the_foot_names_the_site_page_address_and_the_words_day_and_revision() -> None:
    words = foot_words(
        PAGE,
        site_name="Scrollhammer Rules",
        address="https://rules.example.org/buildings/",
        day="2026-11-20",
        revision=12,
    )
    assert (
        words == "Scrollhammer Rules · Buildings · rules.example.org/buildings/ · words of 2026-11-20, wiki revision 12"
    )


def test_words_seen_by_a_build_have_a_day_and_no_revision() -> None:
    words = foot_words(PAGE, site_name="S", address="https://r.example/buildings/", day="2026-12-01")
    assert words.endswith("· words of 2026-12-01")


def test_a_page_without_rules_names_the_site_page_and_address_only() -> None:
    words = foot_words(PAGE, site_name="S", address="http://127.0.0.1:8000/table/")
    assert words == "S · Buildings · 127.0.0.1:8000/table/"


def test_the_words_go_in_as_hidden_data_just_inside_the_article() -> None:
    html = add_print_foot(PAGE, site_name="S", address="https://r.example/x/")
    assert (
        f'<article class="md-content__inner"><span id="{FOOT_ID}" data-words="S · Buildings · r.example/x/" hidden></span>'
        in html
    )
    assert add_print_foot("<body>no article</body>", site_name="S", address="a") == "<body>no article</body>"
