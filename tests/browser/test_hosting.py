"""The site as a host serves it, through the project's server and through nginx with the
repo's recipe: every kind of page (``PAGE_KINDS``) renders as a page (not as text), with the theme's stylesheet and
the site's module scripts running, and the browser refuses nothing for its type."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support.browser import ANSWER_TIMEOUT, cpython_view, section_cpython, wait_for

from harness.project import PAGE_KINDS

#: Data Saver on: Python waits for the player, so these page loads measure rendering only.
SAVE_DATA = "Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true, configurable: true });"


@pytest.mark.first_visit("the host's own answers, not the copies a returning phone keeps")
@pytest.mark.parametrize("path", PAGE_KINDS)
def test_every_kind_of_page_renders_with_its_styles_and_scripts(
    first_visit_page: Page, hosted_url: str, path: str
) -> None:
    page = first_visit_page
    page.add_init_script(SAVE_DATA)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    response = page.goto(hosted_url + path)
    assert response is not None
    assert response.status == 200
    assert page.evaluate("document.contentType") == "text/html"
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    # The theme's stylesheet applies (a sticky header) and the site's own (its rule links).
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    expect(page.locator("h1")).to_be_visible()
    # The page scripts ran as modules: the rule links got their menu (a click opens it).
    link = page.locator("article .headerlink").first
    link.tap()
    expect(page.get_by_role("menu", name="This rule")).to_be_visible()
    assert refused == []


@pytest.mark.first_visit("the host's own answers, not the copies a returning phone keeps")
def test_a_calculator_answers_through_the_host(first_visit_page: Page, hosted_url: str) -> None:
    page = first_visit_page
    page.goto(hosted_url + "buildings/?calc=building-damage&strength=8")
    section = "calc-building-damage"
    wait_for(page, section, section_cpython(section, {"strength": "8"}))
    headline = cpython_view("building-damage", {"strength": "8"})["headline"]
    expect(page.locator(f"#{section} .sh-calc__headline")).to_have_text(
        f"{headline['label']}: {headline['text']}{headline['exact'] or ''}", timeout=ANSWER_TIMEOUT
    )  # the exact fraction is in the text, shown on request
