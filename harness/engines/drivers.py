"""The two other engines a player's phone may run, behind one small interface.

* **WebKit** (every browser on an iPhone): Debian's WebKitGTK ``MiniBrowser``, driven by
  ``WebKitWebDriver`` (package ``webkit2gtk-driver``) through Selenium's ``WebKitGTK``
  driver, on a virtual screen (``xvfb-run`` starts it: MiniBrowser has no headless mode).
* **Gecko** (Firefox): Debian's ``firefox-esr``, headless, driven over Marionette, the
  protocol Firefox itself serves (geckodriver translates WebDriver to it), by Mozilla's own
  Python client ``marionette-driver``: no geckodriver, which no registry here carries.

Both give: open a page, run a script in it (as the page's own code, so what the page set
on ``window`` is seen), tap an element, press a key, go back, take a screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.network import free_port

#: How long a condition may take (a cold start of Python on a loaded machine included).
TIMEOUT_S = 120.0
#: Where Debian puts the WebKitGTK browser shell.
MINIBROWSER = next(
    (p for p in Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser") if p.is_file()),
    Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
)
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
#: How long WebKitWebDriver may take to answer one command before it counts as hung. A
#: command's own limits are ``TIMEOUT_S``: the driver answers within them or not at all
#: (once in CI it started no MiniBrowser and never answered: the test waited 13 minutes).
DRIVER_REPLY_S = TIMEOUT_S + 30
#: How long WebKitWebDriver may take to start MiniBrowser and its session (seconds, even on
#: a loaded machine); a hung start is tried once more.
DRIVER_START_S = 60.0
FIREFOX = Path("/usr/bin/firefox-esr")
#: Each engine's browser executable (Chromium's is the suite's).
BINARIES = {"chromium": Path(CHROMIUM), "webkit": MINIBROWSER, "firefox": FIREFOX}
#: A phone's width in CSS pixels; Firefox is zoomed to it (its window is at least 500 px
#: wide), MiniBrowser's window keeps the least width its toolbar needs.
PHONE_WIDTH = 360
#: Finds, at the moment of the tap, the first element ``arguments[0]`` selects whose trimmed
#: words are ``arguments[1]`` (any, when null): a page that redraws a list or a button between
#: a test's look and its tap replaces the element, so it is looked up again, not marked.
FIND = """return [...document.querySelectorAll(arguments[0])]
    .find(e => arguments[1] === null || e.textContent.trim() === arguments[1]) || null;"""


#: Firefox's console (its errors, not its warnings) for pages of the tests' servers, read in the chrome context.
_FIREFOX_ERRORS = """
return Services.console.getMessageArray()
  .filter((m) => m instanceof Ci.nsIScriptError && !(m.flags & Ci.nsIScriptError.warningFlag))
  .filter((m) => (m.sourceName || '').startsWith('http://127.0.0.1'))
  .map((m) => `${m.errorMessage} (${m.sourceName}:${m.lineNumber})`);
