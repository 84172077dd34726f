"""Offline after one visit (Python from the snapshot, on Chrome's compiled WebAssembly and
JavaScript, even without the HTTP cache), and a new build replacing the old one, in real Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect
from support import build_site, copy_project
from support.browser import ANSWER_TIMEOUT, CALCULATORS, TIMEOUT, ready, snapshot_kept
from support.visitors import Phones, launch

from build_scripts.core.model import page_url
from calculators.format import to_jsonable
from harness.chromium import traced
from harness.network import free_port
from harness.project import PROJECT, ROOT
from site_server import serving


def controlled(page: Page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)


def answer(page: Page, section: str) -> dict[str, object]:
    page.wait_for_selector(f"#{section} .sh-calc__result[data-result]", timeout=ANSWER_TIMEOUT)
    return json.loads(page.locator(f"#{section} .sh-calc__result").get_attribute("data-result") or "{}")


def go_offline(context: BrowserContext) -> list[str]:
    """Cut the network: every request that leaves the browser, service worker's included, fails."""
    attempts: list[str] = []

    def refuse(route) -> None:
        attempts.append(route.request.url)
        route.abort()

    context.route("**/*", refuse)
    context.set_offline(True)
    return attempts


@pytest.fixture
def two_builds(tmp_path: Path, site_port: int) -> tuple[Path, Path, int]:
    """Build N from the project, and build N+1 from a copy whose home page changed."""
    port = free_port()
    assert port != site_port
    project = copy_project(tmp_path / "next")
    home = project / "docs" / "index.md"
    home.write_text(home.read_text("utf-8") + "\nThis is the next build.\n", "utf-8")
    first, second = tmp_path / "site-n", tmp_path / "site-n1"
    build_site(ROOT, first, port=port)
    build_site(project, second, port=port)
    return first, second, port


SITE_CACHES = "async () => (await caches.keys()).filter((k) => k.startsWith('scrollhammer-'))"


def build_caches(build: str) -> list[str]:
    """A build's caches (the core's, and the pages read beyond it), without the book's (not kept here)."""
    return [f"scrollhammer-{build}", f"scrollhammer-visited-{build}"]


def build_of(site: Path) -> str:
    found = re.search(r'const BUILD = "([0-9a-f]{12})"', (site / "sw.js").read_text("utf-8"))
    assert found is not None
    return found.group(1)


def test_deep_link_and_calculator_url_work_offline_after_one_visit(returning_phone: Phones, hosted_url: str) -> None:
    offline_after_one_visit(returning_phone(hosted_url), hosted_url)


def test_the_zensical_site_works_offline_after_one_visit(returning_phone: Phones, zensical_url: str) -> None:
    offline_after_one_visit(returning_phone(zensical_url), zensical_url)


def offline_after_one_visit(context: BrowserContext, hosted_url: str) -> None:
    """After one visit to a calculator's page (``context``), offline, a deep link lands and a
    calculation's link answers."""
    go_offline(context)

    offline = context.new_page()
    offline.goto(hosted_url + "unit-types/#artillery-shooting-at-artillery-unit-roll-d6-each-hit")
    rule = offline.locator("#artillery-shooting-at-artillery-unit-roll-d6-each-hit")
    expect(rule).to_have_class(re.compile(r"\brule--target\b"))
    expect(rule).to_be_in_viewport()

    offline.goto(
        hosted_url
        + "ruins/?calc=ruin-movement&unit_type=beasts&level_height=2#infantry-distance-between-levels-greater-than"
    )
    expected = json.loads(
        json.dumps(to_jsonable(CALCULATORS["ruin-movement"].compute(unit_type="beasts", level_height="2")))
    )
    assert answer(offline, "calc-ruin-movement") == expected


def test_next_day_offline_python_starts_from_the_snapshot_on_chromes_compiled_code(
    returning_phone: Phones, hosted_url: str
) -> None:
    context = returning_phone(hosted_url, restarted=True)
    context.set_offline(True)
    page = context.new_page()
    started: dict[str, Any] = {}
    events = traced(
        page, lambda: started.update(ready(page, hosted_url + "buildings/")), ("disabled-by-default-devtools.timeline",)
    )
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    assert started == {"state": "ready", "source": "snapshot", "fallback": ""}
    hits = [e for e in events if e.get("name") == "v8.wasm.moduleCacheHit"]
    assert hits, "Chrome compiled the WebAssembly again instead of reusing its code cache"
    assert hits[0]["args"]["url"].endswith("pyodide.asm.wasm")


