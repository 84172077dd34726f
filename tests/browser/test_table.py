"""The table, as two players use it on their phones (360×740): list the terrain, agree the
questions, keep it offline, share it, and let the calculators use it (the first and the
last of these on the sites of both generators: ``player_url``)."""

from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import PHONE
from support.browser import ANSWER_TIMEOUT, TIMEOUT, axe_violations, cpython, shown_result, wait_for
from support.visitors import Phones

from harness.project import ROOT

pytestmark = pytest.mark.browser

KEY = "scrollhammer-table"
SECTION = "calc-building-damage"


def open_table(page: Page, site_url: str, hash_: str = "") -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{site_url}table/{hash_}")
    expect(page.locator(".sh-table__title")).to_be_visible(timeout=TIMEOUT)


def add_piece(page: Page, kind: str, name: str) -> None:
    page.select_option("#add-kind", kind)
    page.fill("#add-name", name)
    page.click("form.sh-table__add button[type=submit]")
    expect(page.locator(".sh-piece__name", has_text=name)).to_be_visible()


def unfold(page: Page, field: str) -> None:
    """Open the folds a question sits in, as a player taps their summaries."""
    for summary in page.locator(f"details:has(#{field}):not([open]) > summary").all():
        summary.tap()
    expect(page.locator(f"#{field}")).to_be_visible()


def answer(page: Page, field: str, value: str) -> None:
    """Answer a question: tap a choice's option (its radio button), or type and leave the field."""
    unfold(page, field)
    control = page.locator(f"#{field}")
    if control.evaluate("e => e.tagName") == "FIELDSET":
        control.locator(f"input[value='{value}']").check()
    else:
        control.fill(value)
        control.press("Tab")


def answered(page: Page, field: str) -> str:
    """A question's answer as the page shows it: the chosen option, or what its field holds."""
    control = page.locator(f"#{field}")
    if control.evaluate("e => e.tagName") == "FIELDSET":
        return str(control.locator("input:checked").get_attribute("value"))
    return control.input_value()


def stored(page: Page) -> str | None:
    return page.evaluate(f"() => localStorage.getItem('{KEY}')")


#: The answers three_pieces gives, by field.
KEPT = {
    "q-p1-impassable": "yes",
    "q-p1-fire-points": "the two east windows",
    "q-p2-level-height": "4",
    "q-p2-ruin-dangerous": "yes",
    "q-p3-forest-area": "no",
    "q-game-upper-levels": "monstrous-creatures",
}


