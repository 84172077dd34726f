"""Chromium (Debian's, at /usr/bin/chromium) driven by Playwright at phone size: the phones a
test opens the site on, a returning player's or a first visit's (``support/visitors.py``), and
the sites and hosts several test files share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright
from support import build_site, made_once
from support.visitors import Visitors

from harness.chromium import CHROMIUM, TEST_CHROMIUM_ARGS
from harness.network import free_port
from harness.project import ROOT
from harness.synthetic_book import make_book
from site_server import SiteServer, serving

# How long an assertion waits for the page to get there (Playwright's default is 5 s): the
# suite runs in several processes on two cores, and a busy machine is slower, not wrong.
expect.set_options(timeout=15_000)


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


@pytest.fixture(scope="session")
def visitors(playwright: Playwright, browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Visitors:
    """The phones of this test process (``support/visitors.py``)."""
    return Visitors(playwright, browser, tmp_path_factory.mktemp("phones"))


@pytest.fixture
def returning_phone(visitors: Visitors, site_url: str) -> Iterator[Callable[..., BrowserContext]]:
    """Phones of players who visited the site once (``returning_phone(url=site_url, **options)``,
    Playwright's context options, a phone's size by default): Python starts from its snapshot
    on Chrome's compiled code, the service worker holds the core. Each phone is the test's own."""

    def phone(url: str = site_url, **options: Any) -> BrowserContext:
        return visitors.returning(url, **options)

    yield phone
    visitors.close_all()


@pytest.fixture
def returning_context(returning_phone: Callable[..., BrowserContext]) -> BrowserContext:
    """A phone that visited the site once (:func:`returning_phone`)."""
    return returning_phone()


@pytest.fixture
def returning_page(returning_context: BrowserContext) -> Page:
    """The tab of a phone that visited the site once (:func:`returning_phone`)."""
    return returning_context.pages[0] if returning_context.pages else returning_context.new_page()


@pytest.fixture
def first_visit_phone(request: pytest.FixtureRequest, visitors: Visitors) -> Iterator[Callable[..., BrowserContext]]:
    """Phones that never visited the site (``first_visit_phone(**options)``): Python starts from
    its files, the service worker installs. For a test whose subject is the first visit, which
    says why: ``@pytest.mark.first_visit("...")``."""
    said_why(request)
    yield visitors.first_visit
    visitors.close_all()


@pytest.fixture
def first_visit_profile(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """An empty Chromium profile of the test's own (``support.visitors.launch``), for a first
    visit and what the phone keeps of it; a test that asks for one says why, as for
    :func:`first_visit_phone`."""
    said_why(request)
    return tmp_path / "profile"


def said_why(request: pytest.FixtureRequest) -> None:
    """Fail a test that asks for a first visit without saying why (its ``first_visit`` mark)."""
    why = request.node.get_closest_marker("first_visit")
    if why is None or not why.args or not str(why.args[0]).strip():
        pytest.fail(
            f"{request.node.nodeid} asks for a first visit without saying why: "
            '@pytest.mark.first_visit("what about the first visit it tests")',
            pytrace=False,
        )


@pytest.fixture
def first_visit_context(first_visit_phone: Callable[..., BrowserContext]) -> BrowserContext:
    """A phone that never visited the site (:func:`first_visit_phone`)."""
    return first_visit_phone()


@pytest.fixture
def first_visit_page(first_visit_context: BrowserContext) -> Page:
    """A tab of a phone that never visited the site (:func:`first_visit_phone`)."""
    return first_visit_context.new_page()


#: The hosts the hosting-dependent browser tests run through: the project's server, and
#: Debian's nginx with deploy/nginx.conf (plain HTTP on loopback; HTTPS is tested apart).
HOSTS = ["project server", "nginx"]


@pytest.fixture(params=HOSTS)
def hosted_url(request: pytest.FixtureRequest) -> str:
    """The built site's address through each host the README names for the browser tests."""
    if request.param == "project server":
        return str(request.getfixturevalue("site_url"))
    return str(request.getfixturevalue("nginx_host").url)


#: The generators whose sites the tests every player depends on run against: the default
#: (MkDocs with Material, ``make build``) and the second (Zensical, ``make build GENERATOR=zensical``).
GENERATORS = ["mkdocs", "zensical"]


@pytest.fixture(params=GENERATORS)
def player_url(request: pytest.FixtureRequest) -> str:
    """The site's address as each generator builds it, served by the project's server."""
    return str(request.getfixturevalue("site_url" if request.param == "mkdocs" else "zensical_url"))


#: How many times today's rules the larger book holds.
TIMES = 3


@pytest.fixture(scope="session")
def larger_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of a synthetic book three times today's (``harness/synthetic_book.py``, as
    ``make bench-scale`` makes it), its new rules recorded as ``make build`` records them;
    built once for the whole run, whichever test process asks first (its tests serve it on
    ports of their own: none follows its links by instant navigation)."""

    def build(folder: Path) -> None:
        book = make_book(TIMES, folder / "book", cache=ROOT / "build" / "cache")
        build_site(book, folder / "site", port=free_port(), frozen=False, env={"SOURCE_DATE_EPOCH": "1796083200"})

    return made_once(tmp_path_factory, "larger-book", build) / "site"


@pytest.fixture(scope="session")
def larger_server(larger_site: Path) -> Iterator[SiteServer]:
    """The larger book's site, served."""
    with serving(larger_site) as server:
        yield server
