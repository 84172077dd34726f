"""Every control shows where the keyboard is: on each kind of page (``PAGE_KINDS``, the table
with a piece on it), light and dark, each of the first Tab stops is seen and draws a ring at least
2 px wide whose colour stands 3:1 against what is behind it (WCAG 2.2, 1.4.11 and 2.4.13).
The theme's deep orange accent stands 2.78:1 on white."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page
from support.visitors import Phones

from harness.project import PAGE_KINDS

#: Tab stops looked at on each page (the header's, the skip link and the page's first controls).
STOPS = 45
#: What the least ring must stand against its background.
CONTRAST = 3.0

#: The focused control's ring and what is behind it, each as [r, g, b] (the background with
#: every translucent layer under it laid over the page's own colour).
RING = """async () => {
  const seen = (e) => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0
    && e.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // Once what the Tab set moving has stopped (the skip link slides in, the search opens):
  // two frames for the theme to start it, then its end; again while the stop is not seen, for
  // three seconds at most (a busy machine starts the search's opening some frames late).
  const until = performance.now() + 3000;
  let focused = null;
  for (;;) {
    for (let i = 0; i < 2; i++) await new Promise((frame) => requestAnimationFrame(frame));
    const moving = document.getAnimations().map((a) => a.finished.catch(() => null));
    await Promise.race([Promise.all(moving), new Promise((done) => setTimeout(done, 1000))]);
    focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const next = focused.nextElementSibling;
    if (seen(focused) || (next instanceof HTMLLabelElement && seen(next)) || performance.now() > until) break;
  }
  // A control drawn by its label (the theme's palette switch: a radio no one sees, before the
  // label that shows it) rings the label.
  const label = focused.nextElementSibling;
  const el = seen(focused) || !(label instanceof HTMLLabelElement) ? focused : label;
  const rgba = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const chain = [];
  // Behind an outline drawn outside the element is its parent; inside, the element itself.
  const style = getComputedStyle(el);
  const offset = parseFloat(style.outlineOffset) || 0;
  for (let node = offset >= 0 ? el.parentElement : el; node; node = node.parentElement) chain.push(node);
  let behind = rgba(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255, 1];
  if (behind[3] === 0) behind = rgba(getComputedStyle(document.body).backgroundColor) || [255, 255, 255, 1];
  for (const node of chain.reverse()) {
    const c = rgba(getComputedStyle(node).backgroundColor);
    if (!c || c[3] === 0) continue;
    behind = [0, 1, 2].map((i) => c[i] * c[3] + behind[i] * (1 - c[3])).concat(1);
  }
  return {
    what: focused.outerHTML.slice(0, 90),
    shown: seen(el),
    style: style.outlineStyle,
    width: parseFloat(style.outlineWidth) || 0,
    ring: rgba(style.outlineColor),
    behind,
  };
}"""


def luminance(rgb: list[float]) -> float:
    """WCAG's relative luminance of an sRGB colour (0–255 channels)."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: list[float], other: list[float]) -> float:
    """WCAG's contrast ratio of two colours."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_wcags() -> None:
    assert round(contrast([255, 255, 255], [0, 0, 0]), 1) == 21.0
    assert round(contrast([255, 110, 64], [255, 255, 255]), 2) == 2.78  # the theme's accent on white


def faint_rings(page: Page) -> list[dict[str, object]]:
    """Each Tab stop of the page that is not seen, or whose ring is missing, thin or faint
    (the browser's own two-colour ring, ``auto``, shows on any background)."""
    page.locator("body").focus()
    faint = []
    for _ in range(STOPS):
        page.keyboard.press("Tab")
        stop = page.evaluate(RING)
        if not stop:
            continue
        if not stop["shown"]:  # a Tab stop no one sees: where is the keyboard?
            faint.append({**stop, "contrast": None})
            continue
        if stop["style"] == "auto":
            continue
        ring = stop["ring"]
        ratio = contrast(ring, stop["behind"]) if ring and ring[3] > 0 else 0.0
        if stop["style"] == "none" or stop["width"] < 2 or ratio < CONTRAST:
            faint.append({**stop, "contrast": round(ratio, 2)})
    return faint


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_tab_stop_shows_a_ring_of_three_to_one(returning_phone: Phones, scheme: str, site_url: str) -> None:
    page = returning_phone(
        color_scheme=scheme, viewport={"width": 412, "height": 823}, is_mobile=False, has_touch=False
    ).new_page()
    found = {}
    for path in PAGE_KINDS:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        if path == "table/":  # a piece on the table: its fields and its questions' buttons
            page.locator("#add-kind").select_option("stone-house")
            page.locator("#add-name").fill("the chapel")
            page.locator("form.sh-table__add button[type=submit]").click()
            page.locator("#piece-p1").wait_for()
        faint = faint_rings(page)
        if faint:
            found[path or "home"] = faint
    assert found == {}, json.dumps(found, indent=1)
