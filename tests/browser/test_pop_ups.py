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


def test_back_to_top_covers_neither_an_answer_nor_where_a_link_lands(returning_page: Page, site_url: str) -> None:
    """Scrolled down a calculator's rules, then up a little (the theme's Back to top shows):
    the button is clear of the calculator's answer, kept under the header, and of the top of
    the screen, where a link's rule or question lands."""
    page = returning_page
    page.goto(site_url + "buildings/#calc-building-damage")
    answer = page.locator("#calc-building-damage .sh-calc__answer")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).to_be_visible(timeout=60_000)
    # Down into the form (its answer sticks under the header), then up a little: Back to top shows.
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(200)  # the scroll down seen by the theme before the scroll up
    page.mouse.wheel(0, -60)
    top = page.locator(".md-top")
    expect(top).to_be_visible()
    expect(answer).to_be_in_viewport()
    button = top.bounding_box()
    bar = answer.bounding_box()
    assert button is not None
    assert bar is not None
    apart = button["y"] >= bar["y"] + bar["height"] or button["y"] + button["height"] <= bar["y"]
    assert apart, ("Back to top over the answer", button, bar)
    assert button["y"] > page.viewport_size["height"] / 2, ("clear of where a link lands", button)
