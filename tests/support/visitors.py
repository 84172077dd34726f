"""The two players a browser test can open the site as, in Debian's Chromium at a phone's size.

- **A returning player** (the default): a phone that has visited the site once. Python
  starts from its memory snapshot, Chrome reuses its compiled WebAssembly and JavaScript,
  the service worker holds the core. Each such phone is a copy of one Chromium profile that
  visited the origin once (:func:`visit_once`), made once per test process and origin, so a
  test pays neither the first start from Python's files (about 7 CPU-s on this machine) nor
  the service worker's first download of the core, and starts from the same state as every
  other test.
- **A first visit**: a new browser context with nothing stored, for the tests whose subject
  is the first visit (the start from the files, the snapshot being made, the service
  worker's first install, a runtime that cannot be fetched).

Which one a test is, it says by the fixture it asks for (``returning_*`` or
``first_visit_*``, ``tests/browser/conftest.py``); a first visit also says why, in one line
(``@pytest.mark.first_visit("...")``).
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from playwright.sync_api import Error as PlaywrightError

from harness.chromium import CHROMIUM, TEST_CHROMIUM_ARGS
from support import PHONE
from support.browser import TIMEOUT, ready, snapshot_kept

__all__ = [
    "CODE_CACHE_BYTES",
    "CSP_PROBE",
    "PHONE_OPTIONS",
    "Phones",
    "Visitors",
    "guarded",
    "launch",
    "visit_once",
    "wasm_code_cache",
]

#: A fixture that makes phones (``returning_phone(url, **options)``, ``first_visit_phone(**options)``).
Phones = Callable[..., BrowserContext]
#: What every phone of the tests is, unless a test asks otherwise (Playwright's context options).
PHONE_OPTIONS: dict[str, Any] = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
#: Records every Content-Security-Policy violation a page reports (``window.__csp``).
CSP_PROBE = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
window.__dialogs = 0;
"""
#: Chrome writes the compiled WebAssembly to its code cache about 2 s after the last
#: tier-up, which a busy machine delays (with the other engines' tests beside it, past 40 s
#: once): a first visit waits for that write this long at most.
CODE_CACHE_WAIT_MS = 90_000
#: The compiled code of pyodide.asm.wasm is about 0.9 MB in the cache; its index alone is a few KB.
CODE_CACHE_BYTES = 256_000
#: What a visit left on a phone (a page of the site asks its own origin): each cache and how
#: many entries it holds, and the service worker in control; with ``clear``, the site's local
#: storage and IndexedDB are forgotten first.
_STATE = """async (clear) => {
  if (clear) {
    localStorage.clear();
    for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
  }
  const caches_ = {};
  for (const name of await caches.keys()) caches_[name] = (await (await caches.open(name)).keys()).length;
  const r = await navigator.serviceWorker.getRegistration();
  return { caches: caches_, worker: r && r.active ? `${r.active.scriptURL} ${r.active.state}` : null };
}"""
#: What a copy of a profile leaves out: Chromium's marks of a profile in use.
_IN_USE = shutil.ignore_patterns("SingletonLock", "SingletonSocket", "SingletonCookie")


