"""The site built by the second generator (``make build GENERATOR=zensical``) in real
Chromium at 360×740: a rule link lands on its rule, a calculator answers from the page's
Python, no script breaks the policy. Zensical's own icons (``data:`` images) and inline
styles are refused by our policy: a listed difference (ARCHITECTURE.md), held here."""

from __future__ import annotations

from pathlib import Path

from helpers import TIMEOUT, assert_arrived
from playwright.sync_api import Browser, expect
from support import PHONE, ROOT

SCREENSHOTS = ROOT / "test-results" / "screenshots"


def test_a_rule_link_lands_and_a_calculator_answers_on_the_zensical_site(browser: Browser, zensical_url: str) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(zensical_url + "buildings/#total-collapse")
    assert_arrived(page, "total-collapse")
    answer = page.locator("#calc-building-damage .sh-calc__answer")
    expect(answer).to_contain_text("Damages the building: 33.3%", timeout=TIMEOUT)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "zensical-buildings-calculator.png"))
    scripts = [text for text in refused if "script" in text.lower() and "inline style" not in text]
    assert scripts == [], "a script refused by the policy"
    others = [t for t in refused if not (t.startswith("Loading the image 'data:") or "Applying inline style" in t)]
    assert others == [], "only Zensical's data: icons and inline styles are refused"
    context.close()


def test_the_zensical_site_has_no_inline_script_to_refuse(zensical_site: Path) -> None:
    html = (zensical_site / "buildings" / "index.html").read_text("utf-8")
    assert "<script>" not in html
