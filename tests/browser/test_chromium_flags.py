"""The tests' Chromium flags: Playwright's own list of features kept off, and the address
bar's popups off too (each browser context would start a renderer for them)."""

from __future__ import annotations

import re
from pathlib import Path

import playwright
from playwright.sync_api import Browser

from harness.chromium import ADDRESS_BAR_POPUPS, PLAYWRIGHT_DISABLED_FEATURES, TEST_CHROMIUM_ARGS


def playwrights_disabled_features() -> tuple[str, ...]:
    """The features the installed Playwright's Chromium launcher turns off, read from its code."""
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for script in sorted(bundle.rglob("*.js")):
        text = script.read_text("utf-8", errors="replace")
        found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.DOTALL)
        if found and "chromiumSwitches" in text:
            return tuple(re.findall(r'^\s*"([A-Za-z0-9]+)"', found.group(1), re.MULTILINE))
    raise AssertionError(f"no disabledFeatures list in {bundle}: read how this Playwright launches Chromium")


def test_our_list_repeats_playwrights_whole() -> None:
    """Chromium keeps the last --disable-features: ours must carry all of Playwright's."""
    assert playwrights_disabled_features() == PLAYWRIGHT_DISABLED_FEATURES
    switches = [arg for arg in TEST_CHROMIUM_ARGS if arg.startswith("--disable-features=")]
    assert switches == ["--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *ADDRESS_BAR_POPUPS))]


def test_a_new_context_starts_no_address_bar_popup(browser: Browser) -> None:
    context = browser.new_context()
    context.new_page()
    session = browser.new_browser_cdp_session()
    targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    session.detach()
    context.close()
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
    assert any(t["type"] == "page" for t in targets), "the page is among the targets listed"
