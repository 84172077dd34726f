"""The calculators in the page, in real Chromium at 360×740, against CPython: every case
answers exactly as the command line does (on the sites of both generators), and each
calculator sits after its rule."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support.browser import CALCULATORS, fill, section_cpython, shown_result, wait_for
from support.calc_cases import CALCULATOR_OF, CASES, CHARGE_SECTION, PAGE_OF
from support.visitors import Phones


@pytest.mark.parametrize("section", sorted(set(PAGE_OF)))
def test_page_results_equal_cpython(returning_phone: Phones, player_url: str, section: str) -> None:
    cases = [inputs for sid, inputs in CASES if sid == section]
    page = returning_phone(player_url).new_page()
    page.goto(player_url + PAGE_OF[section])
    for inputs in cases:
        fill(page, section, inputs)
        expected = section_cpython(section, inputs)
        wait_for(page, section, expected)
        assert shown_result(page, section) == expected, inputs


def test_at_least_twenty_input_sets_are_compared() -> None:
    assert len(CASES) >= 20
    assert {CALCULATOR_OF[s] for s, _ in CASES} == set(CALCULATORS)


def test_the_charge_calculator_sits_after_the_cavalry_rules(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/")
    placed = returning_page.locator(f"#cavalry-fall-back-moves-make-fall-back-moves-just ~ section#{CHARGE_SECTION}")
    expect(placed).to_have_count(1)
    expect(
        returning_page.locator("nav.md-nav--secondary").get_by_role("link", name="Charge and fall back calculator")
    ).to_be_attached()
