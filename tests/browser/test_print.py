"""A page printed as a player prints it (Chromium's own printing, to PDF, on A4 and on Letter)
and read back with a PDF library: the rule words only, a chart row never split, a
cross-reference naming where it leads, a calculator only when it was used (its inputs and
answer then), no blank sheet, and each sheet's foot naming the site, the page, its address,
the date of its words and the sheet's number; on a light background in dark mode too."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from support import PHONE
from support.browser import section_cpython, wait_for
from support.visitors import Phones

from harness.project import first_day

#: Points: A4 and Letter, as PDF readers measure them.
SIZES = {"A4": (595, 842), "Letter": (612, 792)}
CALC = "calc-building-damage"
#: What is on the screen for a player's thumb, never on paper.
CONTROLS = ["Copy link", "Show exact fractions", "Roll it", "Try again", "Agree", "Building damage calculator"]


def printed(page: Page, paper: str) -> list[str]:
    """The page printed on ``paper``: each sheet's text; its size checked."""
    page.wait_for_function("() => getComputedStyle(document.documentElement).getPropertyValue('--sh-print-foot')")
    reader = PdfReader(io.BytesIO(page.pdf(format=paper)))
    for sheet in reader.pages:
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)
        assert abs(width - SIZES[paper][0]) < 2, (paper, width)
        assert abs(height - SIZES[paper][1]) < 2, (paper, height)
    return [sheet.extract_text() for sheet in reader.pages]


def foot(site_url: str, title: str, url: str) -> str:
    return f"Scrollhammer Rules · {title} · {site_url.split('://')[1]}{url}"


def words(sheet: str) -> str:
    """A sheet's text without its foot and number."""
    return "\n".join(
        line
        for line in sheet.splitlines()
        if "Scrollhammer Rules ·" not in line and not re.fullmatch(r"\d+ / \d+", line.strip())
    )


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_rule_page_prints_its_rule_words_with_each_sheets_foot(
    returning_page: Page, site_url: str, paper: str
) -> None:
    returning_page.set_viewport_size(PHONE)
    returning_page.goto(site_url + "buildings/")
    sheets = printed(returning_page, paper)
    assert 2 <= len(sheets) <= 8, len(sheets)
    for n, sheet in enumerate(sheets, start=1):
        assert foot(site_url, "Buildings", "buildings/") in sheet, n
        assert re.search(r"words of \d{4}-\d{2}-\d{2}", sheet), n
        assert f"{n} / {len(sheets)}" in sheet, n
        assert len(words(sheet).strip()) > 80, f"sheet {n} is blank"
    text = "\n".join(words(s) for s in sheets)
    for control in CONTROLS:
        assert control not in text, control
    assert "#" not in text, "a rule's # is printed"
    assert "(→ Ruins)" in " ".join(text.split()), "a cross-reference does not say where it leads"
    row = next(" ".join(s.split()) for s in sheets if "6: Total Collapse" in s)
    assert "pile of rubble if one is available" in row, "a chart row is split across sheets"


def test_a_used_calculator_prints_its_inputs_and_answer(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    wait_for(returning_page, CALC, section_cpython(CALC, {}))
    returning_page.locator(f"#{CALC}-hits").fill("3")
    wait_for(returning_page, CALC, section_cpython(CALC, {"hits": "3"}))
    text = " ".join(" ".join(printed(returning_page, "A4")).split())
    assert "Building damage calculator" in text
    assert "S6 · wooden house (AV 10) · 3 hits" in text
    assert re.search(r"Damages the building at least once in 3 hits: \d+\.\d%", text)
    for control in ["Show exact fractions", "Roll it", "Copy link"]:
        assert control not in text, control


def test_a_page_printed_in_dark_mode_prints_dark_words_on_white(returning_phone: Phones, site_url: str) -> None:
    page = returning_phone(color_scheme="dark", is_mobile=False, has_touch=False).new_page()
    page.goto(site_url + "buildings/")
    page.emulate_media(media="print")
    colors = page.evaluate(
        """() => [getComputedStyle(document.body).backgroundColor,
                  getComputedStyle(document.querySelector('p.rule')).color]"""
    )
    assert colors[0] in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), colors
    red, green, blue = (int(c) for c in re.findall(r"\d+", colors[1])[:3])
    assert max(red, green, blue) < 100, f"light words on paper: {colors[1]}"


