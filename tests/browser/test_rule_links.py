"""Linking one exact rule, at 360×740: a link lands on the rule, highlighted, below the
header (on the sites of both generators); the rule's # opens its menu, which copies the
rule's link, from touch and keyboard."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, expect
from support.browser import assert_arrived
from support.expected import card_link
from support.visitors import Phones


def test_deep_link_to_the_total_collapse_row(returning_phone: Phones, player_url: str) -> None:
    page = returning_phone(player_url).new_page()
    page.goto(player_url + "buildings/#total-collapse")
    assert_arrived(page, "total-collapse")
    expect(page.locator("#total-collapse")).to_contain_text("6: Total Collapse")


def test_deep_link_to_the_zero_armour_value_paragraph(returning_phone: Phones, player_url: str) -> None:
    page = returning_phone(player_url).new_page()
    rule = "attacking-buildings-building-reaches-0-armour-value"
    page.goto(player_url + f"buildings/#{rule}")
    assert_arrived(page, rule)
    expect(page.locator(f"#{rule}")).to_have_text(
        re.compile(r"^If a Building reaches 0 armour value, it immediately suffers Total Collapse\.")
    )


def test_copy_link_control_puts_the_rule_url_on_the_clipboard(returning_context: BrowserContext, site_url: str) -> None:
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = returning_context.new_page()
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
    assert page.evaluate("navigator.clipboard.readText()") == card_link(site_url, "buildings", "tremor")
    expect(page.locator("#tremor")).to_have_class(re.compile(r"\brule--target\b"))


def test_heading_link_control_is_visible_and_copies(returning_context: BrowserContext, site_url: str) -> None:
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = returning_context.new_page()
    page.goto(site_url + "unit-types/")
    control = page.locator("#artillery-shooting-at-artillery .headerlink")
    control.scroll_into_view_if_needed()
    expect(control).to_be_visible()
    assert float(control.evaluate("el => getComputedStyle(el).opacity")) == 1
    control.tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Copy link").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == card_link(
        site_url, "unit-types", "artillery-shooting-at-artillery"
    )


def test_the_rule_menu_works_from_the_keyboard(returning_context: BrowserContext, site_url: str) -> None:
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = returning_context.new_page()
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