def launch(playwright: Playwright, profile: Path, **options: Any) -> BrowserContext:
    """Chromium on the profile in ``profile`` (made if missing), at a phone's size unless ``options`` say otherwise."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS, **{**PHONE_OPTIONS, **options}
    )


def wasm_code_cache(profile: Path) -> int:
    """Bytes in the profile's WebAssembly code cache (Chrome's ``Code Cache/wasm``)."""
    folder = profile / "Default" / "Code Cache" / "wasm"
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) if folder.is_dir() else 0


def visit_once(playwright: Playwright, profile: Path, url: str) -> None:
    """A first visit to ``url`` (a page with a calculator) in the profile, read long enough for
    what a player's phone keeps of it: Python started from its files and its snapshot kept,
    the service worker in control (the core stored), Pyodide's JavaScript compiled and kept.

    It ends once Chrome has written the compiled WebAssembly to the profile's code cache
    (:data:`CODE_CACHE_BYTES`), or after :data:`CODE_CACHE_WAIT_MS` (then the tests that
    need it say so); on an idle machine that is already done when the snapshot is kept.
    """
    context = launch(playwright, profile)
    page = context.new_page()
    started = ready(page, url)
    assert started["source"] == "files", started
    assert snapshot_kept(page)["stored"] is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.wait_for_function(
        "() => ['warmed', 'unavailable'].includes(window.scrollhammerCalculators.codeCache)", timeout=TIMEOUT
    )
    waited = 0
    while wasm_code_cache(profile) < CODE_CACHE_BYTES and waited < CODE_CACHE_WAIT_MS:
        page.wait_for_timeout(500)
        waited += 500
    page.wait_for_timeout(1000)  # the cache's index, written right after
    context.close()


def guarded(context: BrowserContext) -> BrowserContext:
    """``context``, its pages recording every CSP violation they report (``window.__csp``)."""
    context.add_init_script(CSP_PROBE)
    return context


class ReturningPhone:
    """One Chromium on a copy of a visited profile, lent to one test at a time.

    What a test changes is undone when it gives the phone back: its tabs closed, its routes,
    permissions, cookies, local storage and IndexedDB gone, the network back on. What cannot
    be undone (an init script, a CDP session, a handler exposed to the page) or what is no
    longer as the visit left it (the caches and their entries, the service worker) ends the
    phone: the next test gets a new copy of the visit.
    """

    #: The context's methods whose effect cannot be taken back: a test that calls one leaves a phone no other test gets.
    _LASTING = ("add_init_script", "expose_binding", "expose_function", "set_extra_http_headers", "new_cdp_session")

    def __init__(
        self, playwright: Playwright, profile: Path, origin: str, options: dict[str, Any], *, kept: bool
    ) -> None:
        """Start Chromium on ``profile``; ``kept``: for more tests than one (else closed when given back)."""
        self.profile = profile
        self.origin = origin
        self.context = launch(playwright, profile, **options)
        self.closed = False
        self.changed = not kept
        self._listeners: list[tuple[str, Callable[..., Any]]] = []
        self.context.on("close", lambda _: setattr(self, "closed", True))
        self.visit = self._state() if kept else {}
        self._watch()

    def _watch(self) -> None:
        """Mark the phone changed for good when a test calls a lasting method; keep the listeners a test adds."""
        for name in self._LASTING:
            method = getattr(self.context, name)

            def lasting(*args: Any, _method: Callable[..., Any] = method, **kwargs: Any) -> Any:
                self.changed = True
                return _method(*args, **kwargs)

            setattr(self.context, name, lasting)
        for name in ("on", "once"):
            method = getattr(self.context, name)

            def listen(event: str, f: Callable[..., Any], _method: Callable[..., Any] = method) -> Any:
                self._listeners.append((event, f))
                return _method(event, f)

            setattr(self.context, name, listen)

    def _state(self, page: Page | None = None, *, clear: bool = False) -> dict[str, Any]:
        """What the visit left on the phone: each cache of the site and how many entries it holds,
        and the service worker in control, read from ``page`` (a page of the site) or from a page
        opened for it (``clear``: first forget the site's local storage and IndexedDB, as a test's own)."""
        own = page is None
        if page is None:
            page = self.context.new_page()
            page.goto(self.origin + "offline-book.json")
        state = page.evaluate(_STATE, clear)
        if own:
            page.close()
        return dict(state)

    def give_back(self) -> bool:
        """Undo what the test did; whether the phone is as the visit left it (else it is closed)."""
        if not self.closed and not self.changed:
            for event, f in self._listeners:
                self.context.remove_listener(event, f)
            self._listeners.clear()
            self.context.unroute_all(behavior="ignoreErrors")
            self.context.set_offline(False)
            self.context.clear_permissions()
            self.context.clear_cookies()
            # Read on a page the test left on the site, if there is one: a new tab costs more.
            left = [p for p in self.context.pages if p.url.startswith(self.origin) and not p.is_closed()]
            try:
                state = self._state(left[-1] if left else None, clear=True)
            except PlaywrightError:
                state = self._state(clear=True)
            for page in self.context.pages:
                page.close()
            if state == self.visit:
                return True
        self.close()
        return False

    def close(self) -> None:
        if not self.closed:
            self.context.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class Visitors:
    """The phones of one test process: a returning player's (a :class:`ReturningPhone`, copied
    from the profile of one visit per origin, made the first time an origin is asked for, and
    kept for the next test that asks for the same origin and options), and a first visit's.

    Every phone handed out is given back by :meth:`close_all` (each test's fixture calls it).
    """

    #: How many returning phones a process keeps open at once (one per origin and options).
    KEPT = 3

    def __init__(self, playwright: Playwright, browser: Browser, folder: Path) -> None:
        self._playwright = playwright
        self._browser = browser
        self._folder = folder
        self._visited: dict[str, Path] = {}
        self._copies = itertools.count(1)
        self._phones: dict[tuple[str, str], ReturningPhone] = {}
        self._lent: list[ReturningPhone] = []
        self._first: list[BrowserContext] = []

    def visited_profile(self, origin: str) -> Path:
        """The profile of one visit to the site at ``origin``, made once per process and origin."""
        if origin not in self._visited:
            profile = self._folder / f"visited-{len(self._visited) + 1}"
            visit_once(self._playwright, profile, origin + "buildings/")
            self._visited[origin] = profile
        return self._visited[origin]

    def returning(self, url: str, *, restarted: bool = False, **options: Any) -> BrowserContext:
        """A phone that visited ``url``'s site once (:func:`visit_once`), as that visit left it.

        ``restarted``: its browser started for this test (the next day, as it were), not one
        kept running between tests, and closed after it. A second phone asked for by the same
        test is another (a second player's) and is closed after it too.
        """
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}/"
        key = (origin, repr(sorted(options.items())))
        restarted = restarted or any(p is self._phones.get(key) for p in self._lent)
        phone = None if restarted else self._phones.pop(key, None)
        if phone is None:
            if not restarted and len(self._phones) >= self.KEPT:  # the one used longest ago
                self._phones.pop(next(iter(self._phones))).close()
            copy = self._folder / f"phone-{next(self._copies)}"
            shutil.copytree(self.visited_profile(origin), copy, ignore=_IN_USE, symlinks=True)
            phone = ReturningPhone(self._playwright, copy, origin, {**PHONE_OPTIONS, **options}, kept=not restarted)
        if not restarted:
            self._phones[key] = phone  # the most recently used last
        self._lent.append(phone)
        return phone.context

    def first_visit(self, **options: Any) -> BrowserContext:
        """A phone that never visited the site: a new context, nothing stored."""
        context = self._browser.new_context(**{**PHONE_OPTIONS, **options})
        self._first.append(context)
        return context

    def close_all(self) -> None:
        """Give back every phone lent since the last call (closing those a test changed for
        good), and close every first visit's."""
        while self._lent:
            phone = self._lent.pop()
            if not phone.give_back():
                self._phones = {k: p for k, p in self._phones.items() if p is not phone}
        while self._first:
            self._first.pop().close()
