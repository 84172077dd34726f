"""An iPhone's Safari, in WebKit with an iPhone's user agent: a tab says that Safari clears a
site unused for seven days and that the Home Screen keeps it, where the book is offered to
be kept (the home and Calculators pages); from the Home Screen it says nothing of it; and
after Safari has cleared the site (its service worker and caches gone, the host's cookie
kept, as Safari's tracking prevention does), the next visit stores the core again and
says so. Screenshots, light and dark, in ``test-results/engines/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.iphone import CLEARED, IPHONE, SAFARI_CLEARS

from harness.engines.drivers import WebKit, missing, wait
from harness.project import ROOT
from site_server import SiteServer

SHOTS = ROOT / "test-results" / "engines"
#: The offer, once the service worker has answered (beyond the core, the book has its PDF to print).
OFFER = "Keep the PDF to print on this phone"
KEPT = "The whole book is on this phone"


def says(words: str) -> str:
    """A condition: the first place that offers the book says ``words``."""
    return f"return ((document.querySelector('.sh-keep') || {{}}).textContent || '').includes({words!r})"


#: Safari's clearing as its tracking prevention does it: every script-writable store, no cookie.
CLEAR_LIKE_SAFARI = """const done = arguments[arguments.length - 1];
(async () => {
  for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  for (const name of await caches.keys()) await caches.delete(name);
  localStorage.clear();
  sessionStorage.clear();
})().then(() => done(document.cookie), (error) => done(String(error)));"""


@pytest.fixture(scope="module", params=["light", "dark"])
def theme(request: pytest.FixtureRequest) -> str:
    """The system's theme the phone is in."""
    return str(request.param)


@pytest.fixture(scope="module")
def iphone(theme: str, display: str) -> Iterator[WebKit]:
    """WebKit as Safari on an iPhone, in the system's light or dark theme."""
    lacking = missing("webkit")
    if lacking:
        pytest.fail(f"webkit cannot run here: missing {lacking} (make engines installs it)", pytrace=False)
    engine = WebKit(display, user_agent=IPHONE, dark=theme == "dark")
    yield engine
    engine.close()


def shot(engine: WebKit, name: str, theme: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"iphone-{name}-{theme}.png").write_bytes(engine.screenshot())


def site_caches(engine: WebKit) -> int:
    """How many of the service worker's caches the phone holds."""
    return int(
        engine.run_async(
            """const done = arguments[arguments.length - 1];
            caches.keys().then((keys) => done(keys.filter((k) => k.startsWith('scrollhammer-')).length));"""
        )
    )


def sentences(engine: WebKit) -> list[str]:
    """The Safari sentences the page shows."""
    return list(engine.run("return [...document.querySelectorAll('.sh-keep__safari')].map((p) => p.textContent)"))


def test_a_safari_tab_says_seven_days_where_the_book_is_offered(
    iphone: WebKit, theme: str, own_server: SiteServer
) -> None:
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    iphone.open(url)
    assert iphone.run("return navigator.userAgent") == IPHONE
    wait(iphone, "return document.querySelectorAll('.sh-keep__safari').length === 1", what="the sentence, at once")
    assert sentences(iphone) == [SAFARI_CLEARS]
    wait(iphone, says(OFFER), what="the offer, from the worker")
    assert sentences(iphone) == [SAFARI_CLEARS], "still one sentence once the offer is drawn"
    scheme = iphone.run("return document.body.dataset.mdColorScheme")
    assert scheme == ("slate" if theme == "dark" else "default")
    iphone.run("document.querySelector('.sh-keep').scrollIntoView({block: 'center'})")
    shot(iphone, "home", theme)
    iphone.open(url + "calculators/")
    # Both, in one read: a clean-clone run (2026-12-06) once read the offer and, a moment later,
    # no sentence, not seen again alone or in the engines tier; an offer that stays without the
    # sentence still fails here, after the wait.
    offered = says(OFFER).removeprefix("return ")
    wait(iphone, f"return {offered} && document.querySelectorAll('.sh-keep__safari').length > 0", what="the offer")
    assert sentences(iphone) == [SAFARI_CLEARS]
    iphone.open(url + "buildings/")
    assert sentences(iphone) == [], "a rule page offers nothing"


def test_from_the_home_screen_it_says_nothing_of_it(iphone: WebKit, own_server: SiteServer) -> None:
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    iphone.open(url + "buildings/")
    # iOS's Home Screen app: navigator.standalone, from the probe (first in every page's head)
    iphone.run("sessionStorage.setItem('__probe.standalone', '1')")
    iphone.open(url + "calculators/")
    wait(iphone, says(OFFER), what="the offer, from the worker")
    assert iphone.run("return navigator.standalone") is True
    assert sentences(iphone) == []
    iphone.run("sessionStorage.removeItem('__probe.standalone')")


def test_after_safari_cleared_it_the_next_visit_stores_the_core_and_says_so(
    iphone: WebKit, theme: str, own_server: SiteServer
) -> None:
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    iphone.open(url)
    wait(iphone, says(OFFER), what="the offer, from the worker")
    iphone.run("document.querySelector('.sh-keep__button').click()")
    wait(iphone, says(KEPT), what="the whole book kept")
    wait(iphone, "return document.cookie.includes('scrollhammer-book=kept')", what="the host's mark")
    cookies = iphone.run_async(CLEAR_LIKE_SAFARI)
    assert "scrollhammer-book=kept" in cookies, cookies
    iphone.open("about:blank")  # no page of the site left: the unregistered worker goes
    iphone.open(url)
    wait(iphone, says(CLEARED), what="the notice of the clearing")
    # told before the core is back (the notice says so once it is; the worker's caches are opened
    # as soon as it installs, which may be before this line reads them on a busy machine)
    assert "The core rules are on this phone again." not in iphone.run(
        "return document.querySelector('.sh-keep').textContent"
    )
    wait(iphone, says("The core rules are on this phone again."), what="the core stored again")
    assert site_caches(iphone) == 1
    assert sentences(iphone) == [SAFARI_CLEARS]
    iphone.run("document.querySelector('.sh-keep').scrollIntoView({block: 'center'})")
    shot(iphone, "cleared", theme)
    iphone.open(url + "buildings/")
    assert iphone.run("return document.querySelectorAll('.sh-keep').length") == 0, "told once: the core is back"
