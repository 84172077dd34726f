"""The tiers (a marker per folder) and the fixtures several share: a built site, the project's
static server and the real web servers the README names (nginx, Caddy), each serving that site."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support import build_site
from support.hosts import Host, HostError, start_caddy, start_nginx
from support.mutation_order import cheapest_files_first
from support.zensical_site import build_with_zensical

from calculators.registry import all_calculators
from harness.network import free_port
from harness.project import ROOT
from site_server import SiteServer, Throttle, serving


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden Markdown files from the current build instead of comparing",
    )


#: The tiers, each a folder of tests/ and a marker (``-m unit``), by what their tests start.
TIERS = ("unit", "golden", "site", "hosting", "sync", "js", "browser", "engines")
TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tier = item.path.resolve().relative_to(TESTS).parts[0]
        if tier not in TIERS:
            raise pytest.UsageError(f"{item.nodeid}: a test lives in one of the tiers' folders: {', '.join(TIERS)}")
        item.add_marker(getattr(pytest.mark, tier))
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        cheapest_files_first(items, Path("mutmut-stats.json"))


@pytest.fixture(autouse=True)
def _fresh_meanings() -> None:
    """Every test works out what its inputs mean itself (see ``Calculator.forget_meanings``)."""
    for calculator in all_calculators().values():
        calculator.forget_meanings()


@pytest.fixture(scope="session")
def site_port() -> int:
    """A free port for the test server, known before the build (instant navigation
    only follows links whose host and port match the built sitemap's)."""
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    """The site, built once by `mkdocs build --strict` with the anchors lock frozen."""
    site = tmp_path_factory.mktemp("site")
    build_site(ROOT, site, port=site_port)
    return site


@pytest.fixture(scope="session")
def zensical_port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory, zensical_port: int) -> Path:
    """The site built by the second generator (``make build GENERATOR=zensical``)."""
    return build_with_zensical(tmp_path_factory.mktemp("zensical"), port=zensical_port)


@pytest.fixture(scope="session")
def zensical_url(zensical_site: Path, zensical_port: int) -> Iterator[str]:
    """The Zensical site served by the project's static server."""
    with serving(zensical_site, port=zensical_port):
        yield f"http://127.0.0.1:{zensical_port}/"


@pytest.fixture(scope="session")
def site_server(built_site: Path, site_port: int) -> Iterator[SiteServer]:
    """The built site served on 127.0.0.1 by the project's static server."""
    with serving(built_site, port=site_port) as server:
        yield server


@pytest.fixture(scope="session")
def site_url(site_server: SiteServer) -> str:
    """The served site's address."""
    return f"http://127.0.0.1:{site_server.server_address[1]}/"


def _held_back(site: Path, pattern: str, seconds: float) -> Iterator[str]:
    """Serve ``site`` from a server that holds each file whose path matches ``pattern`` back
    for ``seconds``, and give its address."""
    with serving(site, throttle=Throttle(hold_s=seconds, hold_pattern=re.compile(pattern))) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def slow_site_url(built_site: Path) -> Iterator[str]:
    """The same site from a server that holds the Python runtime's wasm back for 8 s,
    so a test can see the page while Python is still loading."""
    yield from _held_back(built_site, r"\.wasm$", 8.0)


@pytest.fixture(scope="session")
def late_scripts_url(built_site: Path) -> Iterator[str]:
    """The same site from a server that holds each page module back for 1 s, so every
    page paints before its scripts draw anything (as on a slow phone)."""
    yield from _held_back(built_site, r"/assets/js/.+\.mjs$", 1.0)


def _hosted(start: Callable[[Path, Path], Host], site: Path, workdir: Path, recipe: str) -> Iterator[Host]:
    """Run a real server with the repo's recipe for the test session, and stop it after."""
    try:
        host = start(site, workdir)
    except (HostError, FileNotFoundError) as exc:
        pytest.fail(f"the server does not run {recipe}: {exc}", pytrace=False)
    yield host
    host.stop()


@pytest.fixture(scope="session")
def nginx_host(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    """The built site served by Debian's nginx with ``deploy/nginx.conf`` (HTTPS, and plain HTTP for the browser)."""
    yield from _hosted(start_nginx, built_site, tmp_path_factory.mktemp("nginx"), "deploy/nginx.conf")


@pytest.fixture(scope="session")
def caddy_host(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    """The built site served by Debian's Caddy with ``deploy/Caddyfile`` (HTTPS)."""
    yield from _hosted(start_caddy, built_site, tmp_path_factory.mktemp("caddy"), "deploy/Caddyfile")
