"""Readings in the page, on a 360×740 phone: both answers side by side, the other reading
tapped becomes the answer and its link carries it, the readings page lists every reading,
and hostile reading values in a link change nothing and inject nothing."""

from __future__ import annotations

import base64
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.browser import ANSWER_TIMEOUT, CALCULATORS, axe_violations
from support.calc_cases import CHARGE_SECTION
from support.hostile import PAYLOADS, SUSPICIOUS
from support.visitors import guarded

from calculators.registry import all_readings

BUILDING = "calc-building-damage"


def cpython(name: str, given: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """CPython's result and view for these inputs (readings included), as the page gets them."""
    calc = CALCULATORS[name]
    result = calc.compute(given)
    return json.loads(json.dumps(result, default=str)), json.loads(json.dumps(calc.present(result)))


def wait_readings(page: Page, section: str, readings: dict[str, str]) -> dict[str, Any]:
    """Wait until the section shows a result that used these readings; return it."""
    page.wait_for_function(
        """([sel, want]) => {
            const box = document.querySelector(sel + ' .sh-calc__result');
            return !!box && !!box.dataset.result && JSON.stringify(JSON.parse(box.dataset.result).readings) === want;
        }""",
        arg=[f"#{section}", json.dumps(readings, separators=(",", ":"))],
        timeout=ANSWER_TIMEOUT,
    )
    return json.loads(page.locator(f"#{section} .sh-calc__result").get_attribute("data-result") or "{}")


@pytest.fixture
def clipboard(returning_context: BrowserContext, site_url: str) -> BrowserContext:
    """A returning player's phone whose clipboard the page may write and the test read."""
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    return returning_context


def test_two_readings_show_both_answers_and_the_other_one_tapped_becomes_the_answer(
    clipboard: BrowserContext, site_url: str
) -> None:
    page = clipboard.new_page()
    page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=cavalry&distance=10")
    wait_readings(page, CHARGE_SECTION, {"roll-reaches": "equal"})
    _, view = cpython("charge-and-fall-back", {"unit_type": "cavalry", "distance": "10"})
    box = page.locator(f"#{CHARGE_SECTION} .sh-calc__readings")
    expect(box).to_be_visible()
    expect(box).to_contain_text("a roll equal to the distance makes it (the site's reading)")
    (other,) = view["readings"][0]["others"]
    assert other["change"] == 'Makes the 10" charge: 62.5% → 50.0%'
    expect(box.locator(".sh-calc__reading-other")).to_contain_text(other["change"])
    expect(page.locator(f"#{CHARGE_SECTION} .sh-calc__headline")).to_contain_text("62.5%")
    box.get_by_role("button", name="Use this reading: only a greater roll makes it").tap()
    result = wait_readings(page, CHARGE_SECTION, {"roll-reaches": "greater"})
    assert result["success"] == "1/2"
    expect(page.locator(f"#{CHARGE_SECTION} .sh-calc__headline")).to_contain_text("50.0%")
    expect(box).to_contain_text("only a greater roll makes it (not the site's reading, as you chose)")
    expect(box.locator(".sh-calc__reading-other")).to_contain_text("62.5%")
    page.locator(f"#{CHARGE_SECTION} button[data-action='copy-link']").tap()
    page.wait_for_function("() => navigator.clipboard.readText().then((t) => t.includes('reading.'))")
    link = page.evaluate("navigator.clipboard.readText()").split("\n")[-1]
    assert parse_qs(urlsplit(link).query)["reading.roll-reaches"] == ["greater"]
    # The link answers the same on another phone, saying the link chose it.
    other_page = clipboard.new_page()
    other_page.goto(link)
    assert wait_readings(other_page, CHARGE_SECTION, {"roll-reaches": "greater"})["success"] == "1/2"
    expect(other_page.locator(f"#{CHARGE_SECTION} .sh-calc__readings")).to_contain_text("as the link reads it")
    assert axe_violations(other_page) == []


def test_where_no_other_reading_changes_the_answer_nothing_more_is_shown(returning_page: Page, site_url: str) -> None:
    # A normal attack: no chart modifier, so the chart's ends are never passed.
    returning_page.goto(site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house")
    wait_readings(returning_page, BUILDING, {})
    expect(returning_page.locator(f"#{BUILDING} .sh-calc__readings")).to_be_hidden()
    # Flame against wood: the reading matters, and is shown.
    returning_page.goto(site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house&attack=flame")
    wait_readings(returning_page, BUILDING, {"chart-beyond": "nearest"})
    expect(returning_page.locator(f"#{BUILDING} .sh-calc__readings")).to_contain_text(
        "Total Collapse within 1 hit: 22.2% → 11.1%"
    )


def test_roll_it_plays_out_the_reading_chosen(returning_page: Page, site_url: str) -> None:
    returning_page.goto(
        site_url + "unit-types/?calc=charge-and-fall-back&unit_type=flyer-cavalry&fly=true&reading.fly-reroll=better"
    )
    wait_readings(returning_page, CHARGE_SECTION, {"fly-reroll": "better"})
    returning_page.locator(f"#{CHARGE_SECTION} button[data-action='roll']").tap()
    # With no distance and the better roll counting, a player always re-rolls.
    expect(returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__roll")).to_contain_text("the better counts")


def test_the_readings_page_lists_every_reading_and_a_marker_leads_there(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "readings/")
    for reading, _ in all_readings().values():
        heading = returning_page.locator(f"h2#{reading.id}")
        expect(heading).to_have_text(reading.question + "#")
        expect(returning_page.locator(f"h2#{reading.id} ~ ul.sh-reading__options").first).to_contain_text(
            reading.options[reading.default]
        )
    assert axe_violations(returning_page) == []
    returning_page.goto(site_url + "buildings/#what-can-hurt-a-building-shock-attacks-get-1-damage")
    returning_page.locator("#what-can-hurt-a-building-shock-attacks-get-1-damage .reading-mark").tap()
    returning_page.wait_for_url("**/readings/#chart-beyond")
    expect(returning_page.locator("h2#chart-beyond")).to_be_in_viewport()


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"reading.nope": "nearest"}, "refused: this calculator has no such reading"),
        ({"reading.chart-beyond": "maybe"}, "refused: its options are nearest, nothing"),
    ],
)
def test_an_unknown_reading_or_option_in_a_link_is_refused_and_the_rest_is_used(
    returning_page: Page, site_url: str, query: dict[str, str], says: str
) -> None:
    base = {"calc": "building-damage", "strength": "10", "building": "stone-house", "attack": "shock"}
    returning_page.goto(f"{site_url}buildings/?{urlencode({**base, **query})}#calc-building-damage")
    result = wait_readings(returning_page, BUILDING, {"chart-beyond": "nearest"})
    assert result["inputs"]["strength"] == 10  # the rest of the link is used
    notes = returning_page.locator(f"#{BUILDING} .sh-calc__notes")
    expect(notes).to_contain_text(says)
    expect(notes).to_contain_text("The site's reading is used.")


