"""Instant answers at the table: Python boots from a memory snapshot on every visit after
the first, never answers differently for it, and falls back when the snapshot is missing,
truncated, damaged or from another build; Chrome keeps the compiled WebAssembly; a warm
visit starts Python with the page; Data Saver waits for the player."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from calc_cases import CALCULATOR_OF, CASES
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from support import CHROMIUM, CHROMIUM_ARGS, PHONE, traced

from calculators.format import to_jsonable
from calculators.registry import all_calculators

TIMEOUT = 90_000
SNAPSHOTS = "scrollhammer.python-snapshots"
CALCULATORS = all_calculators()


def ready(page: Page, url: str) -> dict[str, Any]:
    """Open ``url`` and wait for Python; how it started."""
    page.goto(url)
    page.wait_for_function("() => ['ready', 'failed'].includes(window.scrollhammerCalculators.state)", timeout=TIMEOUT)
    return dict(
        page.evaluate(
            """() => ({state: window.scrollhammerCalculators.state, source: window.scrollhammerCalculators.source,
                       fallback: window.scrollhammerCalculators.fallback})"""
        )
    )


def snapshot_kept(page: Page) -> dict[str, Any]:
    """Wait for the page to have asked for a snapshot after its first answer; the worker's reply."""
    page.wait_for_function("() => window.scrollhammerCalculators.snapshot !== null", timeout=TIMEOUT)
    return dict(page.evaluate("() => window.scrollhammerCalculators.snapshot"))


def answers(page: Page) -> list[Any]:
    """Every case of calc_cases, answered by the page's Python (the worker's JSON)."""
    cases = [[CALCULATOR_OF[section], inputs] for section, inputs in CASES]
    return list(
        page.evaluate(
            """async (cases) => {
                const link = document.querySelector('link[rel=modulepreload][href$="calculators/engine.mjs"]');
                    const engine = await import(link.href);
                const out = [];
                for (const [name, inputs] of cases) out.push(await engine.calculate(name, inputs));
                return out;
            }""",
            cases,
        )
    )


def stored_keys(page: Page) -> list[str]:
    return list(page.evaluate(f"async () => (await (await caches.open('{SNAPSHOTS}')).keys()).map(r => r.url)"))


