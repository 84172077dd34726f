"""One router for taps (``docs/assets/js/taps.mjs``): on a rules page every kind of tap has its
handler (the order they are offered a tap in is tested in Node: ``tests/js/test_taps.py``);
each does what it says on this page and leads to another page where it should, and still
does after instant navigation. A keyword defined on the same page opens its
popover where it is, as every other keyword does (it used to jump thousands of pixels to its
definition and add a history entry)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

#: Where Buildings uses "battlements", a term it defines itself (further down the page).
SAME_PAGE_TERM = "#fighting-inside-buildings-models-inside-buildings-except-battlements a.term"
BATTLEMENTS = "battlements-rooms-open-topped-considered-battlements"
#: Where Buildings uses "Infantry", a term Unit types defines.
OTHER_PAGE_TERM = "#basics-of-buildings-only-infantry-beasts-can-ever a.term"


def registered(page: Page) -> list[str]:
    """The kinds of tap the page's modules registered a handler for."""
    return list(page.evaluate("() => import('./../assets/js/taps.mjs').then((m) => m.registered())"))


def test_every_kind_of_tap_has_its_handler_on_a_rules_page(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    assert registered(returning_page) == [
        "skip-link",
        "xref-note",
        "rule-menu",
        "keyword",
        "search-button",
        "calculation-link",
        "as-of-link",
        "in-page-link",
    ]


def where(page: Page) -> tuple[float, str, int]:
    return page.evaluate("() => [Math.round(window.scrollY), location.href, history.length]")


def test_a_keyword_defined_on_the_same_page_opens_its_popover_in_place(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    term = returning_page.locator(SAME_PAGE_TERM)
    term.scroll_into_view_if_needed()
    before = where(returning_page)
    term.tap()
    pop = returning_page.get_by_role("dialog", name="Battlements")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Rooms that are open-topped are considered Battlements.")
    assert where(returning_page) == before, "no jump, no new address, no history entry"
    # Its link goes there, in the page: the definition highlighted.
    pop.get_by_role("link", name="Read the rule").tap()
    expect(pop).to_be_hidden()
    expect(returning_page).to_have_url(re.compile(f"#{BATTLEMENTS}$"))
    expect(returning_page.locator(f"#{BATTLEMENTS}")).to_have_class(re.compile("rule--target"))
    expect(returning_page.locator(f"#{BATTLEMENTS}")).to_be_in_viewport()


def test_a_keyword_defined_on_another_page_opens_its_popover_and_its_link_goes_there(
    returning_page: Page, site_url: str
) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.locator(OTHER_PAGE_TERM).first.tap()
    pop = returning_page.get_by_role("dialog", name="Infantry")
    expect(pop).to_be_visible()
    pop.get_by_role("link", name="Read the rule").tap()
    expect(returning_page).to_have_url(re.compile(r"/unit-types/#infantry-rare-cases-infantry-unit-may$"))


def test_a_rules_hash_opens_its_menu_and_a_tap_elsewhere_closes_it(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.locator("#tremor a.rule-link").tap()
    menu = returning_page.get_by_role("menu", name="This rule")
    expect(menu).to_be_visible()
    expect(returning_page).to_have_url(re.compile(r"/buildings/#tremor$"))
    returning_page.locator("h1").tap()
    expect(menu).to_have_count(0)
    returning_page.locator("h2#building-size a.headerlink").tap()
    expect(returning_page.get_by_role("menu", name="This rule")).to_be_visible()


def test_a_cross_references_mark_and_link(returning_page: Page, site_url: str) -> None:
    """A "not in these sections" mark opens its note; a reference's link leads to its rule on another page."""
    returning_page.goto(site_url + "terrain/")
    mark = returning_page.locator("button.xref-help--missing").first
    mark.tap()
    expect(mark).to_have_attribute("aria-expanded", "true")
    expect(returning_page.locator(f"#{mark.get_attribute('aria-controls')}")).to_be_visible()
    returning_page.goto(site_url + "buildings/")
    returning_page.locator("#buildings-vs-ruins-important-note-rules-cover-intact a.xref-help").tap()
    expect(returning_page).to_have_url(re.compile(r"/ruins/#ruins$"))


def test_a_link_to_a_place_on_this_page_highlights_it_without_a_reload(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.evaluate("window.__stayed = true")
    returning_page.locator(".sh-onpage a.sh-onpage__jump").first.tap()
    expect(returning_page).to_have_url(re.compile("#calc-building-damage$"))
    assert returning_page.evaluate("window.__stayed") is True


def test_a_link_to_this_page_as_of_today_loads_todays_rules(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?as-of=2026-12-01")
    banner = returning_page.locator(".sh-asof")
    expect(banner).to_be_visible()
    returning_page.evaluate("window.__stayed = true")
    returning_page.locator("a.sh-asof__today").tap()
    expect(returning_page).to_have_url(site_url + "buildings/")
    expect(banner).to_have_count(0)
    assert returning_page.evaluate("window.__stayed === undefined"), "loaded afresh"


@pytest.mark.parametrize("tap", ["keyword", "rule-menu"])
def test_taps_still_routed_after_instant_navigation(returning_page: Page, site_url: str, tap: str) -> None:
    returning_page.goto(site_url)
    returning_page.evaluate("window.__stayed = true")
    returning_page.locator(".md-content a[href*='buildings']").first.tap()
    expect(returning_page).to_have_url(site_url + "buildings/")
    assert returning_page.evaluate("window.__stayed") is True, "an instant navigation, not a load"
    if tap == "keyword":
        returning_page.locator(SAME_PAGE_TERM).tap()
        expect(returning_page.get_by_role("dialog", name="Battlements")).to_be_visible()
    else:
        returning_page.locator("#tremor a.rule-link").tap()
        expect(returning_page.get_by_role("menu", name="This rule")).to_be_visible()
