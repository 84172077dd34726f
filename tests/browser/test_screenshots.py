"""Phone screenshots of each calculator (idle, error, result; light and dark), written to
``test-results/screenshots/`` for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support import PHONE
from support.browser import CALCULATORS, section_cpython, wait_for
from support.calc_cases import CALCULATOR_OF, PAGE_OF
from support.visitors import Phones

from harness.project import PAGE_URLS, ROOT

SHOTS = ROOT / "test-results" / "screenshots"


def shot(page: Page, section: str, scheme: str, state: str) -> Path:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    path = SHOTS / f"{section}-{state}-{scheme}.png"
    page.screenshot(path=str(path))
    return path


@pytest.mark.first_visit("the calculator idle while its runtime still comes from a slow server")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("section", sorted(set(PAGE_OF)))
def test_screenshots_idle_error_result(
    first_visit_phone: Phones, slow_site_url: str, section: str, scheme: str
) -> None:
    """Phone screenshots of each calculator's three states, for a person to look at.

    Each state is checked before its shot: idle (Python still loading, the build's answer), error (inline
    message at the field) and result (answer shown); none scrolls sideways.
    """
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = first_visit_phone(device_scale_factor=2, color_scheme=scheme).new_page()
    page.goto(slow_site_url + PAGE_OF[section])
    box = page.locator(f"#{section}")
    page.evaluate(f"document.getElementById('{section}').scrollIntoView({{block: 'start'}})")
    # Idle: Python still loading, the build's answer for the form shown, with no status over it.
    page.wait_for_function("() => window.scrollhammerCalculators?.state === 'loading'")
    expect(box.locator(".sh-calc__headline")).to_be_visible()
    expect(box.locator(".sh-calc__status")).to_be_hidden()
    shot(page, section, scheme, "idle")
    wait_for(page, section, section_cpython(section, {}))
    field = next(i for i in CALCULATORS[CALCULATOR_OF[section]].inputs if i.kind == "int")
    page.locator(f"#{section}-{field.name}").fill("0")
    error = page.locator(f"#{section}-{field.name}-error")
    expect(error).to_be_visible()
    page.evaluate(f"document.getElementById('{section}').scrollIntoView({{block: 'start'}})")
    shot(page, section, scheme, "error")
    page.locator(f"#{section}-{field.name}").fill("" if field.default is None else str(field.default))
    expect(box.locator(".sh-calc__result")).to_be_visible()
    page.evaluate(f"document.querySelector('#{section} .sh-calc__result').scrollIntoView({{block: 'center'}})")
    shot(page, section, scheme, "result")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_pages_first_screen(returning_phone: Phones, site_url: str, scheme: str) -> None:
    """Each page's first screen at 360×740, for a person to look at (``first-<page>-<scheme>.png``):
    its title under the header, nothing sideways, in the scheme asked for."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = returning_phone(device_scale_factor=2, color_scheme=scheme).new_page()
    for path in [*PAGE_URLS, "no-such-page/"]:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        expect(page.locator("h1").first).to_be_in_viewport()
        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        dark = sum(int(n) for n in body[body.index("(") + 1 : body.index(")")].split(",")[:3]) < 150
        assert dark == (scheme == "dark"), (path, body)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        page.screenshot(path=str(SHOTS / f"first-{(path.strip('/') or 'home').replace('/', '-')}-{scheme}.png"))
