"""The page trusts only its own files: a strict CSP with no violation on any kind of page
(``PAGE_KINDS``) or calculation (the 404 page's policy included) and no request to another host."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from support.browser import section_cpython, wait_answer, wait_for
from support.calc_cases import PAGE_OF, SECTIONS
from support.visitors import Phones, guarded

from harness.project import PAGE_KINDS


def collected(page: Page, where: str, found: dict[str, list[str]]) -> None:
    """Keep what the page reported (``window.__csp`` starts empty on every page it opens)."""
    reported = page.evaluate("window.__csp")
    if reported:
        found.setdefault(where, []).extend(reported)


def test_no_csp_violation_on_any_kind_of_page_or_calculation(returning_phone: Phones, hosted_url: str) -> None:
    page = guarded(returning_phone(hosted_url)).new_page()
    found: dict[str, list[str]] = {}
    # What the page's workers report reaches only the console ("Refused to …").
    page.on(
        "console",
        lambda m: found.setdefault("console", []).append(m.text) if "Content Security Policy" in m.text else None,
    )
    for path in PAGE_KINDS:
        page.goto(hosted_url + path)
        page.wait_for_load_state("load")
        collected(page, path or "home", found)
    for section in SECTIONS:
        page.goto(hosted_url + PAGE_OF[section])
        wait_answer(page, section)
        page.locator(f"#{section} button[data-action='roll']").click()
        expect(page.locator(f"#{section} .sh-calc__roll")).to_be_visible()
        page.locator(f"#{section} summary").click()
        collected(page, section, found)
    assert found == {}, "CSP violations, by page or calculation"
    policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "'unsafe-inline'" not in policy
    assert "'unsafe-eval'" not in policy
    assert page.evaluate("[...document.scripts].filter(s => !s.src && s.type !== 'application/json').length") == 0


def test_the_404_page_has_the_same_policy_and_no_inline_script(returning_phone: Phones, hosted_url: str) -> None:
    page = returning_phone(hosted_url).new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    response = page.goto(hosted_url + "no/such/rule/")
    assert response is not None
    assert response.status == 404
    policy = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    assert policy == response.headers["content-security-policy"]
    assert page.evaluate("[...document.scripts].filter(s => !s.src && s.type !== 'application/json').length") == 0
    expect(page.locator("h1")).to_contain_text("This page is not in the rules")
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    assert violations == []


@pytest.mark.first_visit("every request a page makes reaches the network on a first visit, none kept yet")
def test_no_request_to_another_host(first_visit_context: BrowserContext, site_url: str) -> None:
    context = first_visit_context
    local = urlsplit(site_url).netloc
    foreign: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).netloc != local:
            foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    page = context.new_page()
    for path in ("", "terrain/", "other-terrain/", "calculators/"):
        page.goto(site_url + path)
    for section in ("calc-building-damage", "calc-ruin-movement", "calc-hit-split-artillery"):
        page.goto(site_url + PAGE_OF[section])
        wait_for(page, section, section_cpython(section, {}))
    assert foreign == []
