"""The table under a player's thumb (360×740): typing an answer, then at once the next field,
Copy link or a fold, by touch, mouse or keyboard, and every keystroke and tap does what it
says; what the form shows as agreed is what the counts, the shared view and the printed
sheet say."""

from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from support import PHONE
from support.browser import TIMEOUT

pytestmark = pytest.mark.browser

KEY = "scrollhammer-table"
FIRST = "q-p1-access-points"
NEXT = "q-p1-rooms"
#: The most Tab presses from a field to a control further down the page (its rule folds,
#: the next questions, the piece's other controls, the whole game's fold, the buttons).
MOST_TABS = 120


@pytest.fixture
def table(returning_context: BrowserContext, site_url: str) -> Page:
    """The table page with one stone house, its questions unfolded, on a phone whose clipboard
    the page may write and the test read."""
    returning_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = returning_context.new_page()
    page.goto(site_url + "table/")
    expect(page.locator(".sh-table__title")).to_be_visible(timeout=TIMEOUT)
    page.select_option("#add-kind", "stone-house")
    page.fill("#add-name", "the chapel")
    page.click("form.sh-table__add button[type=submit]")
    expect(page.locator(".sh-piece__name", has_text="the chapel")).to_be_visible()
    page.locator("#piece-p1-questions > summary").tap()
    expect(page.locator(f"#{FIRST}")).to_be_visible()
    return page


def go_to(page: Page, how: str, target: Locator) -> None:
    """Move to `target` as a player does: a tap, a mouse click, or Tab until it has the focus
    (then Enter, for a button or a fold's summary)."""
    if how == "touch":
        target.tap()
    elif how == "mouse":
        target.click()
    else:
        left = page.evaluate("document.activeElement.id")
        for n in range(MOST_TABS):
            page.keyboard.press("Tab")
            if n == 0:
                assert page.evaluate("document.activeElement.id") != left, "the first Tab went back to the field left"
            if target.evaluate("e => e === document.activeElement"):
                break
        else:
            pytest.fail(
                f"Tab never reached {target}; the focus is on {page.evaluate('document.activeElement.outerHTML')[:200]}"
            )
        if target.evaluate("e => e.matches('button, summary')"):
            page.keyboard.press("Enter")


def type_first_answer(page: Page, how: str) -> None:
    """Into the first field, as the player reaches it, keystroke by keystroke."""
    field = page.locator(f"#{FIRST}")
    if how == "keyboard":
        field.focus()
    else:
        go_to(page, how, field)
    page.keyboard.type("front door")


