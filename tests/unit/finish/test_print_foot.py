"""Each printed sheet's foot: the site, the page's title (without its heading's own link), its
address, and the day and wiki revision of its newest words, read from its rules' versions."""

from __future__ import annotations

import json
from html import escape

from build_scripts.finish.print_foot import FOOT_ID, add_print_foot, foot_words

HEADING = '<h1 id="buildings">Buildings<a class="headerlink" href="#buildings">#</a></h1>'


def page(versions: dict[str, list[list[object]]] | None) -> str:
    data = ""
    if versions is not None:
        payload = escape(json.dumps({"asof": {"rules": versions}}), quote=True).replace("&#x27;", "'")
        data = f"<div id=\"rule-versions\" data-json='{payload}' hidden></div>"
    return f'<body><article class="md-content__inner">{HEADING}<p>Words.</p>{data}</article></body>'


def test_the_foot_names_the_site_page_address_and_the_newest_words_day_and_revision() -> None:
    html = page({"a": [["2026-11-01", 7, "x"], ["2026-11-20", 12, "y"]], "b": [["2026-11-05", 9, "z"]]})
    words = foot_words(html, site_name="Scrollhammer Rules", address="https://rules.example.org/buildings/")
    assert (
        words == "Scrollhammer Rules · Buildings · rules.example.org/buildings/ · words of 2026-11-20, wiki revision 12"
    )


def test_the_day_and_the_revision_are_one_versions() -> None:
    """The newest words were seen by a build (revision 0); another rule's older words came from
    revision 15: the foot names the day alone, not revision 15, which did not make those words."""
    words = foot_words(
        page({"a": [["2026-12-03", 0, "x"]], "b": [["2026-11-20", 15, "y"]]}), site_name="S", address="https://r/"
    )
    assert words.endswith("· words of 2026-12-03")
    same_day = page({"a": [["2026-12-03", 15, "x"]], "b": [["2026-12-03", 16, "y"]]})
    assert foot_words(same_day, site_name="S", address="https://r/").endswith("words of 2026-12-03, wiki revision 16")


def test_words_seen_by_a_build_have_a_day_and_no_revision() -> None:
    words = foot_words(page({"a": [["2026-12-01", 0, "x"]]}), site_name="S", address="https://r.example/buildings/")
    assert words.endswith("· words of 2026-12-01")


def test_a_page_without_rules_names_the_site_page_and_address_only() -> None:
    words = foot_words(page(None), site_name="S", address="http://127.0.0.1:8000/table/")
    assert words == "S · Buildings · 127.0.0.1:8000/table/"


def test_the_words_go_in_as_hidden_data_just_inside_the_article() -> None:
    html = add_print_foot(page(None), site_name="S", address="https://r.example/x/")
    assert (
        f'<article class="md-content__inner"><span id="{FOOT_ID}" data-words="S · Buildings · r.example/x/" hidden></span>'
        in html
    )
    assert add_print_foot("<body>no article</body>", site_name="S", address="a") == "<body>no article</body>"
