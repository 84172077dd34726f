"""A built page's article, found one way by every finishing step
(``build_scripts/finish/page_data.py``): its start tag, its inside and its end."""

from __future__ import annotations

from build_scripts.finish.page_data import find_article


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
