"""Each calculator is painted with its answer: the build's, rendered by the page's own code
(build_scripts/finish/first_answers), is the one Python gives on the phone, and nothing on
the page moves while Python starts, at a mid-range phone's speed (issue 61)."""

from __future__ import annotations

import json
from urllib.request import urlopen

import pytest
from playwright.sync_api import BrowserContext
from support.browser import ANSWER_TIMEOUT, wait_answer
from support.calc_cases import PAGE_OF

from harness.layout_shift import LAYOUT_SHIFTS

#: DevTools' CPU throttling: a mid-range phone against this machine's cores (as bench/shift).
SLOWDOWN = 4
#: The parts of a calculator the first answer draws, read the same way from the page as it
#: came (the build's HTML, parsed) and from the page once Python has answered: each element's
#: name, attributes (links resolved against the page, the answer's JSON left out: only Python's
#: on the phone has it; an option chosen or not, however it was chosen) and words.
DRAWN = """([html, id]) => {
  const built = new DOMParser().parseFromString(html, "text/html");
  const read = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent.replace(/\\s+/g, " ").trim();
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const attrs = [...node.attributes]
      .filter((a) => a.name !== "data-result" && a.name !== "selected")
      .map((a) => `${a.name}=${a.name === "href" ? new URL(a.value, location.href).href : a.value}`)
      .sort();
    if (node.localName === "option") attrs.push(`(chosen=${node.selected})`);  // as the player sees it
    const inner = [...node.childNodes].map(read).filter(Boolean);
    return `<${node.localName} ${attrs.join(" ")}>${inner.join("|")}</${node.localName}>`;
  };
  const parts = (doc) => {
    const section = doc.getElementById(id);
    const drawn = [".sh-calc__answer", ".sh-calc__readings", ".sh-calc__table-pick", ".sh-calc__result"]
      .map((sel) => read(section.querySelector(sel) || doc.createElement("missing")));
    const fields = [...section.querySelectorAll(".sh-calc__field[data-field]")]
      .map((f) => `${f.dataset.field}${f.hidden ? " hidden" : ""}`);
    const roll = section.querySelector("[data-action='roll']").hidden;
    return { drawn, fields, roll, shownFor: section.dataset.shownFor || "" };
  };
  return { built: parts(built), live: parts(document) };
}"""


@pytest.mark.parametrize("page_url", sorted(set(PAGE_OF.values())))
def test_the_answer_painted_first_is_the_one_python_draws(
    returning_context: BrowserContext, site_url: str, page_url: str
) -> None:
    """Every part of each calculator's first answer (the answer bar, chart, table, working,
    the table's choice, the fields left out, Roll it) as Python on the phone then draws it."""
    with urlopen(site_url + page_url) as response:
        html = response.read().decode("utf-8")
    page = returning_context.new_page()
    page.goto(site_url + page_url)
    sections = [s for s, p in PAGE_OF.items() if p == page_url]
    for section in sections:
        wait_answer(page, section)
        seen = page.evaluate(DRAWN, [html, section])
        assert seen["built"]["shownFor"], f"{section}: the build drew no answer"
        assert seen["live"] == seen["built"], section
        assert page.locator(f"#{section} .sh-calc__status").is_hidden(), f"{section}: a status over its answer"


@pytest.mark.parametrize("section", sorted(PAGE_OF))
def test_nothing_moves_while_a_calculator_starts_at_a_phones_speed(
    returning_phone: BrowserContext, site_url: str, section: str
) -> None:
    """A calculator's link opened on a phone 4× slower than this machine: from the first
    paint to a second after Python's answer, no layout shift (Cumulative Layout Shift 0)."""
    context = returning_phone(site_url)
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    page.goto(f"{site_url}{PAGE_OF[section]}#{section}")
    page.locator(f"#{section} .sh-calc__result[data-result]").wait_for(state="attached", timeout=ANSWER_TIMEOUT)
    page.wait_for_timeout(1000)  # what the answer would move, after it
    shifts = page.evaluate("window.__shifts")
    assert shifts == [], json.dumps(shifts)
