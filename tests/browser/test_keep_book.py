"""Offline in two tiers: a first visit keeps the core rules (and the search, and Python), a
page of the book beyond them is kept once read, and one tap keeps the whole book, saying how
much it stores and showing its progress. Offline, a page not on the phone says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect
from support.browser import ANSWER_TIMEOUT

from site_server import SiteServer

CORE_CACHE = "async () => (await caches.keys()).some((k) => /^scrollhammer-[0-9a-f]{12}$/.test(k))"


def first_visit(context: BrowserContext, url: str) -> BrowserContext:
    """A phone's first visit to the home page, until the service worker has stored the core."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
    page.wait_for_function(CORE_CACHE, timeout=ANSWER_TIMEOUT)
    return context


def book_list(site: Path) -> dict[str, object]:
    return json.loads((site / "offline-book.json").read_text("utf-8"))


def test_the_books_second_tier_lists_the_grouped_pages_and_none_of_the_core(larger_site: Path) -> None:
    listed = {entry["url"] for entry in book_list(larger_site)["files"]}  # type: ignore[index]
    assert "b02-ruins/index.html" in listed
    assert "b03-unit-types/index.html" in listed
    assert {"print/rules.pdf", "print/book-2.pdf", "print/book-3.pdf"} <= listed, "the book to print, each part"
    assert not [url for url in listed if not url.startswith(("b02-", "b03-", "print/"))], "only the books' pages"
    sw = (larger_site / "sw.js").read_text("utf-8")
    assert '"url":"ruins/index.html"' in sw or 'url:"ruins/index.html"' in sw, "the core is precached"
    assert "b02-ruins" not in sw, "the book's pages are not precached"


def amount(size: int) -> str:
    """An amount as a player reads it: "3.2 MB", or "631 KB" under a megabyte (never "0.6 MB")."""
    return f"{max(1, round(size / 1e3))} KB" if size < 1e6 else f"{size / 1e6:.1f} MB"


@pytest.mark.first_visit("what a first visit keeps (the core) and what it leaves to the player (the book)")
def test_one_tap_keeps_the_whole_book_showing_its_size_and_progress(
    first_visit_context: BrowserContext, larger_server: SiteServer, larger_site: Path
) -> None:
    url = f"http://127.0.0.1:{larger_server.server_address[1]}/"
    context = first_visit(first_visit_context, url)
    page = context.pages[0]
    listed = book_list(larger_site)["files"]
    size = amount(sum(entry["size"] for entry in listed))  # type: ignore[union-attr]
    pages = sum(entry["url"].endswith("index.html") for entry in listed)  # type: ignore[union-attr]
    keep = page.locator(".sh-keep").first
    # What it adds, exactly: the pages beyond the core and the book's three PDFs.
    expect(keep).to_contain_text(f"It stores {size} more: {pages} more pages of the rules and the 3 PDFs to print")
    button = keep.get_by_role("button", name="Keep the whole book on this phone")
    # The progress bar, however briefly it shows (a fast phone keeps the book in a moment).
    page.evaluate(
        """() => { window.__progress = false;
        new MutationObserver(() => { if (document.querySelector('.sh-keep progress')) window.__progress = true; })
          .observe(document.body, { childList: true, subtree: true }); }"""
    )
    button.tap()
    expect(keep).to_contain_text(f"The whole book is on this phone ({size})", timeout=ANSWER_TIMEOUT)
    assert page.evaluate("window.__progress") is True, "no progress bar while it kept the book"
    kept = page.evaluate(
        """async () => {
          const name = (await caches.keys()).find((k) => k.startsWith('scrollhammer-book-'));
          return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        }"""
    )
    assert len(kept) == len(listed)  # type: ignore[arg-type]
    context.set_offline(True)
    offline = context.new_page()
    offline.goto(url + "b03-unit-types/")
    expect(offline.locator("h1")).to_have_text(re.compile("Unit Types \\(Book 3\\)"))


@pytest.mark.first_visit("what a first visit keeps (the core) and what it leaves to the player (the book)")
def test_offline_a_page_not_on_the_phone_says_so_and_a_page_read_is_kept(
    first_visit_context: BrowserContext, larger_server: SiteServer
) -> None:
    url = f"http://127.0.0.1:{larger_server.server_address[1]}/"
    context = first_visit(first_visit_context, url)
    page = context.pages[0]
    page.goto(url + "b02-ruins/")  # read online: kept for next time
    expect(page.locator("h1")).to_have_text(re.compile("Ruins \\(Book 2\\)"))
    context.set_offline(True)
    again = context.new_page()
    again.goto(url + "b02-ruins/")
    expect(again.locator("h1")).to_have_text(re.compile("Ruins \\(Book 2\\)"))
    missing = context.new_page()
    missing.goto(url + "b03-terrain/")
    expect(missing.locator("h1")).to_have_text(re.compile("^Not on this phone yet"))
    expect(missing.locator("#offline-missing")).to_contain_text("not on this phone yet")
    expect(missing.get_by_role("link", name="Try it again")).to_have_attribute("href", re.compile("/b03-terrain/$"))
    keep = missing.locator(".sh-keep")
    expect(keep.get_by_role("button", name="Keep the whole book on this phone")).to_be_disabled()
    expect(keep).to_contain_text("The phone is offline")
