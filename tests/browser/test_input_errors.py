"""Bad input explains itself, at 360×740: every bad value gets an inline message naming the
field and what it allows, once, in the player's words; a rule these sections lack is
named; long or hostile values from a link are echoed short, never as markup."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import PHONE
from support.browser import (
    ANSWER_TIMEOUT,
    CALCULATORS,
    cpython,
    fill,
    navigate_in_page,
    section_cpython,
    wait_answer,
    wait_for,
)
from support.calc_cases import CALCULATOR_OF, CHARGE_SECTION, FIXED, PAGE_OF, SECTIONS
from support.visitors import guarded

from calculators.spec import Input

BAD_URL_VALUES = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>', "99", "abc", ""]


def bad_values(spec: Input) -> list[str]:
    values = ["abc", "NaN", "1e309"]
    if spec.default is not None:
        values.append("")
    if spec.kind == "int":
        values += [str((spec.minimum or 0) - 1), str((spec.maximum or 0) + 1), "2.5"]
    else:
        values += ["7", "maybe"]
    return values


def set_field(page: Page, section: str, spec: Input, value: str) -> None:
    field = page.locator(f"#{section}-{spec.name}")
    if spec.kind == "int":
        field.fill(value)
        return
    page.evaluate(
        """([id, value]) => {
            const select = document.getElementById(id);
            if (![...select.options].some(o => o.value === value)) {
                const option = document.createElement('option'); option.value = value; option.textContent = value;
                select.append(option);
            }
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
        }""",
        [f"{section}-{spec.name}", value],
    )


@pytest.mark.parametrize("section", SECTIONS)
def test_every_bad_value_gets_an_inline_explanation(
    returning_context: BrowserContext, site_url: str, section: str
) -> None:
    page = guarded(returning_context).new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    calc = CALCULATORS[CALCULATOR_OF[section]]
    rule = page.locator(f"#{section}").get_attribute("data-rule")
    for spec in calc.inputs:
        if spec.name in FIXED.get(section, {}):
            continue
        for value in bad_values(spec):
            for via in ("url", "form"):
                if via == "url":
                    query = {"calc": calc.name, **FIXED.get(section, {}), spec.name: value}
                    navigate_in_page(page, f"{site_url}{PAGE_OF[section]}?{urlencode(query)}#{rule}", section)
                else:
                    set_field(page, section, spec, value)
                error = page.locator(f"#{section}-{spec.name}-error")
                expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
                expect(error).to_contain_text(spec.label)
                expect(error).to_contain_text(spec.allowed())
                expect(error).not_to_contain_text(f"({spec.name})")
                field = page.locator(f"#{section}-{spec.name}")
                expect(field).to_have_attribute("aria-invalid", "true")
                assert f"{section}-{spec.name}-error" in (field.get_attribute("aria-describedby") or "").split()
                status = page.locator(f"#{section} .sh-calc__status[role=status]")
                expect(status).to_contain_text(spec.label)
                expect(page.locator(f"#{section} .sh-calc__result")).to_be_hidden()
            # The worker still answers the next valid value.
            set_field(page, section, spec, "" if spec.default is None else str(spec.default).lower())
            wait_answer(page, section)
    assert page.evaluate("window.__csp") == []


def test_errors_show_once_in_the_players_words_and_the_summary_links_to_them(
    returning_page: Page, site_url: str
) -> None:
    returning_page.goto(site_url + "buildings/")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", {}))
    returning_page.locator("#calc-building-damage-hits").fill("99")
    error = returning_page.locator("#calc-building-damage-hits-error")
    expect(error).to_have_text("Hits must be a whole number from 1 to 20; you gave '99'.", timeout=ANSWER_TIMEOUT)
    section = returning_page.locator("#calc-building-damage")
    assert section.inner_text().count("from 1 to 20; you gave") == 1
    assert "(hits)" not in section.inner_text()
    status = section.locator(".sh-calc__status")
    expect(status).to_have_text("One value needs fixing: Hits.", use_inner_text=True)  # as seen: no hidden Try again
    status.get_by_role("link", name="Hits").tap()
    expect(returning_page.locator("#calc-building-damage-hits")).to_be_focused()


def test_a_rule_these_sections_lack_is_an_inline_error_naming_it(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/")
    wait_for(returning_page, CHARGE_SECTION, cpython("charge-and-fall-back", {}))
    returning_page.locator(f"#{CHARGE_SECTION}-unit_type").select_option("infantry")
    error = returning_page.locator(f"#{CHARGE_SECTION}-unit_type-error")
    expect(error).to_have_text(
        "The charge distance of Infantry is not in these sections of the rulebook (they give it for Beasts and "
        "Cavalry only).",
        timeout=ANSWER_TIMEOUT,
    )


def test_long_bad_values_are_echoed_short(returning_page: Page, site_url: str) -> None:
    # The server takes request lines up to 64 KiB, as common hosts do: 50,000 characters fit.
    query = {"calc": "building-damage", "strength": "9" * 50_000, "building": "x" * 5_000}
    returning_page.goto(site_url + "buildings/?" + urlencode(query))
    error = returning_page.locator("#calc-building-damage-strength-error")
    expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
    assert len(error.inner_text()) < 200
    assert len(returning_page.locator("#calc-building-damage-building-error").inner_text()) < 200
    assert returning_page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_invalid_url_values_show_inline_errors(returning_page: Page, site_url: str) -> None:
    dialogs: list[str] = []
    returning_page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    query = urlencode(
        {
            "calc": "building-damage",
            "strength": BAD_URL_VALUES[0],
            "hits": "99",
            "building": BAD_URL_VALUES[1],
            "attack": "",
        }
    )
    returning_page.goto(site_url + f"buildings/?{query}#total-collapse")
    section = returning_page.locator("#calc-building-damage")
    labels = {"strength": "Weapon Strength", "hits": "Hits", "building": "Building", "attack": "Attack"}
    for name, label in labels.items():
        error = returning_page.locator(f"#calc-building-damage-{name}-error")
        expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
        expect(error).to_contain_text(label)
        expect(returning_page.locator(f"#calc-building-damage-{name}")).to_have_attribute("aria-invalid", "true")
        described = returning_page.locator(f"#calc-building-damage-{name}").get_attribute("aria-describedby") or ""
        assert f"calc-building-damage-{name}-error" in described.split()
    expect(returning_page.locator("#calc-building-damage-hits-error")).to_contain_text("from 1 to 20")
    expect(section.locator(".sh-calc__result")).to_be_hidden()
    assert section.locator(".sh-calc__result").get_attribute("data-result") is None
    # The hostile values are shown as text, never run or parsed as markup.
    expect(returning_page.locator("#calc-building-damage-strength")).to_have_value(BAD_URL_VALUES[0])
    assert returning_page.locator("article script, article img").count() == 0
    assert not dialogs
    # The worker still answers the next valid input.
    fill(returning_page, "calc-building-damage", {"strength": "6", "building": "wooden-house"})
    expected = section_cpython("calc-building-damage", {"strength": "6", "building": "wooden-house"})
    wait_for(returning_page, "calc-building-damage", expected)
    expect(returning_page.locator("#calc-building-damage-strength-error")).to_be_hidden()
