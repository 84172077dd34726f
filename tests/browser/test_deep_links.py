"""What a player does with a rule link, in real Chromium at 360×740."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import site_pages

PAGES = [p.url for p in site_pages() if p.kind != "calculators"]


def header_bottom(page: Page) -> float:
    return page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")


def assert_arrived(page: Page, rule_id: str) -> None:
    block = page.locator(f"[id='{rule_id}']")
    expect(block).to_have_class(re.compile(r"\brule--target\b"))
    expect(block).to_be_in_viewport()
    top = block.evaluate("el => el.getBoundingClientRect().top")
    assert top >= header_bottom(page) - 1, "the rule is hidden under the sticky header"


def test_deep_link_to_the_total_collapse_row(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/#total-collapse")
    assert_arrived(page, "total-collapse")
    expect(page.locator("#total-collapse")).to_contain_text("6: Total Collapse")


def test_deep_link_to_the_zero_armour_value_paragraph(page: Page, site_url: str) -> None:
    rule = "attacking-buildings-building-reaches-0-armour-value"
    page.goto(site_url + f"buildings/#{rule}")
    assert_arrived(page, rule)
    expect(page.locator(f"#{rule}")).to_have_text(
        re.compile(r"^If a Building reaches 0 armour value, it immediately suffers Total Collapse\.")
    )


def test_copy_link_control_puts_the_rule_url_on_the_clipboard(context: BrowserContext, site_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.goto(site_url + "buildings/")
    control = page.locator("#tremor .rule-link")
    box = control.bounding_box()
    assert box is not None
    assert box["width"] >= 24
    assert box["height"] >= 24
    control.scroll_into_view_if_needed()
    control.tap()
    menu = page.get_by_role("menu", name="This rule")
    expect(menu).to_be_visible()
    expect(control).to_have_attribute("aria-expanded", "true")
    menu.get_by_role("menuitem", name="Copy link").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link copied")
    expect(menu).to_be_hidden()
    assert page.evaluate("navigator.clipboard.readText()") == site_url + "buildings/#tremor"
    expect(page.locator("#tremor")).to_have_class(re.compile(r"\brule--target\b"))


def test_heading_link_control_is_visible_and_copies(context: BrowserContext, site_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.goto(site_url + "unit-types/")
    control = page.locator("#artillery-shooting-at-artillery .headerlink")
    control.scroll_into_view_if_needed()
    expect(control).to_be_visible()
    assert float(control.evaluate("el => getComputedStyle(el).opacity")) == 1
    control.tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Copy link").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == site_url + "unit-types/#artillery-shooting-at-artillery"


def test_the_rule_menu_works_from_the_keyboard(context: BrowserContext, site_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.goto(site_url + "buildings/")
    control = page.locator("#tremor .rule-link")
    control.focus()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu", name="This rule")
    expect(menu.get_by_role("menuitem", name="Copy link")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Copy quote")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(control).to_be_focused()


def test_search_for_battlements_opens_at_the_paragraph(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input[data-md-component='search-query']").press_sequentially("battlements", delay=20)
    result = page.locator(".md-search-result__link[href*='#']").first
    expect(result).to_be_visible()
    href = result.get_attribute("href") or ""
    rule_id = href.split("#", 1)[1]
    result.tap()
    page.wait_for_url(re.compile(r"#" + re.escape(rule_id) + "$"))
    block = page.locator(f"[id='{rule_id}']")
    expect(block).to_contain_text(re.compile("battlements", re.IGNORECASE))
    assert_arrived(page, rule_id)
    assert block.evaluate("el => el.matches('p.rule, li.rule')"), "the result should open at a paragraph"


@pytest.mark.parametrize("path", PAGES)
def test_no_horizontal_scroll(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{path or 'home'} scrolls sideways ({width}px)"


@pytest.mark.parametrize("path", PAGES)
def test_rule_link_tap_targets_are_at_least_24px(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    small = page.evaluate(
        """() => [...document.querySelectorAll('a.rule-link, a.headerlink, .md-header__button, .md-nav__link')]
              .filter(el => el.offsetParent !== null)
              .map(el => el.getBoundingClientRect())
              .filter(r => r.width > 0 && (r.width < 24 || r.height < 24))
              .length"""
    )
    assert small == 0


def test_palette_toggle_switches_light_and_dark(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="light")
    page.goto(site_url + "ruins/")
    scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme == "default"
    page.locator("form[data-md-component='palette'] label:visible").first.tap()
    page.locator("form[data-md-component='palette'] label:visible").first.tap()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"


def test_instant_navigation_keeps_the_page_alive(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.evaluate("window.__marker = 42")
    page.locator("article").get_by_role("link", name="Terrain", exact=True).click()
    page.wait_for_url(re.compile(r"/terrain/$"))
    expect(page.locator("h1")).to_have_text(re.compile("Types of Terrain"))
    assert page.evaluate("window.__marker") == 42, "a full page load happened instead of instant navigation"
