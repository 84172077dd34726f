"""Pages everyone can use: axe-core finds nothing on any page or calculator state, light and
dark; no sideways scroll at 320 and 360 px (tap targets: test_tap_sizes.py); every control works
from the keyboard; Lighthouse's accessibility score is 100 on every page."""

from __future__ import annotations

import json
import os
import subprocess
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support import PHONE, site_pages
from support.browser import ANSWER_TIMEOUT, CALCULATORS, axe_violations, wait_answer
from support.calc_cases import CALCULATOR_OF, PAGE_OF, SECTIONS

from build_scripts.core.model import page_url
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.project import PAGE_URLS, ROOT

TEXT_PAGES = [page_url(p.name) for p in site_pages() if p.kind != "calculators"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_every_page(browser: Browser, site_url: str, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme)
    page = context.new_page()
    found = {}
    for path in PAGE_URLS:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        violations = axe_violations(page)
        if violations:
            found[path or "home"] = violations
    context.close()
    assert found == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("section", SECTIONS)
def test_axe_on_each_calculator_idle_error_result(browser: Browser, site_url: str, section: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    expect(page.locator(f"#{section} .sh-calc__status")).to_contain_text("could not start", timeout=ANSWER_TIMEOUT)
    found = {"idle": axe_violations(page)}
    context.close()

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    page.locator(f"#{section} summary").click()
    found["result"] = axe_violations(page)
    spec = next(i for i in CALCULATORS[CALCULATOR_OF[section]].inputs if i.kind == "int")
    page.locator(f"#{section}-{spec.name}").fill("0")
    expect(page.locator(f"#{section}-{spec.name}-error")).to_be_visible(timeout=ANSWER_TIMEOUT)
    found["error"] = axe_violations(page)
    context.close()
    assert {k: v for k, v in found.items() if v} == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("path", PAGE_URLS)
def test_no_sideways_scroll_at_320(browser: Browser, site_url: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + path)
    for section in page.locator("section.sh-calc").all():
        sid = section.get_attribute("id")
        wait_answer(page, sid or "")
        page.locator(f"#{sid} summary").click()
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(el => el.getBoundingClientRect().right > 320.5)
            .filter(el => !el.closest('[role=region][aria-label]'))
            .filter(el => getComputedStyle(el).visibility !== 'hidden' && el.offsetParent !== null)
            .map(el => el.tagName + '.' + el.className)
            .slice(0, 5)"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, overflowing
    context.close()


@pytest.mark.parametrize("path", TEXT_PAGES)
def test_no_horizontal_scroll(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{path or 'home'} scrolls sideways ({width}px)"


@pytest.mark.parametrize("section", SECTIONS)
def test_keyboard_reaches_and_operates_every_control(browser: Browser, site_url: str, section: str) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 823})
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    # Every control the player can see (a field hidden because it changes nothing is not one).
    controls = page.evaluate(
        """sel => [...document.querySelectorAll(sel + ' input:not([type=hidden]), ' + sel + ' select, '
                   + sel + ' button, ' + sel + ' summary')].filter(el => el.getClientRects().length > 0)
                   .map(el => el.id || el.dataset.action || el.tagName)""",
        f"#{section}",
    )
    page.locator(f"#{section}-title").evaluate("el => { el.tabIndex = -1; el.focus(); }")  # start at the top
    reached, visible = [], []
    for _ in range(len(controls) + 40):
        info = page.evaluate(
            """sel => { const el = document.activeElement; const s = getComputedStyle(el);
                return { inside: !!el.closest(sel), key: el.id || el.dataset.action || el.tagName,
                         focusVisible: el.matches(':focus-visible'),
                         ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none' }; }""",
            f"#{section}",
        )
        if info["inside"]:
            reached.append(info["key"])
            visible.append(info["ring"] or not info["focusVisible"])
        page.keyboard.press("Tab")
    missing = [c for c in controls if c not in reached]
    assert not missing, missing
    assert all(visible), "a focused control shows no focus ring"
    # Operate: change a value, roll with Enter, open the working with Space.
    page.locator(f"#{section} button[data-action='roll']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#{section} .sh-calc__roll")).to_be_visible()
    page.locator(f"#{section} summary").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"#{section} details.sh-calc__working")).to_have_attribute("open", "")
    context.close()


def test_palette_toggle_switches_light_and_dark(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="light")
    page.goto(site_url + "ruins/")
    scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme == "default"
    page.locator("form[data-md-component='palette'] label:visible").first.tap()
    page.locator("form[data-md-component='palette'] label:visible").first.tap()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"


def test_lighthouse_accessibility_is_100_on_every_page(site_url: str) -> None:
    """Lighthouse's own accessibility score (it adds best-practice checks to axe's, such as a
    dialog's accessible name), in one Chromium for every page; a page whose tab crashed is
    audited again, once, in a fresh one (lighthouse_a11y.mjs)."""
    script = Path(__file__).with_name("lighthouse_a11y.mjs")
    proc = subprocess.run(
        ["node", str(script), *(site_url + path for path in PAGE_URLS)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "CHROME_PATH": CHROMIUM, "CHROME_FLAGS": json.dumps(CHROMIUM_ARGS)},
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    results = report["results"]
    for crash in report["crashes"]:  # audited again in a fresh Chromium; said, never hidden
        with warnings.catch_warnings():  # this report alone is shown, not an error; other warnings still fail
            warnings.simplefilter("default")
            warnings.warn(
                f"Chromium's tab crashed on {crash['url']}; audited again. Its log:\n{crash['log']}", stacklevel=1
            )
    assert [r["url"] for r in results] == [site_url + path for path in PAGE_URLS]
    # No failed check at all, even one Lighthouse leaves out of the score (weight 0, such as
    # label-content-name-mismatch: a voice-control user says the label they see).
    assert {r["url"]: (r["score"], r["failed"]) for r in results if r["score"] != 1 or r["failed"]} == {}
