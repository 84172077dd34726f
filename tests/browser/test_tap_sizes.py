"""A thumb's size: every control a player taps, on every page at 360 px, has a hit area of at
least 44×44 CSS px that is its own (a tap anywhere on it reaches it, and no other control's
box crosses it), a rule's "#" included, and the chips (→ Ruins, ✎ Agree, ⚖ Reading) that
look smaller. Measured as the page is, and in the states a player opens: the navigation, a
calculator's answer and working, the table with a piece, a rule's menu, a keyword's popover
and the search's results (``support/taps.py`` says how)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support.browser import wait_answer
from support.taps import MIN, tap_targets

from harness.project import PAGE_URLS


def faultless(page: Page, within: str | None = None, *, least: int = 1) -> int:
    """Measure, fail naming every fault, and give how many controls were measured."""
    taps = tap_targets(page, within)
    assert taps.faults == {}, taps.faults
    assert taps.count >= least, f"only {taps.count} controls measured"
    return taps.count


@pytest.mark.parametrize("path", [*PAGE_URLS, "no-such-page/"])
def test_every_control_on_every_page_is_a_thumbs_size_and_its_own(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    faultless(page, least=5)


def test_the_navigation_drawer(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    page.locator("label.md-header__button[for='__drawer']").tap()
    expect(page.locator(".md-sidebar--primary .md-nav__link").first).to_be_in_viewport()
    page.wait_for_timeout(400)  # the drawer slides in over 250 ms: measured where it stops
    faultless(page, ".md-sidebar--primary", least=8)


def test_a_calculators_answer_its_working_and_roll(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    wait_answer(page, "calc-building-damage")
    page.locator("#calc-building-damage summary").tap()
    page.locator("#calc-building-damage button[data-action='roll']").tap()
    expect(page.locator("#calc-building-damage .sh-calc__roll")).to_be_visible()
    page.locator("#calc-building-damage-hits").fill("0")
    expect(page.locator("#calc-building-damage-hits-error")).to_be_visible()  # the error's link to the field
    faultless(page, least=40)


def test_the_table_with_a_piece_and_everything_open(page: Page, site_url: str) -> None:
    page.goto(site_url + "table/")
    page.locator("#add-name").fill("the chapel")
    page.locator(".sh-table__add button[type=submit]").tap()
    expect(page.locator(".sh-piece")).to_have_count(1)
    page.evaluate("document.querySelectorAll('#sh-table details').forEach((d) => { d.open = true; })")
    faultless(page, least=30)


def test_a_rules_menu_and_a_keywords_popover(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    page.locator("#basics-of-buildings-only-infantry-beasts-can-ever a.rule-link").tap()
    menu = page.locator(".sh-rule-menu")
    expect(menu).to_be_visible()
    assert faultless(page, ".sh-rule-menu") >= 3
    page.keyboard.press("Escape")
    page.locator("#basics-of-buildings-only-infantry-beasts-can-ever a.term", has_text="Infantry").tap()
    expect(page.locator(".sh-term-pop")).to_be_visible()
    assert faultless(page, ".sh-term-pop") == 2  # Read the rule, and close


def test_the_searchs_results(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input[data-md-component='search-query']").press_sequentially("barrage")
    # The results of the whole word (links carry their query), not of its first letters.
    expect(page.locator(".md-search-result__link[href*='h=barrage#']").first).to_be_visible()
    faultless(page, ".md-search", least=3)


def test_the_measure_finds_a_small_control_and_an_overlap(page: Page, site_url: str) -> None:
    """The measure can fail: a 30 px button, and two buttons on top of each other, are named."""
    page.goto(site_url + "terrain/")
    page.evaluate(
        """() => {
        const button = (id, css) => {
          const b = document.createElement('button');
          b.id = id;
          b.textContent = id[0];
          Object.assign(b.style, css);
          return b;
        };
        const box = document.createElement('div');
        box.id = 'probe';
        const pair = document.createElement('div');
        Object.assign(pair.style, { position: 'relative', height: '60px' });
        pair.append(
          button('under', { position: 'absolute', top: '0', width: '80px', height: '50px' }),
          button('over', { position: 'absolute', top: '10px', left: '50px', width: '60px', height: '50px' }),
        );
        box.append(button('tiny', { width: '30px', height: '30px' }), pair);
        document.querySelector('article').prepend(box);
      }"""
    )
    taps = tap_targets(page, "#probe")
    assert taps.small == ['button#tiny "t": 30x30'], taps
    assert any("#under" in s and "#over" in s for s in taps.shared), taps
    assert any("#under" in o and "#over" in o for o in taps.overlaps), taps
    assert MIN == 44
