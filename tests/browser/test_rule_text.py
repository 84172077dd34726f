"""The book's words as printed: ``page XX`` verbatim with the site's help beside it,
references that link to their rule, chart rows read "roll: name", titles, and the table
of contents' shortcuts to the chart and each calculator."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect


@pytest.mark.parametrize("path", ["terrain/", "buildings/", "unit-types/"])
def test_page_xx_appears_verbatim_with_help_beside_it(returning_page: Page, site_url: str, path: str) -> None:
    returning_page.goto(site_url + path)
    references = returning_page.locator("article .xref")
    assert references.count() > 0
    for n in range(references.count()):
        expect(references.nth(n)).to_have_text("page XX")
        expect(references.nth(n).locator("xpath=following-sibling::*[1]")).to_have_class(re.compile(r"\bxref-help\b"))


def test_not_in_these_sections_explains_itself_on_tap(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "terrain/#difficult-terrain-models-moving-into-through-out")
    rule = returning_page.locator("#difficult-terrain-models-moving-into-through-out")
    expect(rule).to_contain_text("must take a Difficult Terrain test(see page XX")
    mark = rule.get_by_role("button", name="not in these sections")
    note = rule.locator(".xref-note")
    expect(note).to_be_hidden()
    mark.tap()
    expect(mark).to_have_attribute("aria-expanded", "true")
    expect(note).to_be_visible()
    expect(note).to_contain_text("the Difficult Terrain test is not in these sections")
    mark.tap()
    expect(note).to_be_hidden()


def test_a_linked_reference_goes_to_its_rule(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "terrain/#impassable-terrain-rules-impassable-terrain-cover-those")
    returning_page.locator("#impassable-terrain-rules-impassable-terrain-cover-those a.xref-help").tap()
    returning_page.wait_for_url(re.compile(r"/unit-types/#flyer-units$"))
    expect(returning_page.locator("#flyer-units")).to_be_in_viewport()


def test_chart_rows_read_roll_colon_name(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/#total-collapse")
    name = returning_page.locator("#total-collapse .chart-row__name")
    assert name.inner_text().startswith("6: Total Collapse")
    roll, colon = returning_page.evaluate(
        """() => { const roll = document.querySelector('#total-collapse .chart-row__roll');
                   const range = document.createRange(); range.setStart(roll.nextSibling, 0); range.setEnd(roll.nextSibling, 1);
                   return [roll.getBoundingClientRect().right, range.getBoundingClientRect().left]; }"""
    )
    assert abs(colon - roll) < 1, "a space shows between the roll and its colon"


def test_the_home_page_title_is_the_site_name_once(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url)
    expect(returning_page).to_have_title("Scrollhammer Rules")


def test_the_table_of_contents_lists_the_chart_and_each_calculator(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    toc = returning_page.locator("nav.md-nav--secondary")
    expect(toc.get_by_role("link", name="Building Damage Chart")).to_have_attribute("href", re.compile(r"#breach$"))
    expect(toc.get_by_role("link", name="Building damage calculator")).to_have_attribute(
        "href", re.compile(r"#calc-building-damage$")
    )
    returning_page.goto(site_url + "unit-types/")
    toc = returning_page.locator("nav.md-nav--secondary")
    expect(toc.get_by_role("link", name="Artillery hit split")).to_have_attribute(
        "href", re.compile(r"#calc-hit-split-artillery$")
    )
    expect(toc.get_by_role("link", name="Monstrous Cavalry hit split")).to_be_attached()
