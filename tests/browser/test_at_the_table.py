"""At the table, on a 360×740 phone: shared links that survive messengers, the answer where
the thumb is, the book's words exactly, search that forgives, an installable app."""

from __future__ import annotations

import json
import re
import struct
import tempfile
import urllib.request
from typing import Any
from urllib.parse import urlencode

import pytest
from calc_cases import CALCULATOR_OF, FIXED, PAGE_OF
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from support import CHROMIUM, CHROMIUM_ARGS, PAGE_URLS, PHONE

from calculators.format import to_jsonable
from calculators.registry import all_calculators
from calculators.spec import Input, InputError

CALCULATORS = all_calculators()
ANSWER_TIMEOUT = 60_000


def cpython(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(json.dumps(to_jsonable(CALCULATORS[name].calculate(**inputs)))))


def view(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    calc = CALCULATORS[name]
    return dict(json.loads(json.dumps(calc.view(calc.calculate(**inputs)))))


def shown_inputs(page: Page, section: str) -> dict[str, Any] | None:
    raw = page.locator(f"#{section} .sh-calc__result").get_attribute("data-result")
    return json.loads(raw)["inputs"] if raw else None


def wait_for(page: Page, section: str, expected: dict[str, Any]) -> None:
    page.wait_for_function(
        """([sel, want]) => {
            const box = document.querySelector(sel + ' .sh-calc__result');
            return !!box && !!box.dataset.result && JSON.stringify(JSON.parse(box.dataset.result).inputs) === want;
        }""",
        arg=[f"#{section}", json.dumps(expected["inputs"], separators=(",", ":"))],
        timeout=ANSWER_TIMEOUT,
    )


# ------------------------------------------------------------------ shared links


def test_a_link_a_messenger_added_fbclid_to_still_answers(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/?calc=building-damage&strength=8&building=wooden-house&fbclid=x")
    expected = cpython("building-damage", {"strength": 8, "building": "wooden-house"})
    wait_for(page, "calc-building-damage", expected)
    section = page.locator("#calc-building-damage")
    expect(section.locator(".sh-calc__headline")).to_contain_text("66.7%")
    expect(section.locator(".sh-calc__error:visible")).to_have_count(0)
    expect(section.locator(".sh-calc__notes")).to_be_hidden()  # tracking parameters: not a word


@pytest.mark.parametrize("tracking", ["gclid=1", "utm_source=news&utm_medium=email", "mc_eid=9", "igshid=a"])
def test_tracking_parameters_are_dropped_silently(page: Page, site_url: str, tracking: str) -> None:
    page.goto(site_url + f"unit-types/?calc=hit-split&target=artillery&hits=4&{tracking}")
    wait_for(page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 4}))
    expect(page.locator("#calc-hit-split-artillery .sh-calc__notes")).to_be_hidden()


