"""Beyond the three, on a 360×740 phone: the charge and fall-back calculator, keywords you can
tap, and a quote to paste in a dispute."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support import PHONE, RULEBOOK

from calculators.format import to_jsonable
from calculators.registry import all_calculators

CALCULATOR = all_calculators()["charge-and-fall-back"]
ANSWER_TIMEOUT = 60_000
SECTION = "calc-charge-and-fall-back"


def cpython(inputs: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(json.dumps(to_jsonable(CALCULATOR.calculate(**inputs)))))


def wait_for(page: Page, expected: dict[str, Any]) -> None:
    page.wait_for_function(
        """([sel, want]) => { const box = document.querySelector(sel + ' .sh-calc__result');
             return !!box && !!box.dataset.result && JSON.stringify(JSON.parse(box.dataset.result).inputs) === want; }""",
        arg=[f"#{SECTION}", json.dumps(expected["inputs"], separators=(",", ":"))],
        timeout=ANSWER_TIMEOUT,
    )


# ------------------------------------------------------------------ the charge and fall-back calculator


def test_the_charge_calculator_sits_after_the_cavalry_rules(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/")
    placed = page.locator(f"#cavalry-fall-back-moves-make-fall-back-moves-just ~ section#{SECTION}")
    expect(placed).to_have_count(1)
    expect(
        page.locator("nav.md-nav--secondary").get_by_role("link", name="Charge and fall back calculator")
    ).to_be_attached()


def test_a_shared_fly_charge_answers_with_the_chance_to_make_it(page: Page, site_url: str) -> None:
    inputs = {"unit_type": "flyer-beasts", "fly": "true", "distance": "12"}
    page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=flyer-beasts&fly=true&distance=12")
    expected = cpython(inputs)
    wait_for(page, expected)
    assert json.loads(page.locator(f"#{SECTION} .sh-calc__result").get_attribute("data-result") or "{}") == expected
    expect(page.locator(f"#{SECTION} .sh-calc__headline")).to_contain_text('Makes the 12" charge: 60.9%')
    expect(page.locator(f"#{SECTION} .sh-calc__asked")).to_contain_text("re-roll if short")
    bars = page.locator(f"#{SECTION} .sh-calc__bar-row")
    expect(bars).to_have_count(len(expected["distribution"]))  # the distribution, once
    page.locator(f"#{SECTION} summary").tap()
    expect(page.locator(f"#{SECTION} .sh-calc__working a").first).to_have_attribute(
        "href", re.compile(r"/unit-types/#beasts-close-combat-roll-3d6-when-charging-when$")
    )


def test_a_rule_these_sections_lack_is_an_inline_error_naming_it(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/")
    wait_for(page, cpython({}))
    page.locator(f"#{SECTION}-unit_type").select_option("infantry")
    error = page.locator(f"#{SECTION}-unit_type-error")
    expect(error).to_have_text(
        "The charge distance of Infantry is not in these sections of the rulebook (they give it for Beasts and "
        "Cavalry only).",
        timeout=ANSWER_TIMEOUT,
    )


def test_roll_it_rolls_a_charge(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=cavalry&distance=9")
    wait_for(page, cpython({"unit_type": "cavalry", "distance": "9"}))
    page.locator(f"#{SECTION} button[data-action='roll']").tap()
    lines = page.locator(f"#{SECTION} .sh-calc__roll li")
    expect(lines.first).to_have_text(re.compile(r'^Rolled [1-6] [1-6] [1-6]: \d+"\.$'))
    rolled = int(re.search(r': (\d+)"', lines.first.inner_text()).group(1))  # type: ignore[union-attr]
    expect(lines.last).to_contain_text("makes" if rolled >= 9 else "falls short of")


# ------------------------------------------------------------------ keywords you can tap


def test_tapping_a_keyword_shows_its_definition_without_leaving_the_page(page: Page, site_url: str) -> None:
    page.goto(site_url + "ruins/#ruins-the-basics-all-ruins-difficult-area-terrain")
    rule = page.locator("#ruins-the-basics-all-ruins-difficult-area-terrain")
    term = rule.locator("a.term", has_text="difficult area terrain")
    expect(rule).to_contain_text("All ruins are difficult area terrain, and so provide a cover save")
    term.tap()
    pop = page.get_by_role("dialog", name="Difficult Terrain")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("Difficult terrain slows down models wishing to move through it")
    expect(pop).to_contain_text("Types of Terrain › Difficult Terrain")
    expect(pop.get_by_role("link", name="Read the rule")).to_have_attribute(
        "href", re.compile(r"terrain/#difficult-terrain-slows-down-models-wishing-move$")
    )
    expect(term).to_have_attribute("aria-expanded", "true")
    assert page.url.endswith("/ruins/#ruins-the-basics-all-ruins-difficult-area-terrain")  # still here
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    expect(term).to_be_focused()


def test_a_keyword_opens_from_the_keyboard_and_its_link_reads_the_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    term = page.locator("#attacking-buildings-building-reaches-0-armour-value a.term").first
    term.focus()
    page.keyboard.press("Enter")
    pop = page.locator(".sh-term-pop")
    expect(pop).to_be_visible()
    expect(pop.get_by_role("link", name="Read the rule")).to_be_focused()
    pop.get_by_role("link", name="Read the rule").press("Enter")
    page.wait_for_url(re.compile(r"#attacking-buildings-result-greater-than-armour-value$|#total-collapse$"))


def test_keywords_pass_axe_with_a_popover_open(page: Page, site_url: str) -> None:
    page.goto(site_url + "terrain/")
    page.locator("a.term").first.tap()
    expect(page.locator(".sh-term-pop")).to_be_visible()
    results = Axe().run(
        page,
        options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}},
    )
    assert [v["id"] for v in results.response["violations"]] == []


def test_terms_defined_outside_these_sections_are_not_links(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    rule = page.locator("#fighting-inside-buildings-units-inside-buildings-fearless-but")
    expect(rule).to_contain_text("Units inside Buildings are Fearless")
    expect(rule.locator("a.term", has_text="Fearless")).to_have_count(0)


# ------------------------------------------------------------------ a quote to paste in a dispute


def source_lines() -> set[str]:
    """Every line of the rulebook source as a reader sees it: no wiki markup."""
    lines = set()
    for path in RULEBOOK.glob("*.wiki"):
        for line in path.read_text("utf-8").splitlines():
            text = re.sub(r"^=+|=+$", "", line.replace("'''", "").replace("''", "")).removeprefix("*")
            lines.add(text.strip())
    return lines


QUOTES = [
    ("buildings/", "total-collapse", "Buildings › Attacking Buildings › Building Damage Chart › 6: Total Collapse"),
    ("buildings/", "breach", "Buildings › Attacking Buildings › Building Damage Chart › 1: Breach!"),
    ("buildings/", "attacking-buildings-note-strength-weapon-rolling-against", "Buildings › Attacking Buildings"),
    ("unit-types/", "beasts-movement-fast-beasts-may-move-additional", "Unit Types › Beasts › Movement"),
    ("terrain/", "difficult-terrain-models-moving-into-through-out", "Types of Terrain › Difficult Terrain"),
    ("ruins/", "ruins-the-basics-all-ruins-difficult-area-terrain", "Ruins › Ruins: The Basics"),
    (
        "unit-types/",
        "cavalry-special-rules-represent-upper-hand-battle-granted",
        "Unit Types › Cavalry › Special Rules",
    ),
    (
        "unit-types/",
        "monstrous-cavalry-close-combat-fails-loses-fearless-any-other",
        "Unit Types › Monstrous Cavalry › Close Combat",
    ),
    ("buildings/", "building-size-rooms-may-have-different-elevations", "Buildings › Building Size"),
    ("unit-types/", "artillery-shooting-at-artillery", "Unit Types › Artillery › Shooting at Artillery"),
]


@pytest.fixture
def clipboard_phone(browser: Browser, site_url: str) -> BrowserContext:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    return context


@pytest.mark.parametrize(("path", "rule", "place"), QUOTES, ids=[r for _, r, _ in QUOTES])
def test_copy_quote_gives_the_words_exactly_their_place_and_link(
    clipboard_phone: BrowserContext, site_url: str, path: str, rule: str, place: str
) -> None:
    page = clipboard_phone.new_page()
    page.goto(site_url + path)
    control = page.locator(f"[id='{rule}'] :is(.rule-link, .headerlink)").first
    control.scroll_into_view_if_needed()
    control.tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Copy quote").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Quote copied")
    text = page.evaluate("navigator.clipboard.readText()")
    quoted = re.fullmatch(r"“(?P<words>.+)”\n— (?P<place>.+)\n(?P<url>\S+)", text, re.DOTALL)
    assert quoted, text
    assert quoted["place"] == place
    assert quoted["url"] == f"{site_url}{path}#{rule}"
    known = source_lines()
    for line in quoted["words"].split("\n"):
        assert line in known, f"not a line of the rulebook: {line!r}"
    assert "not in these sections" not in quoted["words"]  # the site's help is not the book's words


def test_a_calculations_share_text_is_what_was_asked_and_the_answer(page: Page, site_url: str) -> None:
    page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=cavalry&difficult=true&distance=9")
    wait_for(page, cpython({"unit_type": "cavalry", "difficult": "true", "distance": "9"}))
    result = page.locator(f"#{SECTION} .sh-calc__result")
    expect(result).to_have_attribute(
        "data-asked", 'Cavalry · charge · through difficult terrain · 9" needed · 4d6" choosing the three lowest'
    )
    expect(result).to_have_attribute("data-headline", 'Makes the 9" charge: 51.2%')