@pytest.fixture
def warm(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """A phone that has visited once: Python booted from the files and kept a snapshot, and
    the service worker took over (the site is on the device)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "files"
    assert snapshot_kept(page)["stored"] is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.close()
    yield context
    context.close()


def test_a_snapshot_boot_answers_every_case_exactly_as_a_files_boot(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    first = context.new_page()
    assert ready(first, site_url + "buildings/") == {"state": "ready", "source": "files", "fallback": ""}
    from_files = answers(first)
    kept = snapshot_kept(first)
    assert kept["stored"] is True
    assert kept["bytes"] > 1_000_000
    second = context.new_page()
    assert ready(second, site_url + "ruins/") == {"state": "ready", "source": "snapshot", "fallback": ""}
    from_snapshot = answers(second)
    context.close()
    assert from_snapshot == from_files
    # ...and both are CPython's answer.
    for (section, inputs), answer in zip(CASES, from_snapshot, strict=True):
        calc = CALCULATORS[CALCULATOR_OF[section]]
        assert answer["result"] == json.loads(json.dumps(to_jsonable(calc.calculate(**inputs)))), (section, inputs)


def test_a_missing_snapshot_boots_from_the_files_and_is_made_again(warm: BrowserContext, site_url: str) -> None:
    page = warm.new_page()
    page.goto(site_url + "calculators/")
    page.evaluate(f"() => caches.delete('{SNAPSHOTS}')")
    page = warm.new_page()
    assert ready(page, site_url + "buildings/") == {"state": "ready", "source": "files", "fallback": ""}
    assert snapshot_kept(page)["stored"] is True
    assert len(stored_keys(page)) == 1


# How a stored snapshot goes bad: its body cut short, a byte flipped, a size or format
# that is not what the worker reads. Each must fall back to the files, say why, and be
# replaced by a good one.
DAMAGE = {
    "truncated": ("body.slice(0, body.length - 5000)", "{}", "truncated"),
    "damaged": ("(() => { const b = body.slice(); b[b.length >> 1] ^= 0x40; return b; })()", "{}", "damaged"),
    "wrong size": ("body", "{'x-raw-bytes': String(Number(headers['x-raw-bytes']) + 4096)}", "damaged"),
    "other format": ("body", "{'x-format': 'gzip-1'}", "another format"),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_bad_snapshot_falls_back_to_the_files_and_is_replaced(warm: BrowserContext, site_url: str, how: str) -> None:
    body, changed, reason = DAMAGE[how]
    page = warm.new_page()
    page.goto(site_url + "calculators/")
    page.evaluate(
        f"""async () => {{
            const cache = await caches.open('{SNAPSHOTS}');
            const [key] = await cache.keys();
            const hit = await cache.match(key);
            const body = new Uint8Array(await hit.arrayBuffer());
            const headers = Object.fromEntries(hit.headers.entries());
            await cache.put(key, new Response({body}, {{headers: {{...headers, ...{changed}}}}}));
        }}"""
    )
    page = warm.new_page()
    started = ready(page, site_url + "buildings/")
    assert started["state"] == "ready"
    assert started["source"] == "files"
    assert reason in started["fallback"]
    assert started["fallback"]  # it says why
    # The answer is a normal boot's answer, and a good snapshot takes the bad one's place.
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    assert snapshot_kept(page)["stored"] is True
    again = warm.new_page()
    assert ready(again, site_url + "ruins/") == {"state": "ready", "source": "snapshot", "fallback": ""}


def test_a_snapshot_of_another_build_is_deleted_not_used(warm: BrowserContext, site_url: str) -> None:
    page = warm.new_page()
    page.goto(site_url + "calculators/")
    stale = page.evaluate(
        f"""async () => {{
            const cache = await caches.open('{SNAPSHOTS}');
            const [key] = await cache.keys();
            const hit = await cache.match(key);
            const old = key.url.replace(/-[0-9a-f]+-calculators-[0-9a-f]+$/, '-000000000000-calculators-000000000000');
            await cache.put(old, hit);
            await cache.delete(key);
            return old;
        }}"""
    )
    page = warm.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "files"
    assert stale not in stored_keys(page)
    snapshot_kept(page)
    keys = stored_keys(page)
    assert len(keys) == 1
    assert stale not in keys


def test_a_warm_visit_starts_python_with_the_page_and_a_first_visit_after_it_paints(
    warm: BrowserContext, browser: Browser, site_url: str
) -> None:
    page = warm.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "snapshot"
    started, parsed = page.evaluate(
        """() => [window.scrollhammerCalculators.startedAt,
                  performance.getEntriesByType('navigation')[0].domContentLoadedEventStart]"""
    )
    assert 0 <= started < parsed, "on a warm visit Python starts before the page is parsed"

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    cold = context.new_page()
    ready(cold, site_url + "buildings/")
    started, painted = cold.evaluate(
        """() => [window.scrollhammerCalculators.startedAt,
                  performance.getEntriesByName('first-contentful-paint')[0].startTime]"""
    )
    context.close()
    assert started > painted, "on a first visit the rule text paints before Python's downloads start"


def test_every_page_preloads_its_scripts_and_calculator_pages_name_their_runtime(page: Page, site_url: str) -> None:
    page.goto(site_url + "buildings/")
    preloaded = page.eval_on_selector_all("link[rel=modulepreload]", "els => els.map(e => e.href)")
    loaded = page.evaluate(
        "() => performance.getEntriesByType('resource').filter(r => r.name.endsWith('.mjs')).map(r => r.name)"
    )
    page_modules = {url for url in loaded if "/pyodide/" not in url and not url.endswith("worker.mjs")}
    assert page_modules - {site_url + "assets/js/calculators/early-start.mjs"} <= set(preloaded)
    runtime = json.loads(page.get_attribute('meta[name="scrollhammer:runtime"]', "content") or "{}")
    manifest = json.loads(
        page.evaluate("async () => JSON.stringify(await (await fetch('../assets/py/manifest.json')).json())")
    )
    assert runtime == {key: manifest[key] for key in ("pyodide", "stdlib", "calculators")}
    page.goto(site_url + "terrain/")
    assert page.locator('meta[name="scrollhammer:runtime"]').count() == 0
    assert page.locator("link[rel=modulepreload]").count() == len(preloaded)


def test_with_data_saver_python_waits_for_the_player(context: BrowserContext, site_url: str) -> None:
    context.add_init_script(
        "Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true, configurable: true });"
    )
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto(site_url + "buildings/")
    section = page.locator("#calc-building-damage")
    expect(section.locator(".sh-calc__status")).to_contain_text("Data Saver is on", timeout=TIMEOUT)
    page.wait_for_timeout(1500)
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 0
    assert not [url for url in asked if "/pyodide/" in url or "/assets/py/" in url]
    page.locator("#calc-building-damage-strength").tap()
    expect(section.locator(".sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 1


def test_the_calculators_page_says_how_much_the_site_keeps(warm: BrowserContext, site_url: str) -> None:
    page = warm.new_page()
    page.goto(site_url + "calculators/")
    report = page.locator("#storage-report")
    expect(report).to_contain_text("This site keeps", timeout=TIMEOUT)
    expect(report).to_contain_text("for a ready-started Python")


@pytest.fixture
def profile() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def launch(playwright: Playwright, profile: Path) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE, is_mobile=True, has_touch=True
    )


def visit_once(playwright: Playwright, profile: Path, url: str) -> None:
    """A first visit, read long enough for the service worker, the snapshot and Chrome's code cache."""
    context = launch(playwright, profile)
    page = context.new_page()
    ready(page, url)
    snapshot_kept(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.wait_for_timeout(3000)  # Chrome caches compiled WebAssembly 2 s after its last tier-up
    context.close()


def test_next_day_offline_python_starts_from_the_snapshot_on_chromes_compiled_code(
    playwright: Playwright, profile: Path, site_url: str
) -> None:
    visit_once(playwright, profile, site_url + "buildings/")
    context = launch(playwright, profile)
    context.set_offline(True)
    page = context.new_page()
    started: dict[str, Any] = {}
    events = traced(
        page, lambda: started.update(ready(page, site_url + "buildings/")), ("disabled-by-default-devtools.timeline",)
    )
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    context.close()
    assert started == {"state": "ready", "source": "snapshot", "fallback": ""}
    hits = [e for e in events if e.get("name") == "v8.wasm.moduleCacheHit"]
    assert hits, "Chrome compiled the WebAssembly again instead of reusing its code cache"
    assert hits[0]["args"]["url"].endswith("pyodide.asm.wasm")


def test_offline_without_the_http_cache_python_still_starts(
    playwright: Playwright, profile: Path, site_url: str
) -> None:
    visit_once(playwright, profile, site_url + "buildings/")
    context = launch(playwright, profile)
    page = context.new_page()
    page.goto(site_url + "calculators/")
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    page = context.new_page()
    started = ready(page, site_url + "buildings/")
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    context.close()
    assert started["state"] == "ready"
