"""Pages everyone can use: axe-core finds nothing on any kind of page (``PAGE_KINDS``) or
calculator state, light and dark; no sideways scroll at 320 and 360 px (tap targets: test_tap_sizes.py); every control works
from the keyboard. (Lighthouse's scores, accessibility among them, are ``make bench-lighthouse``'s.)"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import site_pages
from support.browser import ANSWER_TIMEOUT, CALCULATORS, axe_violations, wait_answer
from support.calc_cases import CALCULATOR_OF, PAGE_OF, SECTIONS
from support.visitors import Phones

from build_scripts.core.model import page_url
from harness.project import PAGE_KINDS, PAGE_URLS

TEXT_PAGES = [page_url(p.name) for p in site_pages() if p.kind != "calculators"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_every_kind_of_page(returning_phone: Phones, scheme: str, site_url: str) -> None:
    page = returning_phone(color_scheme=scheme).new_page()
    found = {}
    for path in PAGE_KINDS:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        violations = axe_violations(page)
        if violations:
            found[path or "home"] = violations
    assert found == {}, json.dumps(found, indent=1)


@pytest.mark.first_visit("a calculator whose runtime cannot be fetched: a returning phone has a copy of it")
@pytest.mark.parametrize("section", SECTIONS)
def test_axe_on_each_calculator_idle_error_result(
    first_visit_context: BrowserContext, returning_page: Page, site_url: str, section: str
) -> None:
    first_visit_context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = first_visit_context.new_page()
    page.goto(site_url + PAGE_OF[section])
    expect(page.locator(f"#{section} .sh-calc__status")).to_contain_text("could not start", timeout=ANSWER_TIMEOUT)
    found = {"idle": axe_violations(page)}

    page = returning_page
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    page.locator(f"#{section} summary").click()
    found["result"] = axe_violations(page)
    spec = next(i for i in CALCULATORS[CALCULATOR_OF[section]].inputs if i.kind == "int")
    page.locator(f"#{section}-{spec.name}").fill("0")
    expect(page.locator(f"#{section}-{spec.name}-error")).to_be_visible(timeout=ANSWER_TIMEOUT)
    found["error"] = axe_violations(page)
    assert {k: v for k, v in found.items() if v} == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("path", PAGE_URLS)
def test_no_sideways_scroll_at_320(returning_phone: Phones, site_url: str, path: str) -> None:
    page = returning_phone(viewport={"width": 320, "height": 640}).new_page()
    page.goto(site_url + path)
    for section in page.locator("section.sh-calc").all():
        sid = section.get_attribute("id")
        wait_answer(page, sid or "")
        page.locator(f"#{sid} summary").click()
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(el => el.getBoundingClientRect().right > 320.5)
            .filter(el => !el.closest('[role=region][aria-label]'))
            .filter(el => getComputedStyle(el).visibility !== 'hidden' && el.offsetParent !== null)
            .map(el => el.tagName + '.' + el.className)
            .slice(0, 5)"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, overflowing


@pytest.mark.parametrize("path", TEXT_PAGES)
def test_no_horizontal_scroll(returning_page: Page, site_url: str, path: str) -> None:
    returning_page.goto(site_url + path)
    width = returning_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{path or 'home'} scrolls sideways ({width}px)"


@pytest.mark.parametrize("section", SECTIONS)
def test_keyboard_reaches_and_operates_every_control(returning_phone: Phones, site_url: str, section: str) -> None:
    page = returning_phone(viewport={"width": 412, "height": 823}, is_mobile=False, has_touch=False).new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    # Every control the player can see (a field hidden because it changes nothing is not one).
    controls = page.evaluate(
        """sel => [...document.querySelectorAll(sel + ' input:not([type=hidden]), ' + sel + ' select, '
                   + sel + ' button, ' + sel + ' summary')].filter(el => el.getClientRects().length > 0)
                   .map(el => el.id || el.dataset.action || el.tagName)""",
        f"#{section}",
    )
    page.locator(f"#{section}-title").evaluate("el => { el.tabIndex = -1; el.focus(); }")  # start at the top
    reached, visible = [], []
    for _ in range(len(controls) + 40):
        info = page.evaluate(
            """sel => { const el = document.activeElement; const s = getComputedStyle(el);
                return { inside: !!el.closest(sel), key: el.id || el.dataset.action || el.tagName,
                         focusVisible: el.matches(':focus-visible'),
                         ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none' }; }""",
            f"#{section}",
        )
        if info["inside"]:
            reached.append(info["key"])
            visible.append(info["ring"] or not info["focusVisible"])
        page.keyboard.press("Tab")
    missing = [c for c in controls if c not in reached]
    assert not missing, missing
    assert all(visible), "a focused control shows no focus ring"
    # Operate: change a value, roll with Enter, open the working with Space.
    page.locator(f"#{section} button[data-action='roll']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#{section} .sh-calc__roll")).to_be_visible()
    page.locator(f"#{section} summary").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"#{section} details.sh-calc__working")).to_have_attribute("open", "")


def test_palette_toggle_switches_light_and_dark(returning_page: Page, site_url: str) -> None:
    returning_page.emulate_media(color_scheme="light")
    returning_page.goto(site_url + "ruins/")
    scheme = returning_page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme == "default"
    returning_page.locator("form[data-md-component='palette'] label:visible").first.tap()
    returning_page.locator("form[data-md-component='palette'] label:visible").first.tap()
    assert returning_page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"


@pytest.mark.parametrize("path", ["ruins/", "table/"])
def test_skip_to_content_moves_the_focus_to_the_rules(returning_phone: Phones, site_url: str, path: str) -> None:
    """The first Tab shows "Skip to content"; Enter on it, then Tab: the focus is on the page's
    first control among its words, not back in the header."""
    page = returning_phone(viewport={"width": 412, "height": 823}, is_mobile=False, has_touch=False).new_page()
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('a.md-skip')"), "the first Tab is Skip to content"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    where = page.evaluate(
        """() => { const el = document.activeElement;
            return [!!el.closest('.md-content'), !!el.closest('.md-header'), el.outerHTML.slice(0, 80)]; }"""
    )
    assert where[:2] == [True, False], where


def test_nothing_off_the_screen_takes_the_focus_and_the_opened_drawer_does(
    returning_phone: Phones, site_url: str
) -> None:
    """Tab through a rule page's first forty stops at a phone's width: each is on the screen
    (the closed drawer's links are not in the Tab order); opened, the drawer's links are."""
    page = returning_phone(viewport={"width": 412, "height": 823}, is_mobile=False, has_touch=False).new_page()
    page.goto(site_url + "ruins/")
    page.wait_for_load_state("load")
    off = []
    for _ in range(40):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => { const el = document.activeElement;
                // A control drawn by a label: where its label is. The theme's palette switch is
                // a radio whose shown label is the next option's: where the switch is.
                const shown = el.matches('.md-option') ? el.closest('form') || el
                  : [...(el.labels || [])].find((l) => l.getClientRects().length) || el;
                const r = shown.getBoundingClientRect();
                return { off: r.right <= 0 || r.left >= innerWidth || r.width === 0,
                         drawer: !!el.closest('.md-sidebar--primary'), what: el.outerHTML.slice(0, 60) }; }"""
        )
        if where["off"] or where["drawer"]:
            off.append(where["what"])
    assert off == [], off
    page.locator("label.md-header__button[for='__drawer']").click()
    expect(page.locator(".md-sidebar--primary")).to_be_in_viewport()
    reached = False
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.md-sidebar--primary')"):
            reached = True
            break
    assert reached, "the opened drawer's links take the focus"
