"""Every tool in reach, as a first-time player meets the site on a 360×740 phone: the home page's
first screen starts them on the search, the rules, the calculators, the table and what changed;
a rulebook page with calculators names them at its top, each a jump to it; from any page a
calculator is two taps away (the header's Calculators button, then the calculator); and a
missing page offers the search and the rules."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import PHONE
from support.calc_cases import PAGE_OF

from build_scripts.pages.calculator_forms import load_placements
from harness.project import PAGE_URLS, PROJECT

PLACES = load_placements(PROJECT.path(PROJECT.options.placements).read_text("utf-8"), PROJECT.options.placements)
#: What the home page's first screen starts a player on: each tool's words and where it leads.
TOOLS = {
    "The rules": "#the-rules",
    "Calculators": "calculators/",
    "The table": "table/",
    "What changed": "changes/",
    "Where the rules are silent": "readings/",
}


def tool(page: Page, words: str):
    """The home page's tile of one tool, by its name (exactly)."""
    return page.locator("a.sh-tool", has=page.locator("strong", has_text=re.compile(f"^{re.escape(words)}$")))


def on_first_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the first screen (below the header, above the fold)."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"])


def test_the_home_pages_first_screen_starts_a_player_on_every_tool(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url)
    assert on_first_screen(returning_page, ".sh-start__search")
    for words, href in TOOLS.items():
        tile = tool(returning_page, words)
        expect(tile).to_have_count(1)
        assert tile.evaluate("a => a.href") == site_url + href, words
        box = tile.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= PHONE["height"], f"{words} is below the first screen"
    # The search opens from the page, with the cursor in its field.
    returning_page.locator(".sh-start__search").tap()
    query = returning_page.locator("input[data-md-component='search-query']")
    expect(query).to_be_focused()
    query.press_sequentially("total collapse")
    expect(returning_page.locator(".md-search-result__link[href*='#total-collapse']").first).to_be_visible()


def test_each_tool_on_the_home_page_opens_what_it_names(returning_page: Page, site_url: str) -> None:
    for words, href in TOOLS.items():
        returning_page.goto(site_url)
        tool(returning_page, words).tap()
        if href.startswith("#"):
            expect(returning_page.locator(href)).to_be_in_viewport()
        else:
            expect(returning_page).to_have_url(site_url + href)
            expect(returning_page.locator("h1")).to_be_visible()


@pytest.mark.parametrize("path", sorted(set(PAGE_OF.values())))
def test_a_rulebook_page_names_its_calculators_at_its_top_each_a_jump_to_it(
    returning_page: Page, site_url: str, path: str
) -> None:
    returning_page.goto(site_url + path)
    here = [p for p in PLACES if f"{p.page}/" == path]
    jumps = returning_page.locator(".sh-onpage a.sh-onpage__jump")
    expect(jumps).to_have_count(len(here))
    assert on_first_screen(returning_page, ".sh-onpage")
    assert sorted(jumps.all_text_contents()) == sorted(f"{p.title}" for p in here)
    for place in here:
        returning_page.goto(site_url + path)
        jumps.filter(has_text=place.title).tap()
        expect(returning_page.locator(f"#{place.instance_id} .sh-calc__title")).to_be_in_viewport()


@pytest.mark.parametrize("path", [*PAGE_URLS, "no/such/page/"])
def test_a_calculator_is_two_taps_from_any_page(returning_page: Page, site_url: str, path: str) -> None:
    """The header's Calculators button (one tap), then the calculator (the second)."""
    place = PLACES[len(path) % len(PLACES)]  # a different calculator from different pages
    returning_page.goto(site_url + path)
    returning_page.locator(".md-header a.sh-header-calculators").tap()
    expect(returning_page).to_have_url(site_url + "calculators/")
    returning_page.locator(f"a.sh-tool#{place.instance_id}").tap()
    expect(returning_page).to_have_url(re.compile(re.escape(f"{site_url}{place.page}/#{place.instance_id}") + "$"))
    expect(returning_page.locator(f"#{place.instance_id} .sh-calc__title")).to_be_in_viewport()


def test_the_header_button_still_leads_to_the_calculators_after_instant_navigation(
    returning_page: Page, site_url: str
) -> None:
    """Instant navigation keeps the first page's header: its link holds from any depth."""
    returning_page.goto(site_url)
    tool(returning_page, "The table").tap()
    expect(returning_page).to_have_url(site_url + "table/")
    returning_page.locator(".md-header a.sh-header-calculators").tap()
    expect(returning_page).to_have_url(site_url + "calculators/")
    expect(returning_page.locator("h1")).to_have_text(re.compile("^Calculators"))


def test_a_missing_page_offers_the_search_and_the_rules(returning_page: Page, site_url: str) -> None:
    response = returning_page.goto(site_url + "buildings/no-such-rule/deeper/")
    assert response is not None
    assert response.status == 404
    expect(returning_page.locator("h1")).to_have_text(re.compile("^This page is not in the rules"))
    rules = returning_page.locator(".sh-page-list a")
    expect(rules).to_have_count(len([p for p in PROJECT.options.pages if p.kind == "rulebook" and not p.group]))
    rules.filter(has_text="Ruins").tap()
    expect(returning_page).to_have_url(site_url + "ruins/")
    returning_page.goto(site_url + "nothing-here/")
    returning_page.locator(".sh-start__search").tap()
    expect(returning_page.locator("input[data-md-component='search-query']")).to_be_focused()