def asm_compiles(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trace's compiles of Pyodide's JavaScript module (``pyodide.asm.mjs``).

    A compile may come as a begin and an end event: only the one that carries its data names the module.
    """
    found = [e.get("args", {}).get("data") or {} for e in events if e.get("name") == "v8.compileModule"]
    return [data for data in found if str(data.get("url", "")).endswith("pyodide.asm.mjs")]


@pytest.mark.first_visit("what the first visit keeps of Pyodide's compiled JavaScript")
def test_the_first_warm_start_reuses_pyodides_compiled_javascript(
    playwright: Playwright, first_visit_profile: Path, site_url: str
) -> None:
    """The first visit has Chromium keep the compiled code of Pyodide's 1.2 MB module
    (code-cache.mjs imports it once more through the service worker), so the very next
    start, a second page of the same session, reuses it instead of compiling it again."""
    context = launch(playwright, first_visit_profile)
    page = context.new_page()
    ready(page, site_url + "buildings/")
    snapshot_kept(page)
    page.wait_for_function("() => window.scrollhammerCalculators.codeCache === 'warmed'", timeout=TIMEOUT)
    context.set_offline(True)
    second = context.new_page()
    events = traced(second, lambda: ready(second, site_url + "ruins/"), ("disabled-by-default-devtools.timeline",))
    context.close()
    [compile_] = asm_compiles(events)
    assert compile_.get("consumedCacheSize", 0) > 10_000, f"pyodide.asm.mjs was compiled again: {compile_}"
    assert not compile_.get("cacheRejected"), compile_


def test_offline_without_the_http_cache_python_still_starts(returning_phone: Phones, site_url: str) -> None:
    context = returning_phone(restarted=True)
    page = context.new_page()
    page.goto(site_url + "calculators/")
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    page = context.new_page()
    started = ready(page, site_url + "buildings/")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    assert started["state"] == "ready"


@pytest.mark.first_visit("a first visit to one build, then the next build deployed at the same address")
def test_a_new_build_is_offered_and_replaces_the_old_cache(
    first_visit_context: BrowserContext, two_builds: tuple[Path, Path, int]
) -> None:
    first, second, port = two_builds
    build_n, build_n1 = build_of(first), build_of(second)
    assert build_n != build_n1
    with serving(first, port=port) as server:
        page = first_visit_context.new_page()
        url = f"http://127.0.0.1:{port}/"
        page.goto(url + "buildings/")
        answer(page, "calc-building-damage")
        controlled(page)
        expect(page.locator(".md-copyright")).to_contain_text(f"version {build_n}")
        caches = page.evaluate(SITE_CACHES)
        assert f"scrollhammer-{build_n}" in caches
        assert set(caches) <= set(build_caches(build_n)), caches

        server.root = second.resolve()  # deploy build N+1
        page.goto(url + "ruins/")
        offer = page.locator(".sh-update")
        expect(offer).to_be_visible(timeout=ANSWER_TIMEOUT)
        expect(offer).to_contain_text("A new version of the rules is ready")
        offer.get_by_role("button", name="Reload").tap()
        page.wait_for_function(
            f"() => document.querySelector('.md-copyright')?.textContent.includes('version {build_n1}')",
            timeout=ANSWER_TIMEOUT,
        )
        page.wait_for_function(
            f"async () => ({SITE_CACHES})().then((keys) => keys.includes('scrollhammer-{build_n1}') && "
            f"!keys.some((k) => k.endsWith('{build_n}')))",
            timeout=ANSWER_TIMEOUT,
        )
        caches = page.evaluate(SITE_CACHES)
        assert f"scrollhammer-{build_n1}" in caches
        assert set(caches) <= set(build_caches(build_n1)), caches


#: Every page at the navigation's top: the core rulebook and the site's own pages, kept at the first visit.
CORE_PAGES = [page_url(p.name) for p in PROJECT.options.pages if not p.group]


def test_offline_every_core_page_opens_with_no_error_and_every_file_is_answered(
    returning_context: BrowserContext, site_url: str
) -> None:
    """The theme's sitemap (instant navigation reads it) is kept, and a file the site lacks is
    answered 504, not with a rejected promise, which Chromium logs as the page's error."""
    go_offline(returning_context)
    page = returning_context.new_page()
    errors: list[str] = []
    # Chromium logs the 504 the test asks for itself; any other error is the page's.
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "not-on-this-phone" not in m.location.get("url", "")
            else None
        ),
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    for path in CORE_PAGES:
        with page.expect_response(re.compile(r"/sitemap\.xml$"), timeout=TIMEOUT) as sitemap:
            page.goto(site_url + path)
        assert sitemap.value.status == 200, path
        statuses = page.evaluate(
            """() => Promise.all(['/sitemap.xml', '/assets/not-on-this-phone.js'].map((url) =>
                fetch(url).then((r) => r.status, (error) => `rejected: ${error}`)))"""
        )
        assert statuses == [200, 504], path
    assert errors == []
