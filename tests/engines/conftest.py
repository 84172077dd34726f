"""Fixtures of the cross-engine suite: a virtual screen for WebKit, the built site with the
probe in every page, its server, and a session of each engine.

The engines share the one site build of the whole suite. Each engine starts once per test
process (module scope, the tests ordered by engine), with a profile of its own; a test that
needs a fresh origin (offline, a new visit) takes a server of its own on another port.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.engines.drivers import STARTERS, Engine, Firefox, missing, virtual_screen
from harness.engines.probed_site import probed_copy
from site_server import SiteServer, serving

ENGINES = ["webkit", "firefox"]
PROBE = Path(__file__).with_name("probe.js")
ANSWERS = Path(__file__).with_name("answers.mjs")
#: Inert until a test writes its plan in the tab's sessionStorage.
TROUBLE = Path(__file__).parents[1] / "support" / "worker_trouble.js"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "engines" in item.path.parts:
            item.add_marker(pytest.mark.engines)
            item.add_marker(pytest.mark.browser)
            # marionette-driver probes Firefox's port with sockets it leaves to the collector
            item.add_marker(pytest.mark.filterwarnings("ignore:unclosed <socket.socket:ResourceWarning"))
            # Selenium 4.51's WebKitGTK driver still sets up its connection the old way
            item.add_marker(pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"))


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A virtual screen for MiniBrowser."""
    with virtual_screen() as screen:
        yield screen


@pytest.fixture(scope="session")
def probed_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site with the probe first in every page's head (and after it, the worker's
    trouble a test may ask for: test_calculators_come_back_in_engines.py)."""
    dest = tmp_path_factory.mktemp("probed") / "site"
    first = PROBE.read_text("utf-8") + "\n" + TROUBLE.read_text("utf-8")
    return probed_copy(built_site, dest, "__probe.js", {"__answers.mjs": ANSWERS}, script=first)


@pytest.fixture(scope="session")
def probed_url(probed_site: Path) -> Iterator[str]:
    """The probed site's address (one server for the suite)."""
    with serving(probed_site) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture
def own_server(probed_site: Path) -> Iterator[SiteServer]:
    """A server of the test's own (a new origin: no service worker, no caches yet); the test may stop it."""
    with serving(probed_site) as server:
        yield server


@pytest.fixture(scope="module", params=ENGINES)
def engine_name(request: pytest.FixtureRequest) -> str:
    """Which engine the test runs in."""
    lacking = missing(request.param)
    if lacking:
        pytest.fail(f"{request.param} cannot run here: missing {lacking} (make engines installs it)", pytrace=False)
    return str(request.param)


@pytest.fixture(scope="module")
def engine(engine_name: str, display: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A session of the engine, at a phone's width where the engine allows it."""
    started = STARTERS[engine_name](tmp_path_factory.mktemp(engine_name), display)
    yield started
    started.close()


@pytest.fixture(scope="module")
def phone(engine: Engine, probed_url: str) -> Engine:
    """The engine, its site zoomed to a phone's width where the engine needs it (once: a zoom
    is kept per host, the test servers' other ports included)."""
    if isinstance(engine, Firefox):
        engine.open(probed_url)
        engine.zoom_to_phone()
    return engine