def three_pieces(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    add_piece(page, "stone-house", "the chapel")
    add_piece(page, "ruin", "the mill")
    add_piece(page, "forest", "the wood")
    for field, value in KEPT.items():
        answer(page, field, value)
    expect(page.locator(".sh-table__title")).to_have_text("Your table: 3 pieces")


def test_three_pieces_answered_are_there_after_an_offline_reload(returning_phone: Phones, player_url: str) -> None:
    phone = returning_phone(player_url)
    page = phone.new_page()
    three_pieces(page, player_url)
    # What the rules make of each answer shows at once, each line linked to its rule.
    chapel = page.locator("#piece-p1")
    expect(chapel.locator(".sh-piece__facts a", has_text="Impassable, as agreed")).to_have_attribute(
        "href", "../buildings/#impassable-buildings-and-movement-building-agreed-impassable-start-game"
    )
    expect(page.locator("#piece-p2 .sh-piece__facts", has_text="Dangerous terrain, as agreed")).to_be_visible()
    expect(page.locator("#piece-p3 .sh-piece__facts", has_text="Not area terrain")).to_be_visible()
    # A question's rule is one tap away, in the rule's own words.
    rules = chapel.locator(".sh-q", has=page.locator("#q-p1-fire-points")).locator("details.sh-q__rules")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Players should agree beforehand where these Fire Points are.")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    phone.set_offline(True)
    page.reload()
    expect(page.locator(".sh-table__title")).to_have_text("Your table: 3 pieces", timeout=TIMEOUT)
    assert {field: answered(page, field) for field in KEPT} == KEPT
    phone.set_offline(False)


def test_a_bad_answer_is_refused_beside_its_field_and_kept_to_correct(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "stone-house", "the chapel")
    answer(page, "q-p1-fire-point-models", "40")
    expect(page.locator("#q-p1-fire-point-models-error")).to_have_text(
        "How many models may shoot through each Fire Point: must be a whole number from 1 to 20."
    )
    expect(page.locator("#q-p1-fire-point-models")).to_have_value("40")
    expect(page.locator("#q-p1-fire-point-models")).to_have_attribute("aria-invalid", "true")
    # The error is shown where the player left, and the focus stays where Tab took it.
    expect(page.locator("#q-p1-fire-point-models")).not_to_be_focused()
    assert page.evaluate("document.activeElement.closest('.sh-q') !== null"), "Tab went on to the next control"
    # Nothing refused was kept: the count says the question is still to agree.
    expect(page.locator("#piece-p1-questions > summary")).to_have_text("To agree: 7 questions, 7 not agreed yet")
    page.fill("#add-name", "<b>the barn</b>")
    page.click("form.sh-table__add button[type=submit]")
    expect(page.locator("#add-error")).to_contain_text("plain text")
    expect(page.locator("#add-name")).to_have_value("<b>the barn</b>")
    assert page.locator("b", has_text="the barn").count() == 0


def test_a_shared_table_opens_read_only_then_is_used(returning_phone: Phones, site_url: str) -> None:
    mine = returning_phone()
    page = mine.new_page()
    three_pieces(page, site_url)
    link = f"{site_url}table/#t={stored(page)}"
    summary = page.locator(".sh-table__summary").inner_text()
    assert len(link) < 1500

    theirs = returning_phone()  # another player's phone, beside the first
    other = theirs.new_page()
    open_table(other, site_url)
    add_piece(other, "lava", "the lava pit")  # the opponent's own table, which must survive
    own = stored(other)
    other.goto(link)
    expect(other.locator(".sh-table__title")).to_have_text("The shared table: 3 pieces")
    expect(other.locator(".sh-table__banner")).to_contain_text("read-only")
    assert other.locator(".sh-table__view input, .sh-table__view select").count() == 0
    expect(other.locator("#shared-p1 .sh-q", has_text="Where its Fire Points are")).to_contain_text(
        "the two east windows"
    )
    expect(other.locator(".sh-table__summary")).to_have_text(summary)
    assert stored(other) == own
    other.get_by_role("button", name="Use this table").click()
    expect(other.locator(".sh-table__title")).to_have_text("Your table: 3 pieces")
    assert stored(other) == link.split("#t=")[1]
    assert "#t=" not in other.url


def chapel_after_a_breach(page: Page, site_url: str) -> None:
    """A stone house with a west and an east section; the west took a Breach! of 2 (AV 11)."""
    open_table(page, site_url)
    add_piece(page, "stone-house", "the chapel")
    page.click("#piece-p1 .sh-piece__split summary")
    page.fill("#d-p1-new-section", "west")
    page.click("#piece-p1 .sh-piece__split button")
    page.fill("#d-p1-new-section", "east")
    page.click("#piece-p1 .sh-piece__split button")
    page.click("#piece-p1 .sh-piece__record summary")
    page.select_option("#d-p1-row", "1")
    page.fill("#d-p1-loss", "2")
    page.get_by_role("button", name="Apply the result").click()
    expect(page.locator("#piece-p1 .sh-piece__av").first).to_have_text(
        "the chapel's west section: AV 11 (after Breach!)"
    )
    expect(page.locator(".sh-table__changes")).to_contain_text(
        "the chapel's west section: 1: Breach! −2, armour value 13 → 11"
    )


def pick(page: Page, site_url: str, label: str) -> None:
    page.goto(f"{site_url}buildings/#{SECTION}")
    select = page.locator(f"#{SECTION} .sh-calc__table-pick select")
    expect(select.locator("option", has_text=label)).to_have_count(1, timeout=TIMEOUT)
    select.select_option(label=label)


def test_building_damage_with_the_chapel_answers_as_the_cli(returning_phone: Phones, player_url: str) -> None:
    page = returning_phone(player_url).new_page()
    chapel_after_a_breach(page, player_url)
    pick(page, player_url, "armour value 11: the chapel's west section, after a Breach!")
    expected = cpython("building-damage", {"building": "stone-house", "material": "stone", "armour_value": 11})
    wait_for(page, SECTION, expected)
    assert shown_result(page, SECTION) == json.loads(json.dumps(expected))
    note = page.locator(f"#{SECTION} .sh-calc__from-table")
    expect(note).to_have_text("From the table: armour value 11: the chapel's west section, after a Breach! · The table")
    # The calculation's own link carries every value it used: it answers the same without the table.
    share = page.evaluate(
        "() => import('./../assets/js/calculators/url-state.mjs').then(m => m.shareUrl(document.getElementById('calc-building-damage')))"
    )
    assert "armour_value=11" in share
    assert "building=stone-house" in share
    # A value changed by hand is no longer the chapel's.
    page.fill(f"#{SECTION}-armour_value", "12")
    expect(note).to_have_count(0)
    expect(page.locator(f"#{SECTION} .sh-calc__table-pick select")).to_have_value("")


#: The page's dice, fixed: crypto.getRandomValues gives these faces (1-6) first, then 1s.
FIXED_DICE = """
window.__faces = [];
const real = crypto.getRandomValues.bind(crypto);
crypto.getRandomValues = (buffer) => {
  if (!(buffer instanceof Uint32Array) || !window.__faces.length) return real(buffer);
  for (let i = 0; i < buffer.length; i++) buffer[i] = (window.__faces.length ? window.__faces.shift() : 1) - 1;
  return buffer;
};
"""


def test_roll_it_then_apply_lowers_the_armour_value_and_a_total_collapse_makes_rubble(
    returning_context: BrowserContext, site_url: str
) -> None:
    context = returning_context
    context.add_init_script(FIXED_DICE)
    page = context.new_page()
    chapel_after_a_breach(page, site_url)
    pick(page, site_url, "armour value 11: the chapel's west section, after a Breach!")
    page.fill(f"#{SECTION}-strength", "10")
    expected = cpython(
        "building-damage", {"strength": 10, "building": "stone-house", "material": "stone", "armour_value": 11}
    )
    wait_for(page, SECTION, expected)
    # Penetration 6 (16 beats 11), chart 5: Catastrophic Breach, its d6: 4 → AV 7.
    page.evaluate("() => { window.__faces = [6, 5, 4]; }")
    page.click(f"#{SECTION} button[data-action=roll]")
    apply = page.get_by_role("button", name="Apply to the chapel's west section")
    expect(apply).to_be_visible(timeout=ANSWER_TIMEOUT)
    expect(page.locator(f"#{SECTION} .sh-calc__apply-message")).to_have_text(
        "What the dice did: Catastrophic Breach −4."
    )
    apply.click()
    expect(page.locator(f"#{SECTION} .sh-calc__apply-message")).to_have_text(
        "Applied to the chapel's west section: armour value 7."
    )
    # The form now has the section's new armour value, and says so.
    expect(page.locator(f"#{SECTION}-armour_value")).to_have_value("7")
    expect(page.locator(f"#{SECTION} .sh-calc__from-table")).to_contain_text(
        "armour value 7: the chapel's west section, after a Catastrophic Breach"
    )
    # Penetration 6, chart 6: Total Collapse.
    page.evaluate("() => { window.__faces = [6, 6, 1, 1]; }")
    page.click(f"#{SECTION} button[data-action=roll]")
    page.get_by_role("button", name="Apply to the chapel's west section").click()
    expect(page.locator(f"#{SECTION} .sh-calc__apply-message")).to_have_text(
        "Applied to the chapel's west section: it is rubble."
    )
    open_table(page, site_url)
    expect(page.locator("#piece-p1 .sh-piece__kind")).to_have_text("Stone house, now rubble")
    expect(page.locator("#piece-p1 .sh-piece__rubble")).to_have_text(
        "Rubble: Total Collapse of the chapel's west section."
    )
    expect(page.locator("#piece-p1 .sh-piece__facts")).to_contain_text(
        "Difficult and Dangerous area terrain, with the Ruins terrain type and one floor"
    )
    # Every change is listed with its rule, and the last can be undone.
    changes = page.locator(".sh-table__changes li")
    expect(changes).to_have_count(3)
    expect(changes.nth(2).locator("a")).to_have_attribute("href", "../buildings/#total-collapse")
    page.get_by_role("button", name="Undo the last change").click()
    expect(page.locator("#piece-p1 .sh-piece__av").first).to_have_text(
        "the chapel's west section: AV 7 (after Catastrophic Breach)"
    )


def link_state(compact: object, version: int = 1) -> str:
    """A table link's state, as the site writes it: the version, then base64url JSON."""
    data = base64.urlsafe_b64encode(json.dumps(compact).encode()).decode().rstrip("=")
    return f"{version}.{data}"


HOSTILE = [
    ("markup in a name", link_state([[["stone-house", "<img src=x onerror='window.__pwned=1'>"]], {}, []]),
     "Piece 1: its name is plain text"),
    ("a future version", link_state([[], {}, []], version=9), "newer version of the site (format 9"),
    ("a cut-short link", link_state([[["stone-house", "the chapel"]], {}, []])[:30], "damaged"),
    ("an unknown kind", link_state([[["volcano", "the pit"]], {}, []]), "Piece 1 is of an unknown kind"),
    ("a value out of range", link_state([[["ruin", "m", {"level-height": 99}]], {}, []]),
     "must be a whole number from 1 to 12"),
    ("an oversized link", "1." + "A" * 9000, "too long"),
]  # fmt: skip


def test_hostile_links_change_nothing_and_inject_nothing(returning_context: BrowserContext, site_url: str) -> None:
    returning_context.add_init_script("window.__pwned = 0;")
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "ruin", "the mill")
    own = stored(page)
    for what, state, message in HOSTILE:
        page.goto(f"{site_url}table/#t={state}")
        notice = page.locator(".sh-table__notice")
        expect(notice).to_contain_text("This table link was not used", timeout=TIMEOUT)
        expect(notice).to_contain_text(message)
        expect(notice).to_contain_text("Your own table is unchanged.")
        expect(page.locator(".sh-table__title")).to_have_text("Your table: 1 piece")
        assert stored(page) == own, what
        assert page.evaluate("() => window.__pwned") == 0, what
        assert page.locator(".sh-table img, .sh-table script").count() == 0, what
    assert axe_violations(page) == []