"""


class EngineError(AssertionError):
    """A condition the page never met, with what the page said last."""


class Engine(Protocol):
    """What a test asks of a browser engine."""

    name: str
    version: str

    def open(self, url: str) -> None:
        """Navigate, and wait for the page's load event."""

    def run(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        """Run a function body in the page (``arguments[i]`` are ``args``); what it returns."""

    def run_async(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        """As :meth:`run`, for a body that calls ``arguments[arguments.length - 1]`` with its result."""

    def tap(self, css: str, text: str | None = None) -> None:
        """Click the first element ``css`` selects (whose trimmed words are ``text``, if given), as a pointer would."""

    def press(self, key: str) -> None:
        """Press a key (``"Escape"``) on whatever has the focus."""

    def type_into(self, css: str, text: str) -> None:
        """Type ``text`` into the first element ``css`` selects, key by key."""

    def keys(self, text: str) -> None:
        """Type ``text`` key by key into whatever has the focus (the driver moves no focus)."""

    def back(self) -> None:
        """The browser's Back."""

    def screenshot(self) -> bytes:
        """What the window shows, as PNG."""

    def relaunch(self) -> bool:
        """Quit the browser and start it again on the same profile, as a player's next day.

        ``False`` where the engine cannot (WebKit's automation mode keeps no profile).
        """

    def browser_errors(self) -> list[str]:
        """The errors the browser itself logged for pages of 127.0.0.1.

        A service worker's rejected answer among them, where the driver can read them:
        Firefox's console and Chromium's page console; WebKit's driver reads none (the
        page's probe stands in).
        """

    def close(self) -> None:
        """End the session and the browser."""


def wait(engine: Engine, condition: str, *args: object, timeout: float = TIMEOUT_S, what: str = "") -> Any:  # noqa: ANN401
    """Poll a function body until it returns something truthy; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = engine.run(condition, *args)
        if value:
            return value
        if time.monotonic() > deadline:
            state = engine.run("return [location.href, document.readyState, (window.__probe || {}).errors]")
            raise EngineError(f"{engine.name}: {what or condition} not met in {timeout:.0f} s; the page: {state}")
        time.sleep(0.1)


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium)."""

    name = "webkit"

    def __init__(
        self,
        display: str,
        binary: Path = MINIBROWSER,
        *,
        user_agent: str = "",
        dark: bool = False,
        driver: Path = WEBKIT_DRIVER,
        reply_s: float = DRIVER_REPLY_S,
        start_s: float = DRIVER_START_S,
    ) -> None:
        from selenium import webdriver  # noqa: PLC0415 - only where the engine runs

        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(binary)
        options.add_argument("--automation")
        if user_agent:  # another device's (an iPhone's Safari)
            options.add_argument(f"--user-agent={user_agent}")
        if dark:  # the system's dark theme: prefers-color-scheme: dark
            options.add_argument("--dark-mode")

        def session() -> Any:  # noqa: ANN401 - Selenium's driver
            service = webdriver.WebKitGTKService(executable_path=str(driver), env={**os.environ, "DISPLAY": display})
            return webdriver.WebKitGTK(options=options, service=service)

        self._driver = _session_within(session, start_s, reply_s)
        self._driver.set_script_timeout(TIMEOUT_S)
        self._driver.set_window_rect(width=PHONE_WIDTH, height=740)
        self.version = f"WebKitGTK {self._driver.capabilities.get('browserVersion', '?')}"

    def open(self, url: str) -> None:
        self._driver.get(url)

    def run(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._driver.execute_script(script, *args)

    def run_async(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._driver.execute_async_script(script, *args)

    def tap(self, css: str, text: str | None = None) -> None:
        from selenium.common.exceptions import StaleElementReferenceException  # noqa: PLC0415

        def once() -> None:
            element = _found(self.run(FIND, css, text), css, text)
            self.run("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

        _retried(once, StaleElementReferenceException)

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains  # noqa: PLC0415
        from selenium.webdriver.common.keys import Keys  # noqa: PLC0415

        ActionChains(self._driver).send_keys(getattr(Keys, key.upper())).perform()

    def type_into(self, css: str, text: str) -> None:
        from selenium.webdriver.common.by import By  # noqa: PLC0415

        self._driver.find_element(By.CSS_SELECTOR, css).send_keys(text)

    def keys(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains  # noqa: PLC0415

        ActionChains(self._driver).send_keys(text).perform()

    def back(self) -> None:
        self._driver.back()

    def screenshot(self) -> bytes:
        return bytes(self._driver.get_screenshot_as_png())

    def browser_errors(self) -> list[str]:
        return []  # WebKitWebDriver does not read the console

    def relaunch(self) -> bool:
        return False  # MiniBrowser under automation is ephemeral: no profile to start again on

    def close(self) -> None:
        self._driver.quit()


class Firefox:
    """Firefox ESR, headless, over Marionette."""

    name = "firefox"

    def __init__(self, profile_dir: Path, _display: str = "", binary: Path = FIREFOX) -> None:
        from marionette_driver.marionette import Marionette  # noqa: PLC0415 - only where the engine runs

        self._client = Marionette(
            host="127.0.0.1",
            port=_free_port(),
            bin=str(binary),
            headless=True,
            # Allows the chrome context, for the page zoom that makes a phone's width.
            app_args=["-remote-allow-system-access"],
            prefs={"remote.prefs.recommended": True, "browser.shell.checkDefaultBrowser": False},
            workspace=str(profile_dir),
            gecko_log=str(profile_dir / "gecko.log"),  # Firefox's own log, kept with its profile
            verbose=0,
        )
        self._client.start_session()
        self._client.timeout.script = TIMEOUT_S
        self._client.timeout.page_load = TIMEOUT_S
        caps = self._client.session_capabilities
        self.version = f"Firefox {caps.get('browserVersion', '?')}"
        self._client.set_window_rect(width=500, height=1028)

    def zoom_to_phone(self) -> None:
        """Zoom this site to a phone's width (remembered per site, as a player's zoom is)."""
        with self._client.using_context(self._client.CONTEXT_CHROME):
            self._client.execute_script(
                "const b = gBrowser.selectedBrowser;"
                f"FullZoom.setZoom(b.getBoundingClientRect().width / {PHONE_WIDTH}, b);"
            )

    def open(self, url: str) -> None:
        self._client.navigate(url)

    def run(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._client.execute_script(script, script_args=args, sandbox=None)

    def run_async(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._client.execute_async_script(script, script_args=args, sandbox=None)

    def tap(self, css: str, text: str | None = None) -> None:
        from marionette_driver.errors import StaleElementException  # noqa: PLC0415

        def once() -> None:
            element = _found(self.run(FIND, css, text), css, text)
            self.run("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

        _retried(once, StaleElementException)

    def press(self, key: str) -> None:
        from marionette_driver.keys import Keys  # noqa: PLC0415

        code = getattr(Keys, key.upper())
        self._client.actions.sequence("key", "keyboard").key_down(code).key_up(code).perform()

    def type_into(self, css: str, text: str) -> None:
        from marionette_driver.by import By  # noqa: PLC0415

        self._client.find_element(By.CSS_SELECTOR, css).send_keys(text)

    def keys(self, text: str) -> None:
        sequence = self._client.actions.sequence("key", "keyboard")
        for key in text:
            sequence.key_down(key).key_up(key)
        sequence.perform()

    def back(self) -> None:
        self._client.go_back()

    def screenshot(self) -> bytes:
        return base64.b64decode(self._client.screenshot(format="base64", full=False))

    def browser_errors(self) -> list[str]:
        with self._client.using_context(self._client.CONTEXT_CHROME):
            return list(self._client.execute_script(_FIREFOX_ERRORS))

    def relaunch(self) -> bool:
        self._client.restart(in_app=True)  # Firefox quits and starts again on its profile
        self._client.timeout.script = TIMEOUT_S
        self._client.timeout.page_load = TIMEOUT_S
        self._client.set_window_rect(width=500, height=1028)
        return True

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the browser may have gone already
            self._client.delete_session()
        self._client.cleanup()


class Chromium:
    """Debian's Chromium through Playwright, behind the same interface (for the engines' benchmark)."""

    name = "chromium"

    def __init__(self, profile_dir: Path, _display: str = "", binary: Path | None = None) -> None:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only where the engine runs

        self._playwright = sync_playwright().start()
        self._profile, self._binary = profile_dir, binary or Path(CHROMIUM)
        self._errors: list[str] = []
        self._launch()
        self.version = f"Chromium {self._context.browser.version if self._context.browser else '?'}"

    def _launch(self) -> None:
        self._context = self._playwright.chromium.launch_persistent_context(
            str(self._profile),
            executable_path=str(self._binary),
            args=CHROMIUM_ARGS,
            viewport={"width": PHONE_WIDTH, "height": 740},
        )
        self._page = self._context.pages[0] if self._context.pages else self._context.new_page()
        self._page.on("console", lambda m: self._errors.append(m.text) if m.type == "error" else None)

    def relaunch(self) -> bool:
        self._context.close()
        self._launch()
        return True

    def open(self, url: str) -> None:
        self._page.goto(url, timeout=TIMEOUT_S * 1000)

    def run(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._page.evaluate(f"(args) => (function () {{ {script} }}).apply(null, args)", list(args))

    def run_async(self, script: str, *args: object) -> Any:  # noqa: ANN401 - what the page's script returns
        return self._page.evaluate(
            f"(args) => new Promise((done) => (function () {{ {script} }}).apply(null, [...args, done]))", list(args)
        )

    def tap(self, css: str, text: str | None = None) -> None:
        found = self._page.locator(css)
        if text is not None:
            found = found.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
        found.first.click()

    def press(self, key: str) -> None:
        self._page.keyboard.press(key)

    def type_into(self, css: str, text: str) -> None:
        self._page.locator(css).first.press_sequentially(text)

    def keys(self, text: str) -> None:
        self._page.keyboard.type(text)

    def back(self) -> None:
        self._page.go_back()

    def screenshot(self) -> bytes:
        return self._page.screenshot()

    def browser_errors(self) -> list[str]:
        return list(self._errors)

    def close(self) -> None:
        self._context.close()
        self._playwright.stop()


@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """A virtual screen (Xvfb) for MiniBrowser, which has no headless mode: its DISPLAY.

    The one the environment names when there is one.
    """
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    read, write = os.pipe()
    server = subprocess.Popen(  # noqa: S603 - Debian's Xvfb, fixed arguments
        [shutil.which("Xvfb") or "Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    try:
        if not number:
            raise EngineError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def _found(element: Any, css: str, text: str | None) -> Any:  # noqa: ANN401 - a driver's element
    """``element``, or a :class:`LookupError` naming what was sought (the page may be redrawing it)."""
    if element is None:
        raise LookupError(f"no {css} reads {text!r}" if text is not None else f"nothing matches {css}")
    return element


def _retried(action: Callable[[], None], stale: type[Exception], tries: int = 10) -> None:
    """Do ``action`` again when the page replaced or had not yet drawn its element (a list redrawn as one types)."""
    for attempt in range(tries):
        try:
            action()
        except (stale, LookupError):
            if attempt == tries - 1:
                raise
            time.sleep(0.2)
        else:
            return


def _session_within(start: Callable[[], Any], start_s: float, reply_s: float, tries: int = 2) -> Any:  # noqa: ANN401
    """A Selenium session started within ``start_s``, each command answered within ``reply_s``.

    Selenium waits for a driver's reply as long as the process's default socket timeout,
    which is forever; its local drivers take no timeout of their own, but read that default
    once, when their connection is made (a command reads it from the connection's settings).
    A session that does not start in time (the driver hung before starting its browser) is
    tried once more, then fails naming the limit.
    """
    from urllib3.exceptions import TimeoutError as ReplyTimeout  # noqa: PLC0415 - Selenium's client

    for attempt in range(tries):
        before = socket.getdefaulttimeout()
        socket.setdefaulttimeout(start_s)
        try:
            driver = start()
        except ReplyTimeout as hung:
            if attempt == tries - 1:
                message = f"WebKitWebDriver did not start a session within {start_s:.0f} s, {tries} times"
                raise EngineError(message) from hung
        else:
            driver.command_executor.client_config.timeout = reply_s
            return driver
        finally:
            socket.setdefaulttimeout(before)
    raise AssertionError  # not reached: the last try returns or raises


def _free_port() -> int:

    return free_port()


#: Engine → how to start it (with a folder for its profile and the virtual screen).
#: Each engine's starter: (profile folder, display, and optionally ``binary``: the browser's
#: executable, or a launcher that runs it, as the benchmark's CPU model does) -> the engine.
STARTERS: dict[str, Callable[..., Engine]] = {
    "chromium": Chromium,
    "webkit": lambda _profile, display, binary=MINIBROWSER: WebKit(display, binary),
    "firefox": Firefox,
}


def missing(name: str) -> str:
    """What a machine lacks to run the engine ``name`` ("" when it has all of it)."""
    needs = {
        "webkit": [MINIBROWSER, WEBKIT_DRIVER],
        "firefox": [FIREFOX],
    }[name]
    lacking = [str(p) for p in needs if not p.exists()]
    if name == "webkit" and not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        lacking.append("Xvfb (package xvfb)")
    return ", ".join(lacking)