def test_other_unknown_parameters_get_a_quiet_note_that_editing_clears(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/?calc=building-damage&strength=9&colour=red&fbclid=x#total-collapse")
    wait_for(page, "calc-building-damage", cpython("building-damage", {"strength": 9}))
    note = page.locator("#calc-building-damage .sh-calc__notes")
    expect(note).to_be_visible()
    expect(note).to_contain_text("colour=red")
    expect(note).not_to_contain_text("fbclid")
    page.locator("#calc-building-damage-strength").fill("10")
    wait_for(page, "calc-building-damage", cpython("building-damage", {"strength": 10}))
    expect(note).to_be_hidden()


def test_a_calculator_on_another_page_is_followed_there_with_the_same_inputs(page: Page, site_url: str) -> None:
    page.goto(site_url + "terrain/?calc=hit-split&target=monstrous-cavalry&hits=5")
    page.wait_for_url(re.compile(r"/unit-types/\?"), timeout=ANSWER_TIMEOUT)
    wait_for(
        page,
        "calc-hit-split-monstrous-cavalry",
        cpython("hit-split", {"target": "monstrous-cavalry", "hits": 5}),
    )
    assert page.url.endswith("#monstrous-cavalry-close-combat-each-hit-against-against-monstrous")


def test_a_calculator_nobody_has_is_said_so(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/?calc=charge-range&dice=3")
    note = page.locator(".sh-link-note")
    expect(note).to_be_visible(timeout=ANSWER_TIMEOUT)
    expect(note).to_contain_text('calculator called "charge-range"')
    expect(note.get_by_role("link", name="See the calculators")).to_be_visible()


def test_long_bad_values_are_echoed_short(page: Page, site_url: str) -> None:
    # The server takes request lines up to 64 KiB, as common hosts do: 50,000 characters fit.
    query = {"calc": "building-damage", "strength": "9" * 50_000, "building": "x" * 5_000}
    page.goto(site_url + "buildings/?" + urlencode(query))
    error = page.locator("#calc-building-damage-strength-error")
    expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
    assert len(error.inner_text()) < 200
    assert len(page.locator("#calc-building-damage-building-error").inner_text()) < 200
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_shared_calculation_lands_showing_what_was_asked_with_a_way_to_edit(page: Page, site_url: str) -> None:
    inputs = {"strength": "9", "attack": "shock", "hits": "3", "occupants": "inside"}
    page.goto(site_url + "buildings/?" + urlencode({"calc": "building-damage", **inputs}) + "#total-collapse")
    wait_for(page, "calc-building-damage", cpython("building-damage", inputs))
    asked = page.locator("#calc-building-damage .sh-calc__asked")
    expect(asked).to_be_in_viewport()
    expect(asked).to_contain_text("S9 · shock · stone house (AV 13) · 3 hits · unit inside")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).to_be_in_viewport()
    asked.get_by_role("button", name="Edit").tap()
    expect(page.locator("#calc-building-damage-strength")).to_be_focused()
    expect(page.locator("#calc-building-damage-strength")).to_be_in_viewport()


# ------------------------------------------------------------------ the answer where the thumb is


def other_value(spec: Input, current: str, answers: Any = None) -> str:
    """A different value for a field, as a player would pick it: one the calculator answers
    (``answers(value)`` is true), since some choices are refused for the other inputs."""
    if spec.kind == "int":
        assert spec.minimum is not None
        assert spec.maximum is not None
        number = int(current) if current else spec.minimum
        return str(number + 1 if number < spec.maximum else number - 1)
    if spec.kind == "bool":
        return "false" if current == "true" else "true"
    options = [c for c in spec.choices if c not in {current, "custom"}]
    middle_first = options[len(options) // 2 :] + options[: len(options) // 2]
    return next(c for c in middle_first if answers is None or answers(c))


def answers(name: str, inputs: dict[str, Any]) -> bool:
    try:
        CALCULATORS[name].calculate(**inputs)
    except InputError:
        return False
    return True


EDITS = [
    (section, spec.name)
    for section in sorted(PAGE_OF)
    for spec in CALCULATORS[CALCULATOR_OF[section]].inputs
    if spec.name not in FIXED.get(section, {})
]


@pytest.mark.parametrize(("section", "name"), EDITS, ids=[f"{s}-{n}" for s, n in EDITS])
def test_each_fields_edit_leaves_the_headline_in_view(page: Page, site_url: str, section: str, name: str) -> None:
    calculator = CALCULATOR_OF[section]
    spec = next(i for i in CALCULATORS[calculator].inputs if i.name == name)
    # A field the form hides when it changes nothing is edited where it matters.
    start = {
        "fly": {"unit_type": "flyer-beasts" if calculator == "charge-and-fall-back" else "flyer-infantry"},
        "material": {"building": "custom", "material": "stone", "armour_value": "10"},
        "ranged": {"occupants": "inside"},
    }.get(name, {})
    query = {"calc": calculator, **FIXED.get(section, {}), **start}
    page.goto(site_url + PAGE_OF[section] + "?" + urlencode(query))
    wait_for(page, section, cpython(calculator, {**FIXED.get(section, {}), **start}))
    field = page.locator(f"#{section}-{name}")
    expect(field).to_be_visible()
    field.scroll_into_view_if_needed()
    field.tap()
    current = field.input_value()
    given = {**FIXED.get(section, {}), **start}
    value = other_value(spec, current, lambda v: answers(calculator, {**given, name: v}))
    if spec.kind == "int":
        field.fill(value)
    else:
        field.select_option(value)
    inputs = {**FIXED.get(section, {}), **start, name: value}
    wait_for(page, section, cpython(calculator, inputs))
    headline = page.locator(f"#{section} .sh-calc__headline")
    expect(headline).to_be_in_viewport()
    box = headline.bounding_box()
    assert box is not None
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert box["y"] >= header - 1, "the headline is under the site's header"
    assert box["y"] + box["height"] <= PHONE["height"]
    expected = view(calculator, inputs)["headline"]
    expect(headline).to_contain_text(f"{expected['label']}: {expected['text']}")


def test_each_figure_once_and_exact_fractions_on_request(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/?calc=hit-split&target=artillery&hits=5")
    wait_for(page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 5}))
    section = page.locator("#calc-hit-split-artillery")
    text = section.inner_text()
    assert text.count("31.3%") == 2  # 2 on the piece and 2 on the crew (5/16 each), once each
    assert text.count("How the 5 hits split (artillery piece – crew)") == 1
    fractions = section.locator(".sh-calc__fraction")
    expect(fractions.first).to_be_hidden()
    section.get_by_role("button", name="Show exact fractions").tap()
    expect(section.locator(".sh-calc__bar-value", has_text="31.3%").first).to_contain_text("5/16")
    expect(section.get_by_role("button", name="Hide exact fractions")).to_have_attribute("aria-pressed", "true")


def test_ruin_movement_climb_chance_is_shown_once(page: Page, site_url: str) -> None:
    page.goto(site_url + "ruins/")
    wait_for(page, "calc-ruin-movement", cpython("ruin-movement", {}))
    assert page.locator("#calc-ruin-movement").inner_text().count("66.7%") == 1


def test_a_certain_answer_says_why(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    wait_for(page, "calc-building-damage", cpython("building-damage", {}))
    why = page.locator("#calc-building-damage .sh-calc__why")
    expect(why).to_have_text("S6 + d6 cannot beat armour value 13: needs Strength 8 or more.")
    page.locator("#calc-building-damage-strength").fill("9")
    wait_for(page, "calc-building-damage", cpython("building-damage", {"strength": 9}))
    expect(why).to_be_hidden()


def test_ruin_movement_follows_the_roll_and_flying_is_one_line(page: Page, site_url: str) -> None:
    page.goto(site_url + "ruins/")
    wait_for(page, "calc-ruin-movement", cpython("ruin-movement", {}))
    section = page.locator("#calc-ruin-movement")
    page.locator("#calc-ruin-movement-roll").fill("5")
    wait_for(page, "calc-ruin-movement", cpython("ruin-movement", {"roll": 5}))
    expect(section.locator(".sh-calc__headline")).to_have_text(
        'A roll of 5 allows: 5" horizontally, or 1 level up or down and 2" horizontally'
    )
    expect(page.locator("#calc-ruin-movement-fly")).to_be_hidden()  # only a Flyer can Fly
    page.locator("#calc-ruin-movement-unit_type").select_option("flyer-infantry")
    wait_for(page, "calc-ruin-movement", cpython("ruin-movement", {"roll": 5, "unit_type": "flyer-infantry"}))
    page.locator("#calc-ruin-movement-fly").select_option("true")
    inputs = {"roll": 5, "unit_type": "flyer-infantry", "fly": True}
    wait_for(page, "calc-ruin-movement", cpython("ruin-movement", inputs))
    expect(section.locator(".sh-calc__headline")).to_have_text(
        'Flying: placed within 12" of its start, on any level (up to 4 levels of 3")'
    )
    expect(page.locator("#calc-ruin-movement-roll")).to_be_hidden()
    expect(section.locator("button[data-action='roll']")).to_be_hidden()
    assert "100.0%" not in section.inner_text()


def test_errors_show_once_in_the_players_words_and_the_summary_links_to_them(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    wait_for(page, "calc-building-damage", cpython("building-damage", {}))
    page.locator("#calc-building-damage-hits").fill("99")
    error = page.locator("#calc-building-damage-hits-error")
    expect(error).to_have_text("Hits must be a whole number from 1 to 20; you gave '99'.", timeout=ANSWER_TIMEOUT)
    section = page.locator("#calc-building-damage")
    assert section.inner_text().count("from 1 to 20; you gave") == 1
    assert "(hits)" not in section.inner_text()
    status = section.locator(".sh-calc__status")
    expect(status).to_have_text("One value needs fixing: Hits.")
    status.get_by_role("link", name="Hits").tap()
    expect(page.locator("#calc-building-damage-hits")).to_be_focused()
    copy_json = section.locator("button[data-action='copy-json']")
    expect(copy_json).to_have_attribute("aria-disabled", "true")
    copy_json.scroll_into_view_if_needed()
    copy_json.tap(force=True)  # Playwright will not tap an aria-disabled button; a player can, and is told why
    expect(page.locator(".sh-toast")).to_contain_text("No answer to copy yet")


def test_ranged_hits_say_they_are_the_weapons_strength_minus_one(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/?calc=building-damage&strength=9&ranged=true")
    wait_for(page, "calc-building-damage", cpython("building-damage", {"strength": 9, "ranged": True}))
    expect(page.locator("#calc-building-damage .sh-calc__figures")).to_contain_text(
        "Average hits on the unit inside, at the weapon's Strength −1 (S8) and AP −1"
    )


# ------------------------------------------------------------------ the book's words


@pytest.mark.parametrize("path", ["terrain/", "buildings/", "unit-types/"])
def test_page_xx_appears_verbatim_with_help_beside_it(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    references = page.locator("article .xref")
    assert references.count() > 0
    for n in range(references.count()):
        expect(references.nth(n)).to_have_text("page XX")
        expect(references.nth(n).locator("xpath=following-sibling::*[1]")).to_have_class(re.compile(r"\bxref-help\b"))


def test_not_in_these_sections_explains_itself_on_tap(page: Page, site_url: str) -> None:
    page.goto(site_url + "terrain/#difficult-terrain-models-moving-into-through-out")
    rule = page.locator("#difficult-terrain-models-moving-into-through-out")
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


def test_a_linked_reference_goes_to_its_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "terrain/#impassable-terrain-rules-impassable-terrain-cover-those")
    page.locator("#impassable-terrain-rules-impassable-terrain-cover-those a.xref-help").tap()
    page.wait_for_url(re.compile(r"/unit-types/#flyer-units$"))
    expect(page.locator("#flyer-units")).to_be_in_viewport()


def test_chart_rows_read_roll_colon_name(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/#total-collapse")
    name = page.locator("#total-collapse .chart-row__name")
    assert name.inner_text().startswith("6: Total Collapse")
    roll, colon = page.evaluate(
        """() => { const roll = document.querySelector('#total-collapse .chart-row__roll');
                   const range = document.createRange(); range.setStart(roll.nextSibling, 0); range.setEnd(roll.nextSibling, 1);
                   return [roll.getBoundingClientRect().right, range.getBoundingClientRect().left]; }"""
    )
    assert abs(colon - roll) < 1, "a space shows between the roll and its colon"


def test_the_home_page_title_is_the_site_name_once(page: Page, site_url: str) -> None:
    page.goto(site_url)
    expect(page).to_have_title("Scrollhammer Rules")


# ------------------------------------------------------------------ finding a rule


def search(page: Page, site_url: str, query: str) -> None:
    page.goto(site_url)
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input[data-md-component='search-query']").press_sequentially(query, delay=20)


@pytest.mark.parametrize(
    ("typo", "word", "rule"), [("barage", "barrage", "barrage"), ("colapse", "collapse", "collapse")]
)
def test_a_typo_is_forgiven_in_one_tap(page: Page, site_url: str, typo: str, word: str, rule: str) -> None:
    search(page, site_url, typo)
    offer = page.locator(".sh-search-fix")
    expect(offer).to_contain_text(f"Did you mean {word}?")
    offer.get_by_role("button", name=word).tap()
    expect(page.locator("input[data-md-component='search-query']")).to_have_value(word)
    first = page.locator(".md-search-result__link[href*='#']").first
    expect(first).to_be_visible()
    assert rule in (first.get_attribute("href") or "")


def test_a_chart_row_ranks_first_for_its_own_name(page: Page, site_url: str) -> None:
    search(page, site_url, "total collapse")
    first = page.locator(".md-search-result__link[href*='#']").first
    expect(first).to_have_attribute("href", re.compile(r"#total-collapse$"))


def test_the_home_pages_list_of_sections_does_not_crowd_the_results(page: Page, site_url: str) -> None:
    search(page, site_url, "dangerous")
    expect(page.locator(".md-search-result__link").first).to_be_visible()
    hrefs = page.eval_on_selector_all(".md-search-result__link", "links => links.map(a => a.getAttribute('href'))")
    assert not any(re.search(r"127\.0\.0\.1:\d+/(\?[^#]*)?(#the-rules)?$", h) for h in hrefs), hrefs


def test_the_table_of_contents_lists_the_chart_and_each_calculator(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    toc = page.locator("nav.md-nav--secondary")
    expect(toc.get_by_role("link", name="Building Damage Chart")).to_have_attribute("href", re.compile(r"#breach$"))
    expect(toc.get_by_role("link", name="Building damage calculator")).to_have_attribute(
        "href", re.compile(r"#calc-building-damage$")
    )
    page.goto(site_url + "unit-types/")
    toc = page.locator("nav.md-nav--secondary")
    expect(toc.get_by_role("link", name="Artillery hit split")).to_have_attribute(
        "href", re.compile(r"#calc-hit-split-artillery$")
    )
    expect(toc.get_by_role("link", name="Monstrous Cavalry hit split")).to_be_attached()


# ------------------------------------------------------------------ on the home screen


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_valid(site_url: str) -> None:
    with urllib.request.urlopen(site_url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(response)
    assert manifest["name"] == "Scrollhammer Rules"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    assert manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        with urllib.request.urlopen(site_url + icon["src"]) as response:
            width, height = png_size(response.read())
        assert icon["sizes"] == f"{width}x{height}"
        sizes[(icon["purpose"], width)] = icon["src"]
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(sizes)


def test_the_site_installs_like_an_app(playwright: Playwright, site_url: str) -> None:
    # Chrome's own installability check (incognito contexts never install: a real profile).
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            service_workers="allow",
        )
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"] == site_url + "manifest.webmanifest"
        context.close()


@pytest.mark.parametrize("path", PAGE_URLS)
def test_every_page_links_the_manifest(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    href = page.locator("link[rel=manifest]").get_attribute("href") or ""
    assert page.evaluate("href => new URL(href, location.href).href", href) == site_url + "manifest.webmanifest"
    expect(page.locator("meta[name=theme-color]")).to_have_count(1)  # the theme's own, from the palette


SHARE_PROBE = """
window.__shared = [];
Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
"""


@pytest.fixture
def sharing_phone(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(SHARE_PROBE)
    return context


def test_a_rule_can_be_shared_from_its_menu(sharing_phone: BrowserContext, site_url: str) -> None:
    page = sharing_phone.new_page()
    page.goto(site_url + "buildings/")
    page.locator("#tremor .rule-link").tap()
    menu = page.get_by_role("menu", name="This rule")
    expect(menu.get_by_role("menuitem")).to_have_text(["Copy link", "Share", "Copy quote"])
    menu.get_by_role("menuitem", name="Share").tap()
    page.wait_for_function("() => window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == site_url + "buildings/#tremor"


def test_a_calculation_can_be_shared(sharing_phone: BrowserContext, site_url: str) -> None:
    page = sharing_phone.new_page()
    page.goto(site_url + "unit-types/")
    wait_for(page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 1}))
    share = page.locator("#calc-hit-split-artillery button[data-action='share']")
    expect(share).to_be_visible()
    share.tap()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["text"] == "Artillery · 1 hit — Average on the artillery piece: 0.50"
    assert shared["url"].startswith(site_url + "unit-types/?calc=hit-split")


def test_without_a_share_sheet_there_is_no_share_button_and_copying_still_works(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/")
    wait_for(page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 1}))
    expect(page.locator("#calc-hit-split-artillery button[data-action='share']")).to_be_hidden()
    page.locator("#tremor").count()  # no such rule here: the menu is per rule
    page.locator("#artillery-shooting-at-artillery-unit-roll-d6-each-hit .rule-link").tap()
    expect(page.get_by_role("menu", name="This rule").get_by_role("menuitem")).to_have_text(["Copy link", "Copy quote"])


def test_a_share_sheet_that_fails_falls_back_to_copying(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    context.add_init_script(
        "Object.defineProperty(navigator, 'share', { configurable: true,"
        " value: async () => { throw new DOMException('no', 'NotAllowedError'); } });"
    )
    page = context.new_page()
    page.goto(site_url + "buildings/")
    page.locator("#tremor .rule-link").tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Share").tap()
    expect(page.locator(".sh-toast")).to_contain_text("copied")
    assert page.evaluate("navigator.clipboard.readText()").endswith(site_url + "buildings/#tremor")
    context.close()


def test_the_404_page_has_the_same_policy_and_no_inline_script(page: Page, site_url: str) -> None:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    response = page.goto(site_url + "no/such/rule/")
    assert response is not None
    assert response.status == 404
    policy = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    assert policy == response.headers["content-security-policy"]
    assert page.evaluate("[...document.scripts].filter(s => !s.src && s.type !== 'application/json').length") == 0
    expect(page.locator("h1")).to_contain_text("404")
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    assert violations == []