SHOTS = ROOT / "test-results" / "screenshots"


@pytest.mark.first_visit("scripts off: such a phone never took the site's service worker")
def test_with_scripts_off_the_table_says_where_to_look_and_holds_no_space(
    first_visit_phone: Phones, site_url: str
) -> None:
    page = first_visit_phone(java_script_enabled=False).new_page()
    page.goto(f"{site_url}table/")
    root = page.locator("[data-table-root]")
    expect(root).to_contain_text("with scripts off, the questions below are what to agree", use_inner_text=True)
    # The place held for the table while its script comes is for a page that runs scripts.
    expect(page.locator(".sh-table__loading")).to_be_hidden()
    assert root.evaluate("e => e.getBoundingClientRect().height") < PHONE["height"] / 4


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_screenshots(returning_phone: Phones, site_url: str, scheme: str) -> None:
    """Phone screenshots of the table, a piece's questions, a shared table and a calculator
    using a piece, for a person to look at; none scrolls sideways, and axe passes on a
    table with pieces in both schemes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = returning_phone(device_scale_factor=2, color_scheme=scheme)
    page = context.new_page()

    def shot(name: str) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], name
        page.screenshot(path=str(SHOTS / f"table-{name}-{scheme}.png"))

    three_pieces(page, site_url)
    page.evaluate("window.scrollTo(0, 0)")
    shot("pieces")
    assert axe_violations(page) == [], scheme
    page.locator("#piece-p1").screenshot(path=str(SHOTS / f"table-piece-questions-{scheme}.png"))
    link = f"{site_url}table/#t={stored(page)}"
    other = context.new_page()
    other.goto(link)
    expect(other.locator(".sh-table__banner")).to_be_visible()
    assert other.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    other.screenshot(path=str(SHOTS / f"table-shared-{scheme}.png"))
    other.close()
    page.evaluate("localStorage.clear()")
    chapel_after_a_breach(page, site_url)
    pick(page, site_url, "armour value 11: the chapel's west section, after a Breach!")
    wait_for(
        page, SECTION, cpython("building-damage", {"building": "stone-house", "material": "stone", "armour_value": 11})
    )
    page.evaluate(f"document.getElementById('{SECTION}').scrollIntoView({{block: 'start'}})")
    shot("calculator")


def test_the_table_is_in_the_order_of_a_game(returning_context: BrowserContext, site_url: str) -> None:
    """Pieces (and the form that adds one), then what happened, then the whole game's
    questions, folded, their summary counting those not agreed yet, then sharing."""
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "ruin", "the mill")
    order = page.evaluate(
        """() => [...document.querySelectorAll(
            '.sh-table__view > .sh-table__pieces, .sh-table__add, .sh-table__log, .sh-table__game, .sh-table__share')]
            .map((e) => e.className.split(' ')[0])"""
    )
    assert order == ["sh-table__pieces", "sh-table__add", "sh-table__log", "sh-table__game", "sh-table__share"]
    game = page.locator("#own-game-questions")
    expect(game).not_to_have_attribute("open", "")
    count = len(page.evaluate("() => JSON.parse(document.getElementById('table-spec').dataset.json).game"))
    expect(game.locator("> summary")).to_have_text(f"To agree: {count} questions, {count} not agreed yet")
    answer(page, "q-game-ladders", "no")
    expect(game.locator("> summary")).to_have_text(f"To agree: {count} questions, {count - 1} not agreed yet")


def test_a_new_piece_opens_on_its_name_with_its_questions_folded(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "ruin", "the mill")
    add_piece(page, "stone-house", "the chapel")
    name = page.locator("#piece-p2-name")
    expect(name).to_be_focused()
    expect(name).to_be_in_viewport()
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert name.bounding_box()["y"] >= header - 1  # type: ignore[index]
    questions = page.locator("#piece-p2-questions")
    expect(questions).not_to_have_attribute("open", "")
    expect(questions.locator("> summary")).to_have_text(re.compile(r"^To agree: (\d+) questions, \1 not agreed yet$"))


def below(page: Page, upper: str, lower: str) -> bool:
    """Whether ``lower`` starts below where ``upper`` ends, in the same column of the page."""
    a, b = page.locator(upper).bounding_box(), page.locator(lower).bounding_box()
    assert a is not None
    assert b is not None
    return bool(b["y"] >= a["y"] + a["height"] - 1)


def test_every_error_is_under_the_field_it_concerns(returning_context: BrowserContext, site_url: str) -> None:
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "stone-house", "the chapel")
    page.locator("#piece-p1 .sh-piece__record summary").tap()
    page.select_option("#d-p1-row", "1")
    page.get_by_role("button", name="Apply the result").tap()  # "Reduced by" left empty
    error = page.locator("#d-p1-loss-error")
    expect(error).to_have_text("Not applied: Breach! reduces the armour value by d3: 1 to 3.")
    assert below(page, "#d-p1-loss", "#d-p1-loss-error")
    assert below(page, "#d-p1-loss-error", "#piece-p1 button:has-text('Apply the result')")
    expect(page.locator("#d-p1-loss")).to_have_attribute("aria-invalid", "true")
    page.fill("#d-p1-set", "99")
    page.get_by_role("button", name="Set it").tap()
    expect(page.locator("#d-p1-set-error")).to_have_text("Not applied: an armour value is from 1 to 30.")
    assert below(page, "#d-p1-set", "#d-p1-set-error")
    assert below(page, "#d-p1-set-error", "#piece-p1 button:has-text('Set it')")
    page.locator("#piece-p1 .sh-piece__split summary").tap()
    page.locator("#piece-p1 .sh-piece__split button").tap()  # a section with no name
    expect(page.locator("#d-p1-sections-error")).to_have_text("A section needs a name (west, the tower…).")
    assert below(page, "#d-p1-new-section", "#d-p1-sections-error")
    assert below(page, "#d-p1-sections-error", "#piece-p1 .sh-piece__split button")
    page.fill("#add-name", "<b>the barn</b>")
    page.click("form.sh-table__add button[type=submit]")
    assert below(page, "#add-name", "#add-error")
    assert below(page, "#add-error", "form.sh-table__add button[type=submit]")


def test_a_choices_words_wrap_whole(returning_context: BrowserContext, site_url: str) -> None:
    page = returning_context.new_page()
    open_table(page, site_url)
    unfold(page, "q-game-upper-levels")
    options = page.locator("#q-game-upper-levels .sh-q__choice")
    expect(options.first).to_be_visible()
    cut = options.evaluate_all(
        """(labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1
             || l.getBoundingClientRect().right > document.documentElement.clientWidth).map((l) => l.textContent)"""
    )
    assert cut == []
    longest = max(options.all_text_contents(), key=len)
    assert len(longest) > 40  # a choice longer than a phone's line, shown whole on two
    lines = (
        options.filter(has_text=longest)
        .locator("span")
        .evaluate(
            "s => { const r = document.createRange(); r.selectNodeContents(s); return r.getClientRects().length; }"
        )
    )
    assert lines >= 2


def rule_agree(page: Page, site_url: str, path: str, rule: str) -> None:
    """Open a rulebook page and tap a rule's ✎ Agree marker, as a player does."""
    page.goto(f"{site_url}{path}")
    page.locator(f"#{rule} a.table-mark").tap()
    expect(page).to_have_url(re.compile(r"/table/"))


