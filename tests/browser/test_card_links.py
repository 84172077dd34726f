"""Rule cards in real Chromium at 360×740: a card's address lands on the rule (Back returns),
offline too; an old link's words that changed since show the notice, the old words and the
difference; a removed rule's card shows its last words; Show's QR code decodes to the card.

The changed and removed rules come from a temporary copy of the project whose rulebook is
edited and built (unfrozen, so its history records the new words, dated 2027-01-15).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support import EXPORTS, PHONE, build_site, copy_project
from support.browser import TIMEOUT, assert_arrived, axe_violations, decode_qr
from support.expected import card_link
from support.visitors import Phones

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock
from harness.network import free_port
from harness.project import ROOT
from site_server import serving

TREMOR_OLD = "Units inside the section get -d3 to hit the following turn."
TREMOR_NEW = "Units inside the section get -1 to hit the following turn."
#: The versions of the edited words, as the edited build recorded them (filled by ``edited_site``).
NEW_VERSIONS: dict[str, str] = {}
GONE = "attacking-buildings-battlements-and-building-damage-unit-battlements-slightly-less-prone"
GONE_TO = "attacking-buildings-battlements-and-building-damage"
SCREENSHOTS = ROOT / "test-results" / "screenshots"


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.fixture(scope="module")
def edited_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A build of the project with Tremor's words changed and one battlements paragraph removed, served."""
    project = copy_project(tmp_path_factory.mktemp("edited") / "project")
    rulebook = project / "docs" / "rulebook"
    changed = 0
    for name in EXPORTS:
        text = (rulebook / name).read_text("utf-8")
        new = text.replace(TREMOR_OLD, TREMOR_NEW)
        new = re.sub(r"A unit on the battlements is slightly less prone to harm[^\n]*\n\n", "", new)
        if new != text:
            changed += 1
            (rulebook / name).write_text(new, "utf-8")
    assert changed
    lock_path = project / "anchors.lock.json"
    lock = AnchorLock.loads(lock_path.read_text("utf-8")).with_aliases({f"buildings#{GONE}": f"buildings#{GONE_TO}"})
    lock_path.write_text(lock.dumps(), "utf-8")
    port = free_port()
    site = tmp_path_factory.mktemp("edited-site")
    build_site(project, site, port=port, frozen=False, env={"SOURCE_DATE_EPOCH": "1800000000"})
    history = RuleHistory.loads((project / "rules.history.jsonl").read_text("utf-8"))
    assert [v.date for v in history.versions[next(r for r in history.versions if r.id == "tremor")]][-1] == "2027-01-15"
    latest = history.latest(RuleRef("buildings", "tremor"))
    assert latest is not None
    NEW_VERSIONS["tremor"] = latest.version
    with serving(site, port=port):
        yield f"http://127.0.0.1:{port}/"


def phone(returning_phone: Phones, url: str, scheme: str = "light") -> BrowserContext:
    """A returning player's phone at ``url``'s site, drawn sharp for the screenshots, in ``scheme``."""
    return returning_phone(url, device_scale_factor=2, color_scheme=scheme)


def test_a_card_address_lands_on_the_rule_in_view_and_back_returns(returning_phone: Phones, site_url: str) -> None:
    context = phone(returning_phone, site_url)
    page = context.new_page()
    page.goto(site_url + "ruins/")
    page.goto(card_link(site_url, "buildings", "total-collapse"))
    page.wait_for_url(re.compile(r"/buildings/\?v=[0-9a-f]{8}#total-collapse$"))
    assert_arrived(page, "total-collapse")
    expect(page.locator(".sh-changed")).to_have_count(0)  # the words are the ones shared
    page.go_back()
    page.wait_for_url(site_url + "ruins/")


