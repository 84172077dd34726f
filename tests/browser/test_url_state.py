"""A calculation's inputs in the URL (``?calc=NAME&input=value…#rule-id``), at 360×740: a shared
link reproduces the calculation, survives what messengers add to it, finds its calculator
(on this page or another) and applies in place on the same page."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect
from support.browser import ANSWER_TIMEOUT, cpython, fill, section_cpython, shown_result, wait_for
from support.calc_cases import CALCULATOR_OF, FIXED, PAGE_OF


def shared(section: str, inputs: dict[str, str], rule: str) -> str:
    query = {"calc": CALCULATOR_OF[section], **FIXED.get(section, {}), **inputs}
    return f"{PAGE_OF[section]}?{urlencode(query)}#{rule}"


def test_a_link_a_messenger_added_fbclid_to_still_answers(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house&fbclid=x")
    expected = cpython("building-damage", {"strength": 8, "building": "wooden-house"})
    wait_for(returning_page, "calc-building-damage", expected)
    section = returning_page.locator("#calc-building-damage")
    expect(section.locator(".sh-calc__headline")).to_contain_text("66.7%")
    expect(section.locator(".sh-calc__error:visible")).to_have_count(0)
    expect(section.locator(".sh-calc__notes")).to_be_hidden()  # tracking parameters: not a word


@pytest.mark.parametrize("tracking", ["gclid=1", "utm_source=news&utm_medium=email", "mc_eid=9", "igshid=a"])
def test_tracking_parameters_are_dropped_silently(returning_page: Page, site_url: str, tracking: str) -> None:
    returning_page.goto(site_url + f"unit-types/?calc=hit-split&target=artillery&hits=4&{tracking}")
    wait_for(returning_page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 4}))
    expect(returning_page.locator("#calc-hit-split-artillery .sh-calc__notes")).to_be_hidden()


def test_other_unknown_parameters_get_a_quiet_note_that_editing_clears(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?calc=building-damage&strength=9&colour=red&fbclid=x#total-collapse")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", {"strength": 9}))
    note = returning_page.locator("#calc-building-damage .sh-calc__notes")
    expect(note).to_be_visible()
    expect(note).to_contain_text("colour=red")
    expect(note).not_to_contain_text("fbclid")
    returning_page.locator("#calc-building-damage-strength").fill("10")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", {"strength": 10}))
    expect(note).to_be_hidden()


def test_a_calculator_on_another_page_is_followed_there_with_the_same_inputs(
    returning_page: Page, site_url: str
) -> None:
    returning_page.goto(site_url + "terrain/?calc=hit-split&target=monstrous-cavalry&hits=5")
    returning_page.wait_for_url(re.compile(r"/unit-types/\?"), timeout=ANSWER_TIMEOUT)
    wait_for(
        returning_page,
        "calc-hit-split-monstrous-cavalry",
        cpython("hit-split", {"target": "monstrous-cavalry", "hits": 5}),
    )
    assert returning_page.url.endswith("#monstrous-cavalry-close-combat-each-hit-against-against-monstrous")


def test_a_calculator_nobody_has_is_said_so(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?calc=charge-range&dice=3")
    note = returning_page.locator(".sh-link-note")
    expect(note).to_be_visible(timeout=ANSWER_TIMEOUT)
    expect(note).to_contain_text('calculator called "charge-range"')
    expect(note.get_by_role("link", name="See the calculators")).to_be_visible()


def test_a_shared_calculation_lands_showing_what_was_asked_with_a_way_to_edit(
    returning_page: Page, site_url: str
) -> None:
    inputs = {"strength": "9", "building": "stone-house", "attack": "shock", "hits": "3", "occupants": "inside"}
    returning_page.goto(site_url + "buildings/?" + urlencode({"calc": "building-damage", **inputs}) + "#total-collapse")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", inputs))
    asked = returning_page.locator("#calc-building-damage .sh-calc__asked")
    expect(asked).to_be_in_viewport()
    expect(asked).to_contain_text("S9 · shock · stone house (AV 13) · 3 hits · unit inside")
    expect(returning_page.locator("#calc-building-damage .sh-calc__headline")).to_be_in_viewport()
    asked.get_by_role("button", name="Edit").tap()
    expect(returning_page.locator("#calc-building-damage-strength")).to_be_focused()
    expect(returning_page.locator("#calc-building-damage-strength")).to_be_in_viewport()


def test_shared_url_reproduces_the_calculation_on_a_fresh_page(returning_page: Page, site_url: str) -> None:
    inputs = {"strength": "7", "building": "wooden-house", "attack": "flame", "hits": "3"}
    returning_page.goto(site_url + shared("calc-building-damage", inputs, "total-collapse"))
    expected = section_cpython("calc-building-damage", inputs)
    wait_for(returning_page, "calc-building-damage", expected)
    assert shown_result(returning_page, "calc-building-damage") == expected
    expect(returning_page.locator("#calc-building-damage-strength")).to_have_value("7")
    expect(returning_page.locator("#calc-building-damage .sh-calc__headline")).to_be_in_viewport()
    expect(returning_page.locator("#calc-building-damage .sh-calc__asked")).to_be_in_viewport()


def test_shared_url_picks_the_calculator_its_fixed_inputs_name(returning_page: Page, site_url: str) -> None:
    inputs = {"hits": "9"}
    returning_page.goto(
        site_url
        + shared(
            "calc-hit-split-monstrous-cavalry",
            inputs,
            "monstrous-cavalry-close-combat-each-hit-against-against-monstrous",
        )
    )
    expected = section_cpython("calc-hit-split-monstrous-cavalry", inputs)
    wait_for(returning_page, "calc-hit-split-monstrous-cavalry", expected)
    assert shown_result(returning_page, "calc-hit-split-monstrous-cavalry") == expected
    expect(returning_page.locator("#calc-hit-split-artillery-hits")).to_have_value("1")


def test_unknown_url_parameter_is_named_and_never_blocks_the_answer(returning_page: Page, site_url: str) -> None:
    returning_page.goto(
        site_url
        + "unit-types/?calc=hit-split&target=artillery&hits=2&colour=red#artillery-shooting-at-artillery-unit-roll-d6-each-hit"
    )
    wait_for(returning_page, "calc-hit-split-artillery", section_cpython("calc-hit-split-artillery", {"hits": "2"}))
    note = returning_page.locator("#calc-hit-split-artillery .sh-calc__notes")
    expect(note).to_be_visible()
    expect(note).to_contain_text("colour=red")
    expect(returning_page.locator("#calc-hit-split-artillery-form-error")).to_be_hidden()


def test_a_link_to_a_calculation_on_the_same_page_applies_in_place(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    wait_for(returning_page, "calc-building-damage", section_cpython("calc-building-damage", {}))
    fill(returning_page, "calc-building-damage", {"strength": "9", "hits": "4"})
    wait_for(
        returning_page, "calc-building-damage", section_cpython("calc-building-damage", {"strength": "9", "hits": "4"})
    )
    returning_page.evaluate("window.__samePage = true")
    returning_page.evaluate(
        """url => { const a = document.createElement('a'); a.href = url; a.textContent = 'shared';
                    document.querySelector('article').append(a); a.click(); }""",
        site_url + "buildings/?calc=building-damage&building=wooden-tower#total-collapse",
    )
    expected = section_cpython("calc-building-damage", {"building": "wooden-tower"})  # strength and hits: defaults
    wait_for(returning_page, "calc-building-damage", expected)
    assert shown_result(returning_page, "calc-building-damage") == expected
    assert returning_page.evaluate("window.__samePage") is True
    assert "building=wooden-tower" in returning_page.url
    returning_page.go_back()
    expect(returning_page).to_have_url(re.compile(r"/buildings/$"))
