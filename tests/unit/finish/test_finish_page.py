"""The finished page: on a rulebook page (its rules' versions), the script that holds the rules
back when it is opened as of a date runs before the article, and is preloaded; elsewhere not."""

from __future__ import annotations

from build_scripts.finish.finish_page import AS_OF_EARLY, finish_page

BUNDLE = '<script src="../assets/javascripts/bundle.0123abcd.min.js"></script>'


def page(body: str) -> str:
    return f"<!doctype html><html><head><title>t</title></head><body>{body}{BUNDLE}</body></html>"


def finished(body: str) -> str:
    html, _ = finish_page(page(body), page_url="buildings/", root="../", modules=[])
    return html


def test_a_rulebook_page_runs_the_as_of_hold_just_before_its_article() -> None:
    html = finished(
        '<article class="md-content__inner"><p id="a">A rule.</p></article><script id="rule-versions">{}</script>'
    )
    script = f'<script src="../{AS_OF_EARLY}"></script>'
    assert html.count(script) == 1
    assert html.index(script) < html.index("<article") < html.index("A rule.")
    assert f'href="../{AS_OF_EARLY}"' in html.split("</head>")[0], "not preloaded: it blocks the article"


def test_a_page_without_rule_versions_has_no_hold() -> None:
    html = finished('<article class="md-content__inner"><p>Changes.</p></article>')
    assert AS_OF_EARLY not in html
