"""Roll it: real dice from the browser's crypto RNG, played out by the same Python."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser import cpython, fill, section_cpython, wait_for
from support.calc_cases import CHARGE_SECTION


def test_roll_it_rolls_real_dice(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/")
    wait_for(returning_page, "calc-hit-split-artillery", section_cpython("calc-hit-split-artillery", {}))
    fill(returning_page, "calc-hit-split-artillery", {"hits": "6"})
    wait_for(returning_page, "calc-hit-split-artillery", section_cpython("calc-hit-split-artillery", {"hits": "6"}))
    returning_page.locator("#calc-hit-split-artillery button[data-action='roll']").tap()
    box = returning_page.locator("#calc-hit-split-artillery .sh-calc__roll")
    expect(box).to_contain_text(re.compile(r"Rolled( [1-6]){6}\."))
    text = box.inner_text()
    faces = [int(f) for f in re.search(r"Rolled((?: [1-6]){6})\.", text).group(1).split()]  # type: ignore[union-attr]
    on_piece = sum(1 for f in faces if f <= 3)
    assert f"{on_piece} on the artillery piece, {6 - on_piece} on the crew" in text


def test_roll_it_rolls_a_charge(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=cavalry&distance=9")
    wait_for(returning_page, CHARGE_SECTION, cpython("charge-and-fall-back", {"unit_type": "cavalry", "distance": "9"}))
    returning_page.locator(f"#{CHARGE_SECTION} button[data-action='roll']").tap()
    lines = returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__roll li")
    expect(lines.first).to_have_text(re.compile(r'^Rolled [1-6] [1-6] [1-6]: \d+"\.$'))
    rolled = int(re.search(r': (\d+)"', lines.first.inner_text()).group(1))  # type: ignore[union-attr]
    expect(lines.last).to_contain_text("makes" if rolled >= 9 else "falls short of")
