"""A phone set to large text (200 %) at the narrowest phone width (320 CSS px), on every page:
no page scrolls sideways and no word is broken inside itself (WCAG 2.2 1.4.4 and 1.4.10). The
phone's text size is the page's root font size doubled, as a phone's text setting scales the
site's rem-sized text; a thumb's tap area, in pixels, stays a thumb's size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import ANSWER_TIMEOUT, TIMEOUT
from support.visitors import Phones

from harness.project import PAGE_URLS

pytestmark = pytest.mark.browser

NARROW = {"width": 320, "height": 740}
#: The page's text at twice the phone's usual size, then one frame for the layout.
LARGE_TEXT = """() => new Promise((done) => {
  const root = document.documentElement;
  root.style.fontSize = `${parseFloat(getComputedStyle(root).fontSize) * 2}px`;
  requestAnimationFrame(() => requestAnimationFrame(done));
})"""
#: How far the page goes when asked to scroll far to the right (0: it does not scroll sideways).
SIDEWAYS = (
    "() => { window.scrollTo(10000, window.scrollY); const x = window.scrollX; window.scrollTo(0, 0); return x; }"
)
#: What a player sees beyond the screen's right edge (the closed drawer aside, which the theme
#: moves off the screen on purpose).
BEYOND = """() => [...document.querySelectorAll('body *')].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.right > document.documentElement.clientWidth + 0.5 && e.checkVisibility()
    && !e.closest('.md-sidebar, .md-search, .md-dialog');
}).map((e) => `${e.tagName}.${e.getAttribute('class') || ''}#${e.id}`).slice(0, 5)"""
#: Each visible word (between spaces, hyphens, dashes, slashes and brackets) drawn on two
#: lines, unless the run of characters between spaces that holds it is wider on one line than
#: the line it is on (the book's own "Elevation(assuming": no line could hold it whole).
BROKEN = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility() || parent.closest('.md-sidebar, .md-search, script, style')) continue;
    for (const match of node.textContent.matchAll(/[^\\s\\-\\u2010-\\u2014(/]+/g)) {
      if (match[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size < 2) continue;
      const text = node.textContent;
      const start = text.slice(0, match.index).search(/\\S*$/);
      const end = match.index + match[0].length + (text.slice(match.index + match[0].length).match(/^\\S*/) || [""])[0].length;
      const alone = document.createElement('span');
      alone.style.whiteSpace = 'nowrap';
      alone.textContent = text.slice(start, end);
      parent.append(alone);
      const width = alone.getBoundingClientRect().width;
      alone.remove();
      const box = parent.closest('p, li, td, th, dd, dt, h1, h2, h3, h4, h5, h6, div, summary, label, a') || parent;
      if (width <= box.clientWidth) broken.push(`${match[0]} in ${box.tagName}.${box.getAttribute('class') || ''}`);
    }
  }
  return broken.slice(0, 8);
}"""


@pytest.mark.parametrize("path", PAGE_URLS)
def test_at_200_percent_text_and_320_px_no_page_scrolls_sideways_and_no_word_breaks(
    returning_phone: Phones, site_url: str, path: str
) -> None:
    page = returning_phone(viewport=NARROW).new_page()
    page.goto(site_url + path)
    expect(page.locator("h1").first).to_be_visible(timeout=TIMEOUT)
    page.wait_for_load_state("load")
    # Each calculator's answer drawn (its chart, its asked line): they are on the page too.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.sh-calc')].every((s) => s.querySelector('.sh-calc__headline:not([hidden])'))",
        timeout=ANSWER_TIMEOUT,
    )
    page.evaluate(LARGE_TEXT)
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 40
    assert page.evaluate(SIDEWAYS) == 0, "the page scrolls sideways"
    assert page.evaluate(BEYOND) == [], "drawn beyond the screen's right edge"
    assert page.evaluate(BROKEN) == [], "words broken inside themselves"
    # A thumb's tap area does not grow with the text: the header's buttons stay in the header.
    header = page.locator(".md-header__inner").bounding_box()
    assert header is not None
    assert header["x"] + header["width"] <= NARROW["width"] + 0.5
