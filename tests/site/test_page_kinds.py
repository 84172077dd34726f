"""The pages that stand for the others (``harness.project.PAGE_KINDS``): where a check is the
same on every page made by the same template and code, the tests run it on one page of each
kind, and on the rulebook pages in ``RULEBOOK_SAMPLES``. Those hold, between them, every kind
of element any rulebook page's article holds (every class the build gives an element there),
so what another rulebook page could show is shown on them."""

from __future__ import annotations

import re
from pathlib import Path

from support import RULEBOOK_PAGES

from build_scripts.core.model import page_url
from harness.project import PAGE_KINDS, PAGE_URLS, PROJECT, RULEBOOK_SAMPLES


def article_classes(site: Path, page: str) -> set[str]:
    """Every class an element of the page's article carries."""
    html = (site / page_url(page) / "index.html").read_text("utf-8")
    article = html[html.index("<article") : html.index("</article>")]
    return {name for attribute in re.findall(r'class="([^"]*)"', article) for name in attribute.split()}


def test_the_samples_hold_every_kind_of_element_of_every_rulebook_page(built_site: Path) -> None:
    every = set().union(*(article_classes(built_site, page) for page in RULEBOOK_PAGES))
    sampled = set().union(*(article_classes(built_site, page) for page in RULEBOOK_SAMPLES))
    assert every - sampled == set(), "a rulebook page holds what no sample does: add it to RULEBOOK_SAMPLES"
    assert {"chart-row", "sh-calc", "term", "xref-help--missing"} <= sampled


def test_every_kind_of_page_is_there_once_and_the_rulebook_by_its_samples() -> None:
    kinds = {p.kind for p in PROJECT.options.pages}
    chosen = [p for p in PROJECT.options.pages if page_url(p.name) in PAGE_KINDS]
    assert {p.kind for p in chosen} == kinds
    assert [p.name for p in chosen if p.kind == "rulebook"] == RULEBOOK_SAMPLES
    assert len([p for p in chosen if p.kind != "rulebook"]) == len(kinds) - 1
    assert [url for url in PAGE_URLS if url in PAGE_KINDS] == PAGE_KINDS, "in navigation order"
