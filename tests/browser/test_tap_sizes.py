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
def test_every_control_on_every_page_is_a_thumbs_size_and_its_own(
    returning_page: Page, site_url: str, path: str
) -> None:
    returning_page.goto(site_url + path)
    returning_page.wait_for_load_state("load")
    faultless(returning_page, least=5)


def test_the_navigation_drawer(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.locator("label.md-header__button[for='__drawer']").tap()
    expect(returning_page.locator(".md-sidebar--primary .md-nav__link").first).to_be_in_viewport()
    returning_page.wait_for_timeout(400)  # the drawer slides in over 250 ms: measured where it stops
    faultless(returning_page, ".md-sidebar--primary", least=8)


def test_a_calculators_answer_its_working_and_roll(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    wait_answer(returning_page, "calc-building-damage")
    returning_page.locator("#calc-building-damage summary").tap()
    returning_page.locator("#calc-building-damage button[data-action='roll']").tap()
    expect(returning_page.locator("#calc-building-damage .sh-calc__roll")).to_be_visible()
    returning_page.locator("#calc-building-damage-hits").fill("0")
    expect(returning_page.locator("#calc-building-damage-hits-error")).to_be_visible()  # the error's link to the field
    faultless(returning_page, least=40)


def test_the_table_with_a_piece_and_everything_open(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "table/")
    returning_page.locator("#add-name").fill("the chapel")
    returning_page.locator(".sh-table__add button[type=submit]").tap()
    expect(returning_page.locator(".sh-piece")).to_have_count(1)
    returning_page.evaluate("document.querySelectorAll('#sh-table details').forEach((d) => { d.open = true; })")
    faultless(returning_page, least=30)


def test_a_rules_menu_and_a_keywords_popover(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.locator("#basics-of-buildings-only-infantry-beasts-can-ever a.rule-link").tap()
    menu = returning_page.locator(".sh-rule-menu")
    expect(menu).to_be_visible()
    assert faultless(returning_page, ".sh-rule-menu") >= 3
    returning_page.keyboard.press("Escape")
    returning_page.locator("#basics-of-buildings-only-infantry-beasts-can-ever a.term", has_text="Infantry").tap()
    expect(returning_page.locator(".sh-term-pop")).to_be_visible()
    assert faultless(returning_page, ".sh-term-pop") == 2  # Read the rule, and close


def test_the_searchs_results(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url)
    returning_page.locator("label.md-header__button[for='__search']").tap()
    returning_page.locator("input[data-md-component='search-query']").press_sequentially("barrage")
    # The results of the whole word (links carry their query), not of its first letters.
    expect(returning_page.locator(".md-search-result__link[href*='h=barrage#']").first).to_be_visible()
    faultless(returning_page, ".md-search", least=3)


def test_the_measure_finds_a_small_control_and_an_overlap(returning_page: Page, site_url: str) -> None:
    """The measure can fail: a 30 px button, and two buttons on top of each other, are named."""
    returning_page.goto(site_url + "terrain/")
    returning_page.evaluate(
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
    taps = tap_targets(returning_page, "#probe")
    assert taps.small == ['button#tiny "t": 30x30'], taps
    assert any("#under" in s and "#over" in s for s in taps.shared), taps
    assert any("#under" in o and "#over" in o for o in taps.overlaps), taps
    assert MIN == 44