def test_a_card_address_works_offline_once_the_site_is_on_the_device(returning_phone: Phones, site_url: str) -> None:
    context = phone(returning_phone, site_url)
    page = context.new_page()
    page.goto(site_url + "terrain/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    context.set_offline(True)
    page.goto(card_link(site_url, "unit-types", "cavalry"))
    page.wait_for_url(re.compile(r"/unit-types/\?v=[0-9a-f]{8}#cavalry$"))
    assert_arrived(page, "cavalry")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_an_old_link_shows_that_the_words_changed_what_they_were_and_the_difference(
    first_visit_phone: Phones, edited_site: str, scheme: str
) -> None:
    old = card_link(edited_site, "buildings", "tremor")  # the committed version: the words before the edit
    context = first_visit_phone(device_scale_factor=2, color_scheme=scheme)
    page = context.new_page()
    page.goto(old)
    page.wait_for_url(re.compile(r"/buildings/\?v=[0-9a-f]{8}#tremor$"))
    assert_arrived(page, "tremor")
    notice = page.locator("#tremor .sh-changed")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("These words changed on 2027-01-15, after this link was shared")
    expect(notice.locator(".sh-changed__old")).to_contain_text(TREMOR_OLD)
    expect(notice.locator("del")).to_have_text("[removed: -d3]")
    expect(notice.locator("ins")).to_have_text("[added: -1]")
    assert notice.locator("del").evaluate("el => getComputedStyle(el).textDecorationLine") == "line-through"
    assert notice.locator("ins").evaluate("el => getComputedStyle(el).textDecorationLine") == "underline"
    expect(page.locator("#tremor .chart-row__name + p")).to_have_text(re.compile(re.escape(TREMOR_NEW)))
    notice.scroll_into_view_if_needed()
    shot(page, f"card-changed-words-{scheme}")
    assert axe_violations(page) == []


@pytest.mark.parametrize("version", ["zzzzzzzz", "0123abcd", "", "%3Cscript%3E"])
@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_an_unknown_or_malformed_version_is_ignored_quietly(
    first_visit_phone: Phones, edited_site: str, version: str
) -> None:
    context = first_visit_phone(device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{edited_site}r/buildings/tremor/?v={version}")
    page.wait_for_url(re.compile(r"/buildings/.*#tremor$"))
    assert_arrived(page, "tremor")
    expect(page.locator(".sh-changed")).to_have_count(0)


@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_the_current_version_links_the_new_words_with_no_notice(first_visit_phone: Phones, edited_site: str) -> None:
    context = first_visit_phone(device_scale_factor=2)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=edited_site.rstrip("/"))
    page = context.new_page()
    page.goto(edited_site + "buildings/")
    page.locator("#tremor .rule-link").tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Copy link").tap()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link != card_link(edited_site, "buildings", "tremor"), "new words, new version"
    assert link == f"{edited_site}r/buildings/tremor/?v={NEW_VERSIONS['tremor']}", "the link carries the new version"
    page.goto(link)
    page.wait_for_url(re.compile(r"#tremor$"))
    expect(page.locator(".sh-changed")).to_have_count(0)


@pytest.mark.parametrize("scripts", [True, False], ids=["scripts", "no scripts"])
@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_a_removed_rules_card_shows_its_last_words_and_where_they_went(
    first_visit_phone: Phones, edited_site: str, scripts: bool
) -> None:
    context = first_visit_phone(java_script_enabled=scripts)
    page = context.new_page()
    page.goto(f"{edited_site}r/buildings/{GONE}/")
    # A card that sent the reader on would leave it: waited for (bounded), not slept through.
    with pytest.raises(PlaywrightTimeoutError):
        page.wait_for_url(lambda url: url != f"{edited_site}r/buildings/{GONE}/", timeout=2000)
    assert page.url == f"{edited_site}r/buildings/{GONE}/"
    expect(page.locator(".card__words")).to_contain_text("A unit on the battlements is slightly less prone to harm")
    expect(page.locator(".card__date")).to_contain_text("They are no longer in the rulebook")
    link = page.get_by_role("link", name=re.compile("Battlements and Building Damage"))
    expect(link).to_have_attribute("href", f"../../../buildings/#{GONE_TO}")


@pytest.mark.first_visit("scripts off: such a phone never took the site's service worker")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_card_with_scripts_off_shows_the_words_the_place_the_date_and_a_way_in(
    first_visit_phone: Phones, site_url: str, scheme: str
) -> None:
    context = first_visit_phone(device_scale_factor=2, java_script_enabled=False, color_scheme=scheme)
    page = context.new_page()
    page.goto(card_link(site_url, "buildings", "total-collapse"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Buildings › Attacking Buildings › Building Damage Chart › 6: Total Collapse"
    )
    expect(page.locator(".card__words p").first).to_have_text("6: Total Collapse")
    expect(page.locator(".card__date")).to_have_text(re.compile(r"These words since \d{4}-\d{2}-\d{2}\."))
    expect(page.get_by_role("link", name="Read it in the rulebook")).to_have_attribute(
        "href", "../../../buildings/#total-collapse"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"card-no-scripts-{scheme}")


def test_a_card_image_is_the_rules_words_in_the_sites_palette(returning_phone: Phones, site_url: str) -> None:
    context = phone(returning_phone, site_url)
    page = context.new_page()
    page.set_viewport_size({"width": 1200, "height": 630})
    page.goto(site_url + "r/buildings/total-collapse/card.png")
    shot(page, "card-image")
    size = page.evaluate("[document.images[0].naturalWidth, document.images[0].naturalHeight]")
    assert size == [1200, 630]
    png = page.request.get(site_url + "r/buildings/total-collapse/card.png").body()
    shares = palette_shares(Image.open(io.BytesIO(png)))
    # The paper, the site's brown band, the words in ink, the place, the orange accent: all there.
    assert shares["paper"] > 0.5, shares
    assert shares["band"] > 0.05, shares
    assert shares["ink"] > 0.01, shares
    assert shares["place"] > 0.002, shares
    assert shares["accent"] > 0.002, shares


#: The card's colours (build_scripts/cards/card_image.py), written out here to check them.
PALETTE = {
    "paper": (251, 248, 245),
    "band": (121, 85, 72),  # Material's brown, the site's primary colour
    "place": (93, 64, 55),
    "ink": (33, 26, 23),
    "accent": (255, 110, 64),  # Material's deep orange, the site's accent
}


def palette_shares(image: Image.Image) -> dict[str, float]:
    """The share of the image's pixels near each colour of the palette (within the quantiser's drift)."""
    rgb = image.convert("RGB")
    counts = dict.fromkeys(PALETTE, 0)
    for count, colour in rgb.getcolors(maxcolors=1 << 20) or []:
        for name, target in PALETTE.items():
            if sum((a - b) ** 2 for a, b in zip(colour, target, strict=True)) <= 12**2:
                counts[name] += count
    return {name: count / (rgb.width * rgb.height) for name, count in counts.items()}


def test_the_palette_check_tells_a_card_of_other_colours() -> None:
    grey = Image.new("RGB", (120, 63), (128, 128, 128))
    assert palette_shares(grey) == dict.fromkeys(PALETTE, 0.0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_show_holds_the_rule_up_with_a_qr_code_of_its_card(returning_phone: Phones, site_url: str, scheme: str) -> None:
    context = phone(returning_phone, site_url, scheme)
    page = context.new_page()
    page.goto(site_url + "buildings/")
    before = page.url
    page.locator("#tremor .rule-link").tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Show").tap()
    dialog = page.get_by_role("dialog", name="Show this rule")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".sh-show__place")).to_have_text(
        "Buildings › Attacking Buildings › Building Damage Chart › 2: Tremor"
    )
    expect(dialog.locator(".sh-show__words")).to_contain_text('Units leaving the building can only move 3" outwards')
    expect(dialog.locator(".sh-show__date")).to_contain_text("These words since")
    qr = dialog.locator(".sh-show__qr svg")
    expect(qr).to_be_visible()
    box = dialog.locator(".sh-show__box")
    assert box.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), "the words fit the screen"
    shot(page, f"show-{scheme}")
    assert decode_qr(page, qr.screenshot()) == card_link(site_url, "buildings", "tremor")
    assert axe_violations(page) == []
    # Escape leaves it, and the history entry Show added.
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    page.wait_for_url(before + "#tremor")


