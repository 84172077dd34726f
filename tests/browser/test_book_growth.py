"""What a player pays does not grow with the book: the site built from a book three times
today's (``harness/synthetic_book.py``, as ``make bench-scale`` builds it at 1×, 10× and 50×)
against today's, in one run. A rule page weighs what it weighed (its navigation lists the
groups above it, not every page), and a search for a word fetches what it fetched (the
index's chunk for the word and the results' fragments, not an index of the whole book)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.visitors import Phones

from site_server import SiteServer

#: The most a figure may grow from today's book to the one three times as large.
GROWTH = 1.05
#: The larger book is three times today's (the ``larger_site`` fixture).
TIMES = 3
#: What Pagefind's metadata may grow by for each rule added (about 8 bytes, compressed).
META_BYTES_A_RULE = 12
PAGE = "terrain/index.html"
SEARCH_PATHS = ("/pagefind/", "/search/", "/assets/js/search/")


def test_the_larger_book_is_larger(built_site: Path, larger_site: Path) -> None:
    pages = len(list(larger_site.glob("*/index.html")))
    assert pages >= len(list(built_site.glob("*/index.html"))) + 5 * (TIMES - 1)
    assert (larger_site / "b03-ruins" / "index.html").is_file()


def test_a_rule_page_weighs_the_same_in_a_book_three_times_as_large(built_site: Path, larger_site: Path) -> None:
    today, larger = (built_site / PAGE).read_bytes(), (larger_site / PAGE).read_bytes()
    assert len(larger) <= len(today) * GROWTH, (len(today), len(larger))
    assert len(gzip.compress(larger)) <= len(gzip.compress(today)) * GROWTH
    # The navigation names the books' group, not each of their pages.
    links = re.findall(r'class="md-nav__link[^"]*"', larger.decode())
    assert len(links) <= len(re.findall(r'class="md-nav__link[^"]*"', today.decode())) + 2
    assert "b03-ruins/" not in larger.decode()


def searched_bytes(first_visit_phone: Phones, server: SiteServer, word: str) -> tuple[int, int]:
    """What the server sent for the search, from a fresh phone's opening the search to the word's
    results: Pagefind's metadata (the list of its records, loaded whole), and all the rest."""
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = first_visit_phone(service_workers="block")
    page = context.new_page()
    page.goto(base + "terrain/", wait_until="load")
    before = {path: sent for path, sent in server.downloaded_bytes.items() if path.startswith(SEARCH_PATHS)}
    page.locator("label.md-header__button[for='__search']").tap()
    # The word at once (then a key, for the theme's keyup): typed letter by letter, the searches
    # for its prefixes that a loaded machine let through fetched chunks of their own (82.7 KB in
    # one book, 95.8 KB in the other, once in CI), and the sizes compared timings, not books.
    query = page.locator("input[data-md-component='search-query']")
    query.fill(word)
    query.press("End")
    expect(page.locator(f".md-search-result__link[href*='h={word}']").first).to_be_attached()
    context.close()
    after = {path: sent for path, sent in server.downloaded_bytes.items() if path.startswith(SEARCH_PATHS)}
    sent = {path: after[path] - before.get(path, 0) for path in after}
    meta = sum(size for path, size in sent.items() if path.endswith(".pf_meta"))
    return meta, sum(sent.values()) - meta


def rules(site: Path) -> int:
    return int(
        json.loads((site / "pagefind" / "pagefind-entry.json").read_text("utf-8"))["languages"]["en"]["page_count"]
    )


@pytest.mark.first_visit("what the server sends for a search: nothing of it kept on the phone yet")
def test_a_search_fetches_the_same_in_a_book_three_times_as_large(
    first_visit_phone: Phones, site_server: SiteServer, larger_server: SiteServer, built_site: Path, larger_site: Path
) -> None:
    """The engine, the chunks of the word and the results' fragments weigh the same; only
    Pagefind's metadata, its list of records, grows: by a few bytes a rule (93 KB at 50×)."""
    added = rules(larger_site) - rules(built_site)
    assert added > 400
    for word in ("battlements", "barrage"):
        today_meta, today = searched_bytes(first_visit_phone, site_server, word)
        larger_meta, larger = searched_bytes(first_visit_phone, larger_server, word)
        assert today > 50_000, "the search's engine and index were counted"
        assert larger <= today * GROWTH, (word, today, larger)
        assert 0 < larger_meta - today_meta <= META_BYTES_A_RULE * added, (word, today_meta, larger_meta)