def test_printing_hides_every_control_and_keeps_the_rules(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/")
    returning_page.emulate_media(media="print")
    for control in [".md-header", ".md-sidebar--primary", ".rule-link >> nth=0", ".table-mark >> nth=0", f"#{CALC}"]:
        expect(returning_page.locator(control)).to_be_hidden()
    expect(returning_page.locator("#total-collapse")).to_be_visible()


def set_out(page: Page, site_url: str, pieces: list[tuple[str, str]]) -> None:
    page.goto(site_url + "table/")
    expect(page.locator(".sh-table__title")).to_be_visible()
    for kind, name in pieces:
        page.select_option("#add-kind", kind)
        page.fill("#add-name", name)
        page.click("form.sh-table__add button[type=submit]")
        expect(page.locator(".sh-piece__name", has_text=name)).to_be_visible()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_table_prints_one_game_sheet_with_its_pieces_agreements_and_qr_code(
    returning_page: Page, site_url: str, paper: str
) -> None:
    set_out(returning_page, site_url, [("stone-house", "the chapel"), ("ruin", "the mill"), ("forest", "the wood")])
    # Agreed: one answer of a piece and one of the game, typed and chosen as a player does.
    returning_page.locator("#piece-p1-questions > summary").tap()
    returning_page.locator("#q-p1-access-points").tap()
    returning_page.keyboard.type("the west door")
    returning_page.locator("#own-game-questions > summary").tap()
    returning_page.locator("#q-game-ladders input[value='no']").check()
    expect(returning_page.locator(".sh-table__sheet-qr svg")).to_be_attached()
    sheets = printed(returning_page, paper)
    assert len(sheets) == 1, f"{len(sheets)} sheets for three pieces"
    text = " ".join(sheets[0].split())
    for words in ["the chapel", "the mill", "the wood", "Armour value now: AV 13", "Open this table:"]:
        assert words in text, words
    # What was agreed, under its piece and under the game, not in a block of plain text.
    agreed = "Which doorways or openings are its Access Points the west door"
    assert agreed in text, text
    assert text.index("the chapel") < text.index(agreed) < text.index("the mill"), text
    assert "May models climb between levels of a ruin that has no ladders? No: not without ladders" in text, text
    for words in ["What the rules leave to the players", "Copy link", "New game", "To agree:", "Our table:"]:
        assert words not in text, words
    returning_page.emulate_media(media="print")
    expect(returning_page.locator(".sh-table__sheet-qr svg")).to_be_visible()


def test_an_empty_table_prints_the_questions_to_agree(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "table/")
    expect(returning_page.locator(".sh-table__title")).to_be_visible()
    returning_page.emulate_media(media="print")
    expect(returning_page.locator("#what-to-agree")).to_be_visible()
    expect(returning_page.locator(".sh-table__sheet-qr")).to_have_count(0)


def test_the_foot_says_shown_as_of_only_when_the_page_shows_that_date(
    returning_page: Page, site_url: str, built_site: Path
) -> None:
    """Opened as of a day in the book's history, the sheets say so; as of a day it refuses
    (before that history), they do not: the page shows today's rules."""
    day = first_day(built_site, "buildings/")
    foot_of = "() => getComputedStyle(document.documentElement).getPropertyValue('--sh-print-foot')"
    returning_page.goto(f"{site_url}buildings/?as-of={day}")
    expect(returning_page.locator("aside.sh-asof")).to_be_visible()
    returning_page.wait_for_function(f"() => ({foot_of})().includes('words of')")
    assert f"shown as of {day}" in returning_page.evaluate(foot_of)
    returning_page.goto(f"{site_url}buildings/?as-of=1999-01-01")
    expect(returning_page.locator("aside.sh-asof--refused")).to_be_visible()
    returning_page.wait_for_function(f"() => ({foot_of})().includes('words of')")
    assert "shown as of" not in returning_page.evaluate(foot_of)
