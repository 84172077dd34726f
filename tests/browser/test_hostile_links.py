"""Hostile links stay data: XSS payloads in every URL parameter and in the fragment are
shown as text or refused, never run or turned into markup."""

from __future__ import annotations

from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import BrowserContext, Page
from support.browser import CALCULATORS, navigate_in_page, wait_answer
from support.calc_cases import CALCULATOR_OF, FIXED, PAGE_OF, SECTIONS
from support.hostile import PAYLOADS, SUSPICIOUS
from support.visitors import guarded


def watch_dialogs(page: Page) -> list[str]:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return dialogs


def test_payload_list_is_long_enough() -> None:
    assert len(PAYLOADS) >= 50


@pytest.mark.parametrize("section", SECTIONS)
def test_xss_payloads_in_every_url_parameter_stay_data(
    returning_context: BrowserContext, site_url: str, section: str
) -> None:
    page = guarded(returning_context).new_page()
    dialogs = watch_dialogs(page)
    calc = CALCULATORS[CALCULATOR_OF[section]]
    names = [i.name for i in calc.inputs]
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    for n, payload in enumerate(PAYLOADS):
        # Every parameter gets a payload (each payload lands in each parameter over the run).
        query = {"calc": calc.name, **FIXED.get(section, {})}
        for k, name in enumerate(names):
            if name not in FIXED.get(section, {}):
                query[name] = PAYLOADS[(n + k) % len(PAYLOADS)]
        rule = page.locator(f"#{section}").get_attribute("data-rule")
        navigate_in_page(page, f"{site_url}{PAGE_OF[section]}?{urlencode(query)}#{rule}", section)
        assert page.evaluate(SUSPICIOUS) == [], payload
        for name in names:
            if name in FIXED.get(section, {}):
                continue
            field = page.locator(f"#{section}-{name}")
            error = page.locator(f"#{section}-{name}-error")
            shown = error.is_visible() or field.input_value() == query[name]
            assert shown, (name, query[name])
    assert dialogs == []
    assert page.evaluate("window.__csp") == []


def test_xss_payloads_in_the_fragment_stay_data(returning_context: BrowserContext, site_url: str) -> None:
    page = guarded(returning_context).new_page()
    dialogs = watch_dialogs(page)
    for payload in PAYLOADS[:30]:
        page.goto(site_url + "buildings/#" + quote(payload, safe=""))
        page.wait_for_load_state("load")
        assert page.evaluate(SUSPICIOUS) == [], payload
        page.goto(site_url + "buildings/?calc=building-damage#" + quote(payload, safe=""))
        assert page.evaluate(SUSPICIOUS) == [], payload
    assert dialogs == []
    assert page.url.startswith(site_url)
