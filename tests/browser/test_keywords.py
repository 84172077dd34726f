"""Keywords you can tap: a defined term's first use in a rule shows its definition in a
popover (touch and keyboard) with a link to the rule; terms defined elsewhere are not links."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect


def test_tapping_a_keyword_shows_its_definition_without_leaving_the_page(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "ruins/#ruins-the-basics-all-ruins-difficult-area-terrain")
    rule = returning_page.locator("#ruins-the-basics-all-ruins-difficult-area-terrain")
    term = rule.locator("a.term", has_text="difficult area terrain")
    expect(rule).to_contain_text("All ruins are difficult area terrain, and so provide a cover save")
    term.tap()
    pop = returning_page.get_by_role("dialog", name="Difficult Terrain")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Difficult terrain slows down models wishing to move through it")
    expect(pop).to_contain_text("Types of Terrain › Difficult Terrain")
    expect(pop.get_by_role("link", name="Read the rule")).to_have_attribute(
        "href", re.compile(r"terrain/#difficult-terrain-slows-down-models-wishing-move$")
    )
    expect(term).to_have_attribute("aria-expanded", "true")
    assert returning_page.url.endswith("/ruins/#ruins-the-basics-all-ruins-difficult-area-terrain")  # still here
    returning_page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    expect(term).to_be_focused()


def test_a_keyword_opens_from_the_keyboard_and_its_link_reads_the_rule(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    term = returning_page.locator("#attacking-buildings-building-reaches-0-armour-value a.term").first
    term.focus()
    returning_page.keyboard.press("Enter")
    pop = returning_page.locator(".sh-term-pop")
    expect(pop).to_be_visible()
    expect(pop.get_by_role("link", name="Read the rule")).to_be_focused()
    pop.get_by_role("link", name="Read the rule").press("Enter")
    returning_page.wait_for_url(re.compile(r"#attacking-buildings-result-greater-than-armour-value$|#total-collapse$"))


def test_keywords_pass_axe_with_a_popover_open(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "terrain/")
    returning_page.locator("a.term").first.tap()
    expect(returning_page.locator(".sh-term-pop")).to_be_visible()
    results = Axe().run(
        returning_page,
        options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}},
    )
    assert [v["id"] for v in results.response["violations"]] == []


def test_terms_defined_outside_these_sections_are_not_links(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    rule = returning_page.locator("#fighting-inside-buildings-units-inside-buildings-fearless-but")
    expect(rule).to_contain_text("Units inside Buildings are Fearless")
    expect(rule.locator("a.term", has_text="Fearless")).to_have_count(0)