def test_hostile_reading_values_in_a_link_change_nothing_and_inject_nothing(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = guarded(returning_context).new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    base = {"calc": "building-damage", "strength": "10", "building": "stone-house", "attack": "shock"}
    for payload in PAYLOADS[:12]:
        query = {**base, "reading.chart-beyond": payload, f"reading.{payload}": "nothing"}
        page.goto(f"{site_url}buildings/?{urlencode(query)}#calc-building-damage")
        wait_readings(page, BUILDING, {"chart-beyond": "nearest"})
        assert page.evaluate(SUSPICIOUS) == [], payload
        assert page.locator(f"#{BUILDING} input[data-reading='chart-beyond']").input_value() == ""
    assert dialogs == []
    assert page.evaluate("window.__csp") == []
    assert axe_violations(page) == []


def test_the_table_s_reading_changes_the_answer_says_so_and_the_link_carries_it(
    clipboard: BrowserContext, site_url: str
) -> None:
    page = clipboard.new_page()
    page.goto(site_url + "table/")
    page.locator("#own-game-questions > summary").tap()  # the whole game's questions, folded
    choice = page.locator("#q-game-reading-chart-beyond")
    # Not chosen by the players: none checked, the site's reading marked as what applies meanwhile.
    expect(choice.locator("input:checked")).to_have_count(0)
    expect(choice.locator("label", has=page.locator("input[value='nearest']"))).to_have_text(
        re.compile(r"\(the site's reading\)$")
    )
    choice.locator("input[value='nothing']").check()
    page.goto(site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house&attack=flame")
    result = wait_readings(page, BUILDING, {"chart-beyond": "nothing"})
    expected, _ = cpython(
        "building-damage",
        {"strength": "8", "building": "wooden-house", "attack": "flame", "reading.chart-beyond": "nothing"},
    )
    assert result == expected
    box = page.locator(f"#{BUILDING} .sh-calc__readings")
    expect(box).to_contain_text("off the chart: no result (not the site's reading, as your table reads it)")
    expect(box).to_contain_text("Total Collapse within 1 hit: 11.1% → 22.2%")
    page.locator(f"#{BUILDING} button[data-action='copy-link']").tap()
    page.wait_for_function("() => navigator.clipboard.readText().then((t) => t.includes('reading.'))")
    link = page.evaluate("navigator.clipboard.readText()").split("\n")[-1]
    assert parse_qs(urlsplit(link).query)["reading.chart-beyond"] == ["nothing"]
    # A link's own reading wins over the table's.
    page.goto(
        site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house&attack=flame"
        "&reading.chart-beyond=nearest"
    )
    wait_readings(page, BUILDING, {"chart-beyond": "nearest"})
    expect(box).to_contain_text("as the link reads it")


def test_a_table_link_with_an_unknown_reading_option_is_refused_and_the_own_table_kept(
    returning_page: Page, site_url: str
) -> None:
    state = base64.urlsafe_b64encode(
        json.dumps([[], {"reading-chart-beyond": "<img src=x onerror=alert(1)>"}, []]).encode()
    )
    returning_page.goto(site_url + "table/#t=1." + state.decode().rstrip("="))
    expect(returning_page.locator("#sh-table")).to_contain_text(
        "This table link was not used: What does a Damage Chart roll that Flame or Shock takes below 1 or above 6 "
        "mean?: "
    )
    expect(returning_page.locator("#sh-table")).to_contain_text("Your own table is unchanged.")
    assert returning_page.evaluate(SUSPICIOUS) == []
    assert axe_violations(returning_page) == []
    # An old table link, without readings, still opens: the site's readings.
    old = base64.urlsafe_b64encode(json.dumps([[["ruin", "the chapel"]], {}, []]).encode())
    returning_page.goto(site_url + "table/#t=1." + old.decode().rstrip("="))
    expect(returning_page.locator("#sh-table")).to_contain_text("the chapel")