def test_back_and_close_leave_show_and_keep_the_page_as_it_was(returning_phone: Phones, site_url: str) -> None:
    context = phone(returning_phone, site_url)
    page = context.new_page()
    page.goto(site_url + "unit-types/")
    page.evaluate("document.getElementById('cavalry').dataset.kept = 'yes'")
    for leave in ("back", "close"):
        control = page.locator("#cavalry .headerlink")
        control.scroll_into_view_if_needed()
        control.tap()
        page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Show").tap()
        dialog = page.get_by_role("dialog", name="Show this rule")
        expect(dialog).to_be_visible()
        if leave == "back":
            page.go_back()
        else:
            dialog.get_by_role("button", name="Close").tap()
        expect(dialog).to_have_count(0)
        # Close leaves Show's history entry by its own Back, which settles a moment later: the
        # test's Back below would otherwise race it (a loaded machine lost that race once).
        page.wait_for_function("() => !(history.state && history.state.shShow)")
        assert page.url.endswith("/unit-types/#cavalry")
        # The page was not loaded again (Material's instant navigation never saw that Back).
        expect(page.locator("#cavalry")).to_have_attribute("data-kept", "yes")
    page.go_back()  # the entry before the page: Show left none behind
    assert "unit-types" not in page.url or page.url.endswith("/unit-types/")


def test_show_works_offline(returning_phone: Phones, site_url: str) -> None:
    context = phone(returning_phone, site_url)
    page = context.new_page()
    page.goto(site_url + "ruins/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.reload()
    context.set_offline(True)
    control = page.locator("#ruins .headerlink")
    control.tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Show").tap()
    qr = page.locator(".sh-show__qr svg")
    expect(qr).to_be_visible()
    assert decode_qr(page, qr.screenshot()) == card_link(site_url, "ruins", "ruins")
