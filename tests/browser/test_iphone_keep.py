"""Safari on an iPhone clears a site unused for seven days (its service worker and caches, not
the cookies its host set): the offer to keep the book says so in a Safari tab and nowhere
else, and a phone that had kept the whole book is told, on its next visit, that it was
cleared, with the offer to keep it again (here on a book with pages beyond the core; the
WebKit suite, tests/engines/test_iphone.py, walks the same in an iPhone's engine).

The clearing is Chromium's own: ``Storage.clearDataForOrigin`` with every script-writable
store and not the cookies, as Safari's tracking prevention clears a site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.browser import ANSWER_TIMEOUT
from support.iphone import CLEARED, IPHONE, SAFARI_CLEARS
from support.visitors import Phones

from site_server import SiteServer, Throttle, serving

IPAD_AS_MAC = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.1 Safari/605.1.15"
)
CHROME_ON_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1"
)
ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
KEEP = "Keep the whole book on this phone"
#: Every store Safari clears after seven days unused (and not "cookies").
SCRIPT_WRITABLE = "service_workers,cache_storage,indexeddb,local_storage,file_systems,websql,shader_cache"


@pytest.fixture
def url(larger_server: SiteServer) -> str:
    return f"http://127.0.0.1:{larger_server.server_address[1]}/"


@pytest.fixture
def iphone(returning_phone: Phones, url: str) -> BrowserContext:
    """An iPhone's Safari that visited the larger book once."""
    return returning_phone(url, user_agent=IPHONE)


def offered(page: Page) -> None:
    """Wait until the service worker has stored the core and the offer is drawn from its answer."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
    expect(page.get_by_role("button", name=KEEP)).to_be_visible(timeout=ANSWER_TIMEOUT)


def keep_the_book(page: Page) -> None:
    page.get_by_role("button", name=KEEP).tap()
    expect(page.locator(".sh-keep").first).to_contain_text("The whole book is on this phone", timeout=ANSWER_TIMEOUT)


def kept_then_cleared(context: BrowserContext, url: str) -> None:
    """A visit that keeps the whole book (the host marks it), then Safari's clearing."""
    page = context.new_page()
    page.goto(url)
    offered(page)
    keep_the_book(page)
    page.wait_for_function("() => document.cookie.includes('scrollhammer-book=kept')")
    clear_like_safari(context, url)


def clear_like_safari(context: BrowserContext, url: str) -> None:
    """What Safari does to a site unused for seven days: every page closed, its storage gone, cookies kept."""
    for page in context.pages:
        page.close()
    blank = context.new_page()
    session = context.new_cdp_session(blank)
    session.send("Storage.clearDataForOrigin", {"origin": url.rstrip("/"), "storageTypes": SCRIPT_WRITABLE})
    blank.close()


@pytest.mark.parametrize(("agent", "says"), [(IPHONE, True), (CHROME_ON_IPHONE, False), (ANDROID, False)])
def test_only_a_safari_tab_says_seven_days(returning_phone: Phones, url: str, agent: str, says: bool) -> None:
    page = returning_phone(url, user_agent=agent).new_page()
    page.goto(url)
    offered(page)
    sentence = page.locator(".sh-keep").get_by_text(SAFARI_CLEARS)
    expect(sentence).to_have_count(1 if says else 0)
    page.goto(url + "calculators/")
    offered(page)
    expect(sentence).to_have_count(1 if says else 0)


def test_an_ipad_that_says_it_is_a_mac_is_safari_too(returning_phone: Phones, url: str) -> None:
    context = returning_phone(url, user_agent=IPAD_AS_MAC)
    # an iPad's touch screen (Chromium's emulated touch reports one point; a Mac, none)
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'maxTouchPoints', {get: () => 5})")
    page = context.new_page()
    page.goto(url)
    expect(page.locator(".sh-keep__safari")).to_have_text(SAFARI_CLEARS)


def test_from_the_home_screen_nothing_of_it(iphone: BrowserContext, url: str) -> None:
    context = iphone
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'standalone', {get: () => true, configurable: true})"
    )
    page = context.new_page()
    page.goto(url)
    offered(page)
    expect(page.locator(".sh-keep__safari")).to_have_count(0)


def test_the_host_marks_the_kept_book_with_a_cookie(iphone: BrowserContext, url: str) -> None:
    page = iphone.new_page()
    page.goto(url)
    offered(page)
    assert [c for c in iphone.cookies() if c["name"] == "scrollhammer-book"] == [], "not before the book is kept"
    keep_the_book(page)
    page.wait_for_function("() => document.cookie.includes('scrollhammer-book=kept')")
    (mark,) = [c for c in iphone.cookies() if c["name"] == "scrollhammer-book"]
    assert (mark["value"], mark["path"], mark["sameSite"]) == ("kept", "/", "Strict")
    assert mark["expires"] > page.evaluate("Date.now() / 1000") + 399 * 86400, "for 400 days, not a script's seven"


@pytest.fixture
def slow_url(larger_site: Path) -> Iterator[str]:
    """The larger book from a server that holds Python's runtime back for longer than a page
    waits for a service worker (keep-book.mjs: 10 s): a phone on a slow line stores the core slowly."""
    throttle = Throttle(hold_s=12.0, hold_pattern=re.compile(r"\.wasm$"))
    with serving(larger_site, throttle=throttle) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/"


def test_after_safari_cleared_the_kept_book_the_next_visit_says_so_and_keeps_it_again(
    returning_phone: Phones, slow_url: str
) -> None:
    # On a slow line: the core is stored again after the page stopped waiting for it, and the
    # notice still says so once it is (it once stayed at "cleared" for the visit).
    url = slow_url
    iphone = returning_phone(url, user_agent=IPHONE)
    kept_then_cleared(iphone, url)
    page = iphone.new_page()
    page.goto(url + "b02-ruins/")  # a page of the book, read online: the notice at its top
    notice = page.locator(".sh-keep--again")
    expect(notice).to_contain_text(CLEARED)
    expect(notice).to_contain_text("The core rules are on this phone again.", timeout=ANSWER_TIMEOUT)
    expect(notice.get_by_text(SAFARI_CLEARS)).to_be_visible()
    assert notice.evaluate("(box) => box.previousElementSibling.tagName") == "H1"
    notice.get_by_role("button", name=KEEP).tap()
    expect(notice).to_contain_text("The whole book is on this phone", timeout=ANSWER_TIMEOUT)
    expect(notice).not_to_contain_text(CLEARED)
    iphone.set_offline(True)
    offline = iphone.new_page()
    offline.goto(url + "b03-unit-types/")
    expect(offline.locator("h1")).to_have_text(re.compile("Unit Types \\(Book 3\\)"))


def test_the_home_page_says_it_in_its_own_place_and_not_now_forgets_it(iphone: BrowserContext, url: str) -> None:
    kept_then_cleared(iphone, url)
    page = iphone.new_page()
    page.goto(url)
    keep = page.locator(".sh-keep")
    expect(keep).to_have_count(1)
    expect(keep).to_contain_text(CLEARED)
    expect(keep.get_by_role("button", name=KEEP)).to_be_visible(timeout=ANSWER_TIMEOUT)
    keep.get_by_role("button", name="Not now").tap()
    expect(keep).not_to_contain_text(CLEARED)
    expect(keep.get_by_role("button", name=KEEP)).to_be_visible()
    assert [c for c in iphone.cookies() if c["name"] == "scrollhammer-book"] == []
