"""The calculators in the page, in real Chromium at 360×740, against CPython."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest
from calc_cases import CALCULATOR_OF, CASES, FIXED, PAGE_OF
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from support import PHONE, ROOT

from calculators.format import to_jsonable
from calculators.registry import all_calculators
from site_server import SiteServer

CALCULATORS = all_calculators()

ANSWER_TIMEOUT = 60_000  # a cold Pyodide start on a loaded CI machine


def cpython(section: str, inputs: dict[str, str]) -> dict[str, Any]:
    result = CALCULATORS[CALCULATOR_OF[section]].calculate(**inputs, **FIXED.get(section, {}))
    return json.loads(json.dumps(to_jsonable(result)))


def page_result(page: Page, section: str) -> dict[str, Any]:
    raw = page.locator(f"#{section} .sh-calc__result").get_attribute("data-result")
    assert raw, "no result shown"
    return json.loads(raw)


def wait_for_inputs(page: Page, section: str, expected: dict[str, Any]) -> None:
    """Wait until the shown result is the one for these (checked) inputs."""
    page.wait_for_function(
        """([sel, want]) => {
            const box = document.querySelector(sel + ' .sh-calc__result');
            if (!box || !box.dataset.result) return false;
            return JSON.stringify(JSON.parse(box.dataset.result).inputs) === want;
        }""",
        arg=[f"#{section}", json.dumps(expected["inputs"], separators=(",", ":"))],
        timeout=ANSWER_TIMEOUT,
    )


def fill(page: Page, section: str, inputs: dict[str, str]) -> None:
    """Type every field like a player: the case's value, or the field's default.

    A field the form hides (it changes nothing for the values shown) keeps its default;
    one the case sets is shown as soon as the values make it matter.
    """
    for spec in CALCULATORS[CALCULATOR_OF[section]].inputs:
        if spec.name in FIXED.get(section, {}):
            continue
        value = inputs.get(spec.name)
        field = page.locator(f"#{section}-{spec.name}")
        if value is None:
            value = (
                "" if spec.default is None else str(spec.default).lower() if spec.kind == "bool" else str(spec.default)
            )
            if not field.is_visible():
                continue
        if spec.kind == "int":
            field.fill(value)
        else:
            field.select_option(value)


@pytest.mark.parametrize("section", sorted(set(PAGE_OF)))
def test_page_results_equal_cpython(page: Page, site_url: str, section: str) -> None:
    cases = [inputs for sid, inputs in CASES if sid == section]
    page.goto(site_url + PAGE_OF[section])
    for inputs in cases:
        fill(page, section, inputs)
        expected = cpython(section, inputs)
        wait_for_inputs(page, section, expected)
        assert page_result(page, section) == expected, inputs


def test_at_least_twenty_input_sets_are_compared() -> None:
    assert len(CASES) >= 20
    assert {CALCULATOR_OF[s] for s, _ in CASES} == set(CALCULATORS)


def shared(section: str, inputs: dict[str, str], rule: str) -> str:
    query = {"calc": CALCULATOR_OF[section], **FIXED.get(section, {}), **inputs}
    return f"{PAGE_OF[section]}?{urlencode(query)}#{rule}"


def test_shared_url_reproduces_the_calculation_on_a_fresh_page(page: Page, site_url: str) -> None:
    inputs = {"strength": "7", "building": "wooden-house", "attack": "flame", "hits": "3"}
    page.goto(site_url + shared("calc-building-damage", inputs, "total-collapse"))
    expected = cpython("calc-building-damage", inputs)
    wait_for_inputs(page, "calc-building-damage", expected)
    assert page_result(page, "calc-building-damage") == expected
    expect(page.locator("#calc-building-damage-strength")).to_have_value("7")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).to_be_in_viewport()
    expect(page.locator("#calc-building-damage .sh-calc__asked")).to_be_in_viewport()


def test_shared_url_picks_the_calculator_its_fixed_inputs_name(page: Page, site_url: str) -> None:
    inputs = {"hits": "9"}
    page.goto(
        site_url
        + shared(
            "calc-hit-split-monstrous-cavalry",
            inputs,
            "monstrous-cavalry-close-combat-each-hit-against-against-monstrous",
        )
    )
    expected = cpython("calc-hit-split-monstrous-cavalry", inputs)
    wait_for_inputs(page, "calc-hit-split-monstrous-cavalry", expected)
    assert page_result(page, "calc-hit-split-monstrous-cavalry") == expected
    expect(page.locator("#calc-hit-split-artillery-hits")).to_have_value("1")


def test_copy_link_and_copy_json(browser: Browser, site_url: str) -> None:
    origin = site_url.rstrip("/")
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page = ctx.new_page()
    page.goto(site_url + "ruins/")
    section = "calc-ruin-movement"
    inputs = {"unit_type": "beasts", "level_height": "2", "roll": "5"}
    fill(page, section, inputs)
    expected = cpython(section, inputs)
    wait_for_inputs(page, section, expected)
    page.locator(f"#{section} button[data-action='copy-json']").tap()
    expect(page.locator(".sh-toast")).to_contain_text("copied as JSON")
    assert json.loads(page.evaluate("navigator.clipboard.readText()")) == expected
    page.locator(f"#{section} button[data-action='copy-link']").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link to this calculation copied")
    summary, link = page.evaluate("navigator.clipboard.readText()").split("\n")
    view = CALCULATORS["ruin-movement"].view(CALCULATORS["ruin-movement"].calculate(**inputs))
    assert summary == f"{view['asked']} — {view['headline']['label']}: {view['headline']['text']}"
    assert urlsplit(link).fragment == "infantry-distance-between-levels-greater-than"
    fresh = ctx.new_page()
    fresh.goto(link)
    wait_for_inputs(fresh, section, expected)
    assert page_result(fresh, section) == expected
    ctx.close()


PAYLOADS = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>', "99", "abc", ""]


def test_invalid_url_values_show_inline_errors(page: Page, site_url: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    query = urlencode(
        {
            "calc": "building-damage",
            "strength": PAYLOADS[0],
            "hits": "99",
            "building": PAYLOADS[1],
            "attack": "",
        }
    )
    page.goto(site_url + f"buildings/?{query}#total-collapse")
    section = page.locator("#calc-building-damage")
    labels = {"strength": "Weapon Strength", "hits": "Hits", "building": "Building", "attack": "Attack"}
    for name, label in labels.items():
        error = page.locator(f"#calc-building-damage-{name}-error")
        expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
        expect(error).to_contain_text(label)
        expect(page.locator(f"#calc-building-damage-{name}")).to_have_attribute("aria-invalid", "true")
        described = page.locator(f"#calc-building-damage-{name}").get_attribute("aria-describedby") or ""
        assert f"calc-building-damage-{name}-error" in described.split()
    expect(page.locator("#calc-building-damage-hits-error")).to_contain_text("from 1 to 20")
    expect(section.locator(".sh-calc__result")).to_be_hidden()
    assert section.locator(".sh-calc__result").get_attribute("data-result") is None
    # The hostile values are shown as text, never run or parsed as markup.
    expect(page.locator("#calc-building-damage-strength")).to_have_value(PAYLOADS[0])
    assert page.locator("article script, article img").count() == 0
    assert not dialogs
    # The worker still answers the next valid input.
    fill(page, "calc-building-damage", {"strength": "6", "building": "wooden-house"})
    expected = cpython("calc-building-damage", {"strength": "6", "building": "wooden-house"})
    wait_for_inputs(page, "calc-building-damage", expected)
    expect(page.locator("#calc-building-damage-strength-error")).to_be_hidden()


def test_unknown_url_parameter_is_named_and_never_blocks_the_answer(page: Page, site_url: str) -> None:
    page.goto(
        site_url
        + "unit-types/?calc=hit-split&target=artillery&hits=2&colour=red#artillery-shooting-at-artillery-unit-roll-d6-each-hit"
    )
    wait_for_inputs(page, "calc-hit-split-artillery", cpython("calc-hit-split-artillery", {"hits": "2"}))
    note = page.locator("#calc-hit-split-artillery .sh-calc__notes")
    expect(note).to_be_visible()
    expect(note).to_contain_text("colour=red")
    expect(page.locator("#calc-hit-split-artillery-form-error")).to_be_hidden()


def test_instant_navigation_keeps_one_python_start(page: Page, site_url: str, site_server: SiteServer) -> None:
    wasm_path = next(p for p in site_server.downloads if p.endswith(".wasm")) if site_server.downloads else None
    before = sum(n for p, n in site_server.downloads.items() if p.endswith(".wasm"))
    page.goto(site_url + "buildings/")
    wait_for_inputs(page, "calc-building-damage", cpython("calc-building-damage", {}))
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-header__button[for='__drawer']").tap()
    page.locator(".md-nav--primary").get_by_role("link", name="Ruins", exact=True).tap()
    page.wait_for_url(re.compile(r"/ruins/$"))
    wait_for_inputs(page, "calc-ruin-movement", cpython("calc-ruin-movement", {}))
    page.go_back()
    page.wait_for_url(re.compile(r"/buildings/$"))
    fill(page, "calc-building-damage", {"strength": "9"})
    wait_for_inputs(page, "calc-building-damage", cpython("calc-building-damage", {"strength": "9"}))
    assert page.evaluate("window.__sameDocument") is True, "a full page load happened"
    assert page.evaluate("window.scrollhammerCalculators.starts") == 1
    after = sum(n for p, n in site_server.downloads.items() if p.endswith(".wasm"))
    assert after - before == 1, (wasm_path, before, after)  # downloaded once, for one start


def test_roll_it_rolls_real_dice(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/")
    wait_for_inputs(page, "calc-hit-split-artillery", cpython("calc-hit-split-artillery", {}))
    fill(page, "calc-hit-split-artillery", {"hits": "6"})
    wait_for_inputs(page, "calc-hit-split-artillery", cpython("calc-hit-split-artillery", {"hits": "6"}))
    page.locator("#calc-hit-split-artillery button[data-action='roll']").tap()
    box = page.locator("#calc-hit-split-artillery .sh-calc__roll")
    expect(box).to_contain_text(re.compile(r"Rolled( [1-6]){6}\."))
    text = box.inner_text()
    faces = [int(f) for f in re.search(r"Rolled((?: [1-6]){6})\.", text).group(1).split()]  # type: ignore[union-attr]
    on_piece = sum(1 for f in faces if f <= 3)
    assert f"{on_piece} on the artillery piece, {6 - on_piece} on the crew" in text


def test_no_request_to_another_host(context: BrowserContext, site_url: str) -> None:
    local = urlsplit(site_url).netloc
    foreign: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).netloc != local:
            foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    page = context.new_page()
    for path in ("", "terrain/", "other-terrain/", "calculators/"):
        page.goto(site_url + path)
    for section in ("calc-building-damage", "calc-ruin-movement", "calc-hit-split-artillery"):
        page.goto(site_url + PAGE_OF[section])
        wait_for_inputs(page, section, cpython(section, {}))
    assert foreign == []


def test_form_is_usable_while_python_loads(context: BrowserContext, slow_site_url: str) -> None:
    page = context.new_page()
    page.goto(slow_site_url + "buildings/")
    status = page.locator("#calc-building-damage .sh-calc__status")
    expect(status).to_contain_text("Starting the calculator")
    expect(status.locator("progress")).to_be_visible()
    page.locator("#calc-building-damage-strength").fill("8")
    expect(page.locator("#calc-building-damage-strength")).to_have_value("8")
    expect(page.locator("#total-collapse")).to_contain_text("Total Collapse")
    wait_for_inputs(page, "calc-building-damage", cpython("calc-building-damage", {"strength": "8"}))
    expect(status.locator("progress")).to_have_count(0)


def test_a_runtime_that_cannot_load_says_so(context: BrowserContext, site_url: str) -> None:
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url + "buildings/")
    status = page.locator("#calc-building-damage .sh-calc__status")
    expect(status).to_contain_text("could not start", timeout=ANSWER_TIMEOUT)
    expect(status).to_contain_text("The rules on this page are not affected")
    expect(page.locator("#total-collapse")).to_contain_text("The occupying units suffer 2d6 S6 AP0")


SHOTS = ROOT / "test-results" / "screenshots"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("section", sorted(set(PAGE_OF)))
def test_screenshots_idle_error_result(browser: Browser, slow_site_url: str, section: str, scheme: str) -> None:
    """Phone screenshots of each calculator's three states, for a person to look at.

    Each state is checked before its shot: idle (Python still loading), error (inline
    message at the field) and result (answer shown); none scrolls sideways.
    """
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    page = ctx.new_page()
    page.goto(slow_site_url + PAGE_OF[section])
    box = page.locator(f"#{section}")
    page.evaluate(f"document.getElementById('{section}').scrollIntoView({{block: 'start'}})")
    expect(box.locator(".sh-calc__status progress")).to_be_visible()
    shot(page, section, scheme, "idle")
    wait_for_inputs(page, section, cpython(section, {}))
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
    ctx.close()


def shot(page: Page, section: str, scheme: str, state: str) -> Path:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    path = SHOTS / f"{section}-{state}-{scheme}.png"
    page.screenshot(path=str(path))
    return path


def test_a_link_to_a_calculation_on_the_same_page_applies_in_place(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    wait_for_inputs(page, "calc-building-damage", cpython("calc-building-damage", {}))
    fill(page, "calc-building-damage", {"strength": "9", "hits": "4"})
    wait_for_inputs(page, "calc-building-damage", cpython("calc-building-damage", {"strength": "9", "hits": "4"}))
    page.evaluate("window.__samePage = true")
    page.evaluate(
        """url => { const a = document.createElement('a'); a.href = url; a.textContent = 'shared';
                    document.querySelector('article').append(a); a.click(); }""",
        site_url + "buildings/?calc=building-damage&building=wooden-tower#total-collapse",
    )
    expected = cpython("calc-building-damage", {"building": "wooden-tower"})  # strength and hits: defaults
    wait_for_inputs(page, "calc-building-damage", expected)
    assert page_result(page, "calc-building-damage") == expected
    assert page.evaluate("window.__samePage") is True
    assert "building=wooden-tower" in page.url
    page.go_back()
    expect(page).to_have_url(re.compile(r"/buildings/$"))