def test_agree_on_a_piece_rule_with_no_piece_yet_adds_one_then_asks_and_keeps_the_answer(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    rule_agree(page, site_url, "buildings/", "building-size-room-either-small-medium-large")
    form = page.locator("form.sh-table__add")
    expect(form.locator(".sh-table__asked")).to_contain_text(
        "“Its rooms: sizes and how many models each holds” is agreed for each building on the table"
    )
    expect(page.locator("#add-name")).to_be_focused()
    kind = page.locator("#add-kind").input_value()
    assert kind in {
        "castle-strongpoint",
        "stone-tower",
        "stone-house",
        "wooden-tower",
        "wooden-house",
        "other-building",
    }
    page.keyboard.type("the chapel")
    form.locator("button[type=submit]").tap()
    field = page.locator("#q-p1-rooms")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    page.keyboard.type("two small rooms")
    page.keyboard.press("Tab")
    expect(page.locator("#piece-p1-questions > summary")).to_have_text(
        re.compile(r"^To agree: (\d+) questions, (?!\1)")
    )
    page.reload()
    expect(page.locator(".sh-table__title")).to_have_text("Your table: 1 piece", timeout=TIMEOUT)
    assert answered(page, "q-p1-rooms") == "two small rooms"
    assert "#ask-" not in page.url


def test_agree_on_a_piece_rule_opens_it_on_the_first_such_piece_naming_the_others(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    open_table(page, site_url)
    add_piece(page, "forest", "the wood")
    add_piece(page, "ruin", "the mill")
    add_piece(page, "ruin", "the chapel ruin")
    rule_agree(page, site_url, "ruins/", "ruins-the-basics-players-can-also-agree-beginning")
    # Not agreed yet: no option chosen, the focus on the first.
    expect(page.locator("#q-p2-ruin-dangerous input:checked")).to_have_count(0)
    expect(page.locator("#q-p2-ruin-dangerous input").first).to_be_focused()
    expect(page.locator("#q-p2-ruin-dangerous")).to_be_in_viewport()
    also = page.locator("#piece-p2 .sh-q__also")
    expect(also).to_have_text("Agree it for each of them: the chapel ruin.")
    page.locator("#q-p2-ruin-dangerous input[value='yes']").check()
    also = page.locator("#piece-p2 .sh-q__also")  # drawn again with the answer: the note stays
    expect(also.locator("button")).to_have_text("the chapel ruin")
    also.locator("button").tap()
    expect(page.locator("#q-p3-ruin-dangerous input").first).to_be_focused()
    page.reload()
    expect(page.locator(".sh-table__title")).to_have_text("Your table: 3 pieces", timeout=TIMEOUT)
    assert answered(page, "q-p2-ruin-dangerous") == "yes"


def test_agree_on_a_game_rule_opens_the_games_question(returning_context: BrowserContext, site_url: str) -> None:
    page = returning_context.new_page()
    rule_agree(page, site_url, "ruins/", "moving-within-ruins-only-certain-troops-capable-clambering")
    expect(page.locator("#own-game-questions")).to_have_attribute("open", "")
    expect(page.locator("#q-game-upper-levels input:checked")).to_have_count(0)
    expect(page.locator("#q-game-upper-levels input").first).to_be_focused()
    expect(page.locator("#q-game-upper-levels")).to_be_in_viewport()
    page.locator("#q-game-upper-levels input[value='monstrous-creatures']").check()
    page.reload()
    expect(page.locator(".sh-table__title")).to_be_visible(timeout=TIMEOUT)
    assert answered(page, "q-game-upper-levels") == "monstrous-creatures"
