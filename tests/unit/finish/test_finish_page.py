"""The finished page: on a rulebook page (as the pages' step said, in stage 4's state), the
script that holds the rules back when it is opened as of a date runs before the article, the
one that puts in their words of then right after it, both preloaded; elsewhere neither, even
on a page that holds rule-versions data of its own; the sheets' foot names the words' day and
revision the state gives."""

from __future__ import annotations

import pytest
from support.finish_states import SITE, pages_state, rulebook_page

from build_scripts.finish.finish_page import AS_OF_EARLY, AS_OF_FIRST, finish_page
from build_scripts.finish.print.foot import FOOT_ID

BUNDLE = '<script src="../assets/javascripts/bundle.0123abcd.min.js"></script>'


def page(body: str) -> str:
    return f"<!doctype html><html><head><title>t</title></head><body>{body}{BUNDLE}</body></html>"


def finished(body: str, *, rulebook: bool = True) -> str:
    pages = pages_state(rulebook={"buildings/": rulebook_page("2026-12-03", 16)} if rulebook else {})
    html, _ = finish_page(page(body), page_url="buildings/", site=SITE, pages=pages)
    return html


def test_a_rulebook_page_runs_the_as_of_hold_just_before_its_article() -> None:
    html = finished(
        '<article class="md-content__inner"><p id="a">A rule.</p></article><script id="rule-versions">{}</script>'
    )
    script = f'<script src="../{AS_OF_EARLY}"></script>'
    assert html.count(script) == 1
    assert html.index(script) < html.index("<article") < html.index("A rule.")
    assert f'href="../{AS_OF_EARLY}"' in html.split("</head>")[0], "not preloaded: it blocks the article"


def test_a_rulebook_page_puts_in_its_words_of_then_right_after_its_article() -> None:
    html = finished(
        '<article class="md-content__inner"><p id="a">A rule.</p>'
        '<div id="rule-versions" data-json="{}" hidden></div></article><p>After.</p>'
    )
    script = f'<script src="../{AS_OF_FIRST}"></script>'
    assert html.count(script) == 1
    assert html.index('id="rule-versions"') < html.index("</article>") < html.index(script) < html.index("After.")
    assert html.index(script) < html.index(BUNDLE), "after the theme's bundle: it waits for it"
    assert f'href="../{AS_OF_FIRST}"' in html.split("</head>")[0], "not preloaded: it blocks the first paint"


def test_a_rulebook_page_whose_article_does_not_end_is_refused() -> None:
    with pytest.raises(ValueError, match="article has no end"):
        finished('<article class="md-content__inner"><p id="a">A rule.</p><div id="rule-versions"></div>')


def test_a_page_the_pages_step_did_not_make_from_the_rulebook_has_no_hold() -> None:
    html = finished(
        '<article class="md-content__inner"><p>Changes.</p><div id="rule-versions" data-json="{}"></div></article>',
        rulebook=False,
    )
    assert AS_OF_EARLY not in html
    assert AS_OF_FIRST not in html
    assert "words of" not in html, "a page of no rules has no words date"


def test_the_sheets_foot_names_the_last_change_the_state_gives() -> None:
    html = finished('<article class="md-content__inner"><h1>Buildings</h1><p id="a">A rule.</p></article>')
    assert (
        f'<span id="{FOOT_ID}" data-words="Scrollhammer Rules · Buildings · rules.example.org/buildings/ · '
        'words of 2026-12-03, wiki revision 16" hidden></span>' in html
    )
