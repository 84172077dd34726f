"""A pop-up opened low on a phone's screen (a keyword's meaning, a rule's "#" menu) opens where
it fits: above what opened it when there is no room under it, never off the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: What opens each pop-up, and the pop-up.
POP_UPS = {"keyword": ("a.term", ".sh-term-pop"), "rule menu": (".rule-link", ".sh-rule-menu")}
#: The anchor's bottom this far above the screen's bottom: too little room under it for the pop-up.
LOW = 40


@pytest.mark.parametrize("what", list(POP_UPS))
def test_a_pop_up_opened_low_on_the_screen_opens_where_it_fits(returning_page: Page, site_url: str, what: str) -> None:
    page = returning_page
    opener, pop_up = POP_UPS[what]
    page.goto(site_url + "buildings/")
    page.wait_for_load_state("load")
    # One in the page's middle: the page can scroll it to the screen's bottom.
    anchor = page.locator(opener).nth(page.locator(opener).count() // 2)
    anchor.evaluate(f"(a) => window.scrollBy(0, a.getBoundingClientRect().bottom - (innerHeight - {LOW}))")
    low = anchor.bounding_box()
    assert low is not None
    assert low["y"] + low["height"] > page.viewport_size["height"] - LOW - 2, "the opener is low on the screen"
    anchor.tap()
    pop = page.locator(pop_up)
    expect(pop).to_be_visible()
    box = pop.bounding_box()
    header = page.locator(".md-header").bounding_box()
    assert box is not None
    assert header is not None
    assert box["y"] >= header["y"] + header["height"] - 0.5, ("under the header", box)
    assert box["y"] + box["height"] <= page.viewport_size["height"] + 0.5, ("on the screen", box)
    opened = anchor.bounding_box()
    assert opened is not None
    assert box["y"] + box["height"] <= opened["y"] + 0.5, "above what opened it, which stays where the thumb is"


def test_back_to_top_covers_nothing_and_takes_the_player_to_the_top(returning_page: Page, site_url: str) -> None:
    """Scrolled down a calculator, then up a little (where the theme's floating button showed):
    nothing floats over the page, not the answer kept under the header, not the calculator's
    buttons at the screen's foot; the header's page title is Back to top, and takes the player
    there. At the top, where the header shows the site's name, it holds no Tab stop."""
    page = returning_page
    page.goto(site_url + "buildings/#calc-building-damage")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).to_be_visible(timeout=60_000)
    # Down into the form (its answer sticks under the header), then up a little.
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(200)  # the scroll down seen by the theme before the scroll up
    page.mouse.wheel(0, -60)
    page.wait_for_timeout(200)  # the scroll up seen by the theme, which showed its button here
    floating = page.evaluate(
        """() => [...document.querySelectorAll('body *')].filter((e) => {
          if (e.closest('.md-header, .md-sidebar, .md-search, .sh-toast, .md-progress, .md-skip')) return false;
          const style = getComputedStyle(e);
          if (!['fixed', 'sticky'].includes(style.position)) return false;
          if (style.pointerEvents === 'none' || style.visibility === 'hidden') return false;  // takes no tap
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
            && !e.closest('.sh-calc__answer');  // the answer kept under the header: the one
        }).map((e) => e.className)"""
    )
    assert floating == [], ("something floats over the rules", floating)
    top = page.get_by_role("button", name="Back to top: Buildings")
    expect(top).to_be_visible()
    box = top.bounding_box()
    header = page.locator(".md-header").bounding_box()
    assert box is not None
    assert header is not None
    assert box["y"] >= header["y"] - 0.5, ("in the header", box, header)
    assert box["y"] + box["height"] <= header["y"] + header["height"] + 0.5, ("in the header", box, header)
    top.tap()
    page.wait_for_function("() => scrollY === 0")
    expect(page.locator(".md-header__title")).not_to_have_class("md-header__title--active")
    # The site's name again (the theme fades the page's title out): the button out of reach.
    page.wait_for_function("() => document.querySelector('.sh-top').closest('[inert]') !== null")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.sh-top') === null"), "a hidden Tab stop"
