"""A built page's data read back by its element's id (``build_scripts/finish/page_data.py``), as
the page's scripts find it: whatever the order and quoting of the element's attributes, its
entities decoded; a page without it has none."""

from __future__ import annotations

import json
from html import escape

import pytest

from build_scripts.core.templates import environment
from build_scripts.finish.page_data import RULE_VERSIONS, find_article, has_page_data, page_data

DATA = {"asof": {"rules": {"a": [["2026-12-01", 3, "v1"]]}}, "words": 'It\'s <b>"hot"</b> & 6"'}


def test_the_page_templates_element_is_read_back_as_written() -> None:
    """The element as page.md.j2 writes it (Jinja's tojson in single quotes)."""
    written = environment().from_string("<div id=\"rule-versions\" data-json='{{ d | tojson }}' hidden></div>")
    html = f"<body><article>{written.render(d=DATA)}</article></body>"
    assert has_page_data(html, RULE_VERSIONS)
    assert page_data(html, RULE_VERSIONS) == DATA


@pytest.mark.parametrize(
    "tag",
    [
        "<div hidden data-json='{json}' id=rule-versions>",  # other order, id unquoted
        '<div data-json="{json}" id="rule-versions" hidden>',  # double quotes, entities
        "<div\n  id='rule-versions'\n  data-json='{json}'\n  hidden\n>",  # over lines
    ],
)
def test_any_order_or_quoting_of_the_attributes_is_read(tag: str) -> None:
    html = "<p id=rule-versions-not>x</p>" + tag.format(json=escape(json.dumps(DATA))) + "</div>"
    assert page_data(html, RULE_VERSIONS) == DATA


def test_a_page_without_the_element_has_none() -> None:
    html = '<div id="rule-versions-old" data-json="{}"></div><p>rule-versions</p>'
    assert not has_page_data(html, RULE_VERSIONS)
    assert page_data(html, RULE_VERSIONS) is None


def test_data_that_is_not_json_is_named() -> None:
    with pytest.raises(ValueError, match="the page's rule-versions data is not JSON"):
        page_data("<div id='rule-versions' data-json='{oops'></div>", RULE_VERSIONS)


def test_the_article_is_found_with_its_inside_and_its_end() -> None:
    html = '<body><nav>x</nav><article class="md-content__inner"><p>Words.</p></article><p>After.</p></body>'
    found = find_article(html)
    assert found is not None
    assert html[found.start : found.inside] == '<article class="md-content__inner">'
    assert html[found.inside : found.end] == "<p>Words.</p></article>"
    never_closed = find_article("<article><p>Words.")
    assert never_closed is not None
    assert never_closed.end == -1
    assert find_article("<body><articles></articles><p>No article.</p></body>") is None
