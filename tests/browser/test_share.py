"""Sharing a rule or a calculation from a phone: the share sheet (and copying where there is
none or it fails), Copy link, Copy quote with the words exactly."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import RULEBOOK
from support.browser import CALCULATORS, cpython, fill, section_cpython, shown_result, wait_for
from support.calc_cases import CHARGE_SECTION
from support.expected import card_link

SHARE_PROBE = """
window.__shared = [];
Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
"""


@pytest.fixture
def sharing_phone(returning_context: BrowserContext) -> BrowserContext:
    """A returning player's phone with a share sheet (Chromium's own has none here): what it is given is kept."""
    returning_context.add_init_script(SHARE_PROBE)
    return returning_context


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
def clipboard_phone(returning_context: BrowserContext, site_url: str) -> BrowserContext:
    """A returning player's phone whose clipboard the page may write and the test read."""
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    return returning_context


def test_a_rule_can_be_shared_from_its_menu(sharing_phone: BrowserContext, site_url: str) -> None:
    page = sharing_phone.new_page()
    page.goto(site_url + "buildings/")
    page.locator("#tremor .rule-link").tap()
    menu = page.get_by_role("menu", name="This rule")
    expect(menu.get_by_role("menuitem")).to_have_text(["Copy link", "Share", "Copy quote", "Show"])
    menu.get_by_role("menuitem", name="Share").tap()
    page.wait_for_function("() => window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == card_link(site_url, "buildings", "tremor")


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


def test_without_a_share_sheet_there_is_no_share_button_and_copying_still_works(
    clipboard_phone: BrowserContext, site_url: str
) -> None:
    page = clipboard_phone.new_page()  # Chromium: no navigator.share
    page.goto(site_url + "unit-types/")
    assert page.evaluate("typeof navigator.share") == "undefined"
    wait_for(page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 1}))
    expect(page.locator("#calc-hit-split-artillery button[data-action='share']")).to_be_hidden()
    rule = "artillery-shooting-at-artillery-unit-roll-d6-each-hit"
    page.locator(f"#{rule} .rule-link").tap()
    menu = page.get_by_role("menu", name="This rule")
    expect(menu.get_by_role("menuitem")).to_have_text(["Copy link", "Copy quote", "Show"])
    menu.get_by_role("menuitem", name="Copy link").tap()
    expect(page.locator(".sh-toast")).to_contain_text("copied")
    assert page.evaluate("navigator.clipboard.readText()") == card_link(site_url, "unit-types", rule)


def test_a_share_sheet_that_fails_falls_back_to_copying(clipboard_phone: BrowserContext, site_url: str) -> None:
    context = clipboard_phone
    context.add_init_script(
        "Object.defineProperty(navigator, 'share', { configurable: true,"
        " value: async () => { throw new DOMException('no', 'NotAllowedError'); } });"
    )
    page = context.new_page()
    page.goto(site_url + "buildings/")
    page.locator("#tremor .rule-link").tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Share").tap()
    expect(page.locator(".sh-toast")).to_contain_text("copied")
    assert page.evaluate("navigator.clipboard.readText()").endswith(card_link(site_url, "buildings", "tremor"))


def test_copy_link_gives_the_answer_and_a_link_that_opens_it(clipboard_phone: BrowserContext, site_url: str) -> None:
    page = clipboard_phone.new_page()
    page.goto(site_url + "ruins/")
    section = "calc-ruin-movement"
    inputs = {"unit_type": "beasts", "level_height": "2", "roll": "5"}
    fill(page, section, inputs)
    expected = section_cpython(section, inputs)
    wait_for(page, section, expected)
    # Its JSON is for tool makers, on the data page (tests/hosting/test_api_example.py), not here.
    expect(page.locator(f"#{section} .sh-calc__actions button:visible")).to_have_text(["Roll it", "Copy link"])
    page.locator(f"#{section} button[data-action='copy-link']").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link to this calculation copied")
    summary, link = page.evaluate("navigator.clipboard.readText()").split("\n")
    view = CALCULATORS["ruin-movement"].present(CALCULATORS["ruin-movement"].compute(**inputs))
    assert summary == f"{view['asked']} — {view['headline']['label']}: {view['headline']['text']}"
    assert urlsplit(link).fragment == "infantry-distance-between-levels-greater-than"
    fresh = clipboard_phone.new_page()
    fresh.goto(link)
    wait_for(fresh, section, expected)
    assert shown_result(fresh, section) == expected


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
    assert quoted["url"] == card_link(site_url, path.rstrip("/"), rule)
    known = source_lines()
    for line in quoted["words"].split("\n"):
        assert line in known, f"not a line of the rulebook: {line!r}"
    assert "not in these sections" not in quoted["words"]  # the site's help is not the book's words


def test_a_calculations_share_text_is_what_was_asked_and_the_answer(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=cavalry&difficult=true&distance=9")
    wait_for(
        returning_page,
        CHARGE_SECTION,
        cpython("charge-and-fall-back", {"unit_type": "cavalry", "difficult": "true", "distance": "9"}),
    )
    result = returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__result")
    expect(result).to_have_attribute(
        "data-asked", 'Cavalry · charge · through difficult terrain · 9" needed · 4d6" choosing the three lowest'
    )
    expect(result).to_have_attribute("data-headline", 'Makes the 9" charge: 51.2%')
