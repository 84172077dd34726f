"""Chromium (Debian's, at /usr/bin/chromium) driven by Playwright at phone size, and the
browser contexts several test files share (plain helpers are in ``helpers.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright
from support import PHONE, build_site
from support.browser import TIMEOUT, ready, snapshot_kept

from harness.chromium import CHROMIUM, TEST_CHROMIUM_ARGS
from harness.network import free_port
from harness.project import ROOT
from harness.synthetic_book import make_book
from site_server import SiteServer, serving

# How long an assertion waits for the page to get there (Playwright's default is 5 s): the
# suite runs in several processes on two cores, and a busy machine is slower, not wrong.
expect.set_options(timeout=15_000)

#: Records every Content-Security-Policy violation a page reports (``window.__csp``).
CSP_PROBE = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
window.__dialogs = 0;
"""


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright itself, for tests that need their own browser (a persistent profile)."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


#: The hosts the hosting-dependent browser tests run through: the project's server, and
#: Debian's nginx with deploy/nginx.conf (plain HTTP on loopback; HTTPS is tested apart).
HOSTS = ["project server", "nginx"]


@pytest.fixture(params=HOSTS)
def hosted_url(request: pytest.FixtureRequest) -> str:
    """The built site's address through each host the README names for the browser tests."""
    if request.param == "project server":
        return str(request.getfixturevalue("site_url"))
    return str(request.getfixturevalue("nginx_host").url)


@pytest.fixture
def guarded(browser: Browser) -> Iterator[BrowserContext]:
    """A phone whose pages record every CSP violation they report (``window.__csp``)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(CSP_PROBE)
    yield context
    context.close()


def visited_once(browser: Browser, site_url: str) -> BrowserContext:
    """A phone that has visited once: Python booted from the files and kept a snapshot, and
    the service worker took over (the site is on the device)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "files"
    assert snapshot_kept(page)["stored"] is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.close()
    return context


#: The generators whose sites the tests every player depends on run against: the default
#: (MkDocs with Material, ``make build``) and the second (Zensical, ``make build GENERATOR=zensical``).
GENERATORS = ["mkdocs", "zensical"]


@pytest.fixture(params=GENERATORS)
def player_url(request: pytest.FixtureRequest) -> str:
    """The site's address as each generator builds it, served by the project's server."""
    return str(request.getfixturevalue("site_url" if request.param == "mkdocs" else "zensical_url"))


@pytest.fixture
def warm(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """A phone that has visited once (:func:`visited_once`), for this test alone."""
    context = visited_once(browser, site_url)
    yield context
    context.close()


@pytest.fixture
def warm_zensical(browser: Browser, zensical_url: str) -> Iterator[BrowserContext]:
    """A phone that has visited the Zensical site once (:func:`visited_once`)."""
    context = visited_once(browser, zensical_url)
    yield context
    context.close()


@pytest.fixture(scope="module")
def returning(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """A phone that has visited once (:func:`visited_once`), shared by a test file's tests in
    one process: for tests of what a page does once Python answers, not of a first visit
    (each of its pages starts Python from the snapshot instead of the files)."""
    context = visited_once(browser, site_url)
    yield context
    context.close()


@pytest.fixture
def returning_page(returning: BrowserContext) -> Iterator[Page]:
    """A new tab on the phone of :func:`returning`."""
    page = returning.new_page()
    yield page
    page.close()


#: How many times today's rules the larger book holds.
TIMES = 3


@pytest.fixture(scope="session")
def larger_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of a synthetic book three times today's (``harness/synthetic_book.py``, as
    ``make bench-scale`` makes it), its new rules recorded as ``make build`` records them."""
    folder = tmp_path_factory.mktemp("book")
    book = make_book(TIMES, folder / "book", cache=ROOT / "build" / "cache")
    site = folder / "site"
    build_site(book, site, port=free_port(), frozen=False, env={"SOURCE_DATE_EPOCH": "1796083200"})
    return site


@pytest.fixture(scope="session")
def larger_server(larger_site: Path) -> Iterator[SiteServer]:
    """The larger book's site, served."""
    with serving(larger_site) as server:
        yield server