def kept_answers(page: Page) -> dict[str, object]:
    """The first piece's answers as the phone keeps them (the link's form: ``1.`` and base64 JSON)."""
    kept = str(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    assert kept.startswith("1."), kept
    compact = json.loads(base64.urlsafe_b64decode(kept[2:] + "=" * (-len(kept[2:]) % 4)))
    first_piece = compact[0][0]
    return first_piece[2] if len(first_piece) > 2 else {}


@pytest.mark.parametrize("how", ["touch", "mouse", "keyboard"])
def test_typing_then_the_next_field_keeps_each_answer_in_its_own_field(table: Page, how: str) -> None:
    type_first_answer(table, how)
    go_to(table, how, table.locator(f"#{NEXT}"))
    table.keyboard.type("one medium")
    expect(table.locator(f"#{FIRST}")).to_have_value("front door")
    expect(table.locator(f"#{NEXT}")).to_have_value("one medium")
    expect(table.locator(f"#{NEXT}")).to_be_focused()
    # Saved as typed: both kept on the phone before anything else is tapped.
    assert kept_answers(table) == {"access-points": "front door", "rooms": "one medium"}
    expect(table.locator("#piece-p1-questions > summary")).to_have_text("To agree: 7 questions, 5 not agreed yet")


@pytest.mark.parametrize("how", ["touch", "mouse", "keyboard"])
def test_the_first_tap_after_typing_copies_a_link_holding_the_answer(table: Page, site_url: str, how: str) -> None:
    type_first_answer(table, how)
    go_to(table, how, table.get_by_role("button", name="Copy link"))
    expect(table.locator(".sh-toast, [role=status]", has_text="Link to this table copied").first).to_be_attached()
    link = table.evaluate("navigator.clipboard.readText()")
    assert link.startswith(site_url + "table/#t="), link
    # The link opens the table shared, the answer under its piece.
    table.goto(link)
    expect(table.locator("#shared-p1 .sh-piece__agreed")).to_contain_text("front door")


@pytest.mark.parametrize("how", ["touch", "mouse", "keyboard"])
def test_the_first_tap_after_typing_opens_the_whole_games_questions(table: Page, how: str) -> None:
    type_first_answer(table, how)
    go_to(table, how, table.locator("#own-game-questions > summary"))
    expect(table.locator("#own-game-questions")).to_have_attribute("open", "")
    expect(table.locator(f"#{FIRST}")).to_have_value("front door")
    assert kept_answers(table) == {"access-points": "front door"}


def test_the_field_in_use_keeps_its_caret_and_the_page_its_place_while_the_table_changes(table: Page) -> None:
    """A keystroke saves the answer and the page is drawn again around the field: the field is
    the same element, its caret where it was, the page where it was scrolled."""
    field = table.locator(f"#{FIRST}")
    field.tap()
    table.keyboard.type("front door")
    table.evaluate("() => { window.__field = document.activeElement; }")
    table.keyboard.press("Home")
    table.keyboard.press("ArrowRight")
    table.keyboard.press("ArrowRight")
    scrolled = table.evaluate("window.scrollY")
    table.keyboard.type("X")
    expect(field).to_have_value("frXont door")
    assert table.evaluate("document.activeElement === window.__field"), "the field was drawn anew"
    assert table.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [3, 3]
    assert table.evaluate("window.scrollY") == scrolled
    assert kept_answers(table) == {"access-points": "frXont door"}


def test_a_new_piece_shows_as_agreed_only_what_was_agreed_and_counts_alike(table: Page) -> None:
    """A new stone house: nothing chosen, nothing filled in, the book's values as suggestions;
    the fold's count, the form, the list under the piece, the shared view and the printed sheet
    say the same thing."""
    card = table.locator("#piece-p1")
    expect(card.locator("#piece-p1-questions > summary")).to_have_text("To agree: 7 questions, 7 not agreed yet")
    expect(card.locator("input[type=radio]:checked")).to_have_count(0)
    expect(card.locator("text=(the book's default)")).not_to_have_count(0)
    armour = table.locator("#q-p1-armour-value")
    expect(armour).to_have_value("")
    expect(armour).to_have_attribute("placeholder", "the book: 13")
    expect(table.locator("#q-p1-armour-value-hint")).to_contain_text(
        "Not agreed yet: until it is, the book's 13 applies"
    )
    expect(card.locator(".sh-piece__avs")).to_have_text("Armour value now: AV 13")
    expect(card.locator(".sh-piece__agreed")).to_be_hidden()
    # Agreed: a choice and a number.
    card.locator("#q-p1-impassable input[value='no']").check()
    armour.tap()
    table.keyboard.type("14")
    expect(card.locator("#piece-p1-questions > summary")).to_have_text("To agree: 7 questions, 5 not agreed yet")
    expect(card.locator(".sh-piece__avs")).to_have_text("Armour value now: AV 14")
    agreed = card.locator(".sh-piece__agreed")
    expect(agreed).to_be_visible()
    expect(agreed.locator("li")).to_have_count(2)
    expect(agreed).to_contain_text("Its armour value (each section starts with it) 14")
    expect(agreed).to_contain_text("Agreed impassable? (No one may go inside it) No")
    # Emptied: not agreed again, the book's value back in force.
    armour.fill("")
    expect(card.locator("#piece-p1-questions > summary")).to_have_text("To agree: 7 questions, 6 not agreed yet")
    expect(card.locator(".sh-piece__avs")).to_have_text("Armour value now: AV 13")
    armour.fill("14")
    # The shared view says the same, under the piece, and what was not agreed says so.
    table.get_by_role("button", name="Copy link").tap()
    link = table.evaluate("navigator.clipboard.readText()")
    table.goto(link)
    shared = table.locator("#shared-p1")
    expect(shared.locator(".sh-piece__agreed li")).to_have_count(2)
    expect(shared.locator(".sh-piece__agreed")).to_be_visible()
    expect(shared.locator("#shared-p1-questions > summary")).to_have_text("To agree: 7 questions, 5 not agreed yet")
    expect(
        shared.locator(".sh-q__answer").filter(has_text=re.compile(r"^not agreed \(the book: 2\)$"))
    ).not_to_have_count(0)
    # The printed sheet: the agreement under its piece.
    table.on("dialog", lambda dialog: dialog.accept())  # "Replace your table?": yes, with the same one
    table.get_by_role("button", name="Use this table").click()
    table.emulate_media(media="print")
    expect(table.locator("#piece-p1 .sh-piece__agreed")).to_be_visible()
    expect(table.locator(".sh-table__summary")).to_be_hidden()
    qr = table.locator(".sh-table__sheet-qr svg")
    expect(qr).to_be_visible()
    # Read at arm's length: at least 50 mm wide on paper (96 CSS px to the inch).
    assert qr.bounding_box()["width"] >= 50 / 25.4 * 96 - 1


def test_typing_in_the_table_draws_in_place_at_a_phones_size(table: Page) -> None:
    """The table at a phone's size while a player types: nothing of it is replaced but what
    changed (the count, the list under the piece); measured by the elements kept."""
    table.set_viewport_size(PHONE)
    table.evaluate("() => { window.__copy = [...document.querySelectorAll('.sh-table__buttons button')]; }")
    table.locator(f"#{FIRST}").tap()
    table.keyboard.type("front door")
    kept = table.evaluate(
        "() => window.__copy.every((b, n) => b === document.querySelectorAll('.sh-table__buttons button')[n])"
    )
    assert kept, "the buttons were drawn anew under the player's thumb"
