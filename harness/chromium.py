"""Debian's Chromium as the tests and the benchmarks start it here (as root, on a closed network).

The flags every launch needs on this machine (:data:`CHROMIUM_ARGS`), the tests' fuller
list (:data:`TEST_CHROMIUM_ARGS`), and a trace of what Chromium did while a page ran.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

__all__ = [
    "ADDRESS_BAR_POPUPS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "PLAYWRIGHT_DISABLED_FEATURES",
    "TEST_CHROMIUM_ARGS",
    "traced",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The features Playwright's Chromium launcher turns off (its chromiumSwitches.ts). Chromium
#: takes one ``--disable-features``, the last on its command line, so a list of our own
#: repeats these (``tests/browser/test_chromium_flags.py`` checks this copy against the installed Playwright).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
#: The address bar's two popups, which Chromium draws in a WebUI renderer it starts for every
#: window, so for every browser context a test opens: a context with a page cost 1.4 CPU-s
#: with them, 0.34 without, on this machine (a test's page has no address bar to type in).
ADDRESS_BAR_POPUPS = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
#: Chromium's arguments for the tests' Playwright launches.
TEST_CHROMIUM_ARGS = [
    *CHROMIUM_ARGS,
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *ADDRESS_BAR_POPUPS)),
]


def traced(page: Page, action: Callable[[], object], categories: tuple[str, ...]) -> list[dict[str, Any]]:
    """The Chromium trace events (of ``categories``) recorded while ``action`` runs on ``page``.

    Chrome's WebAssembly code-cache events are in ``disabled-by-default-devtools.timeline``.
    """
    session = page.context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    session.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    session.on("Tracing.tracingComplete", lambda _: done.append(True))
    session.send(
        "Tracing.start", {"traceConfig": {"includedCategories": list(categories)}, "transferMode": "ReportEvents"}
    )
    action()
    session.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return events
