"""How a page starts Python: once per visit (instant navigation keeps it), with the page on
a warm visit and after the first paint on a first one, the form usable meanwhile, a
runtime that cannot load said so, with Data Saver only when the player asks, and no page's
words moved by what its scripts draw once it has painted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support.browser import ANSWER_TIMEOUT, TIMEOUT, fill, ready, section_cpython, wait_answer, wait_for
from support.visitors import Phones

from build_scripts.steps.module_graph import module_graph
from harness.layout_shift import LAYOUT_SHIFTS
from harness.project import PAGE_KINDS, ROOT, first_day
from site_server import SiteServer

#: The table's entry scripts, which table/start.mjs imports only where a page uses them.
TABLE_SCRIPTS = ["assets/js/table/page.mjs", "assets/js/table/calculators.mjs"]


@pytest.mark.first_visit("counts the runtime's downloads: a returning phone has it already")
def test_instant_navigation_keeps_one_python_start(
    first_visit_page: Page, site_url: str, site_server: SiteServer
) -> None:
    wasm_path = next((p for p in site_server.downloads if p.endswith(".wasm")), None)
    before = sum(n for p, n in site_server.downloads.items() if p.endswith(".wasm"))
    first_visit_page.goto(site_url + "buildings/")
    wait_for(first_visit_page, "calc-building-damage", section_cpython("calc-building-damage", {}))
    first_visit_page.evaluate("window.__sameDocument = true")
    first_visit_page.locator(".md-header__button[for='__drawer']").tap()
    first_visit_page.locator(".md-nav--primary").get_by_role("link", name="Ruins", exact=True).tap()
    first_visit_page.wait_for_url(re.compile(r"/ruins/$"))
    wait_for(first_visit_page, "calc-ruin-movement", section_cpython("calc-ruin-movement", {}))
    first_visit_page.go_back()
    first_visit_page.wait_for_url(re.compile(r"/buildings/$"))
    fill(first_visit_page, "calc-building-damage", {"strength": "9"})
    wait_for(first_visit_page, "calc-building-damage", section_cpython("calc-building-damage", {"strength": "9"}))
    assert first_visit_page.evaluate("window.__sameDocument") is True, "a full page load happened"
    assert first_visit_page.evaluate("window.scrollhammerCalculators.starts") == 1
    after = sum(n for p, n in site_server.downloads.items() if p.endswith(".wasm"))
    assert after - before == 1, (wasm_path, before, after)  # downloaded once, for one start


def test_instant_navigation_keeps_the_page_alive(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url)
    returning_page.evaluate("window.__marker = 42")
    returning_page.locator("article").get_by_role("link", name="Terrain", exact=True).click()
    returning_page.wait_for_url(re.compile(r"/terrain/$"))
    expect(returning_page.locator("h1")).to_have_text(re.compile("Types of Terrain"))
    assert returning_page.evaluate("window.__marker") == 42, "a full page load happened instead of instant navigation"


@pytest.mark.first_visit("the runtime still coming from a slow server: a returning phone has it")
def test_form_is_usable_while_python_loads(first_visit_context: BrowserContext, slow_site_url: str) -> None:
    """The form's own answer, from the build, says nothing of Python starting; an edit before
    it has started shows the answer as no longer the form's and says Python is starting."""
    page = first_visit_context.new_page()
    page.goto(slow_site_url + "buildings/")
    section = page.locator("#calc-building-damage")
    status = section.locator(".sh-calc__status")
    expect(section.locator(".sh-calc__headline")).to_contain_text("Damages the building: 33.3%")
    page.wait_for_function("() => window.scrollhammerCalculators?.state === 'loading'")
    expect(status).to_be_hidden()
    expect(section).not_to_have_class(re.compile("sh-calc--stale"))
    page.locator("#calc-building-damage-strength").fill("8")
    expect(page.locator("#calc-building-damage-strength")).to_have_value("8")
    expect(status).to_contain_text("Starting the calculator")
    expect(status.locator("progress")).to_be_visible()
    expect(section).to_have_class(re.compile("sh-calc--stale"))
    expect(page.locator("#total-collapse")).to_contain_text("Total Collapse")
    wait_for(page, "calc-building-damage", section_cpython("calc-building-damage", {"strength": "8"}))
    expect(status.locator("progress")).to_have_count(0)
    expect(section).not_to_have_class(re.compile("sh-calc--stale"))
    expect(section.locator(".sh-calc__headline")).to_contain_text("Damages the building: 66.7%")


@pytest.mark.first_visit("a runtime that cannot be fetched: a returning phone has it")
def test_a_runtime_that_cannot_load_says_so(first_visit_context: BrowserContext, site_url: str) -> None:
    first_visit_context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = first_visit_context.new_page()
    page.goto(site_url + "buildings/")
    status = page.locator("#calc-building-damage .sh-calc__status")
    expect(status).to_contain_text("could not start", timeout=ANSWER_TIMEOUT)
    expect(status).to_contain_text("The rules on this page are not affected")
    expect(page.locator("#total-collapse")).to_contain_text("The occupying units suffer 2d6 S6 AP0")


@pytest.mark.first_visit("when a first visit starts Python, against a returning one")
def test_a_warm_visit_starts_python_with_the_page_and_a_first_visit_after_it_paints(
    returning_context: BrowserContext, first_visit_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "snapshot"
    started, parsed = page.evaluate(
        """() => [window.scrollhammerCalculators.startedAt,
                  performance.getEntriesByType('navigation')[0].domContentLoadedEventStart]"""
    )
    assert 0 <= started < parsed, "on a warm visit Python starts before the page is parsed"

    cold = first_visit_context.new_page()
    ready(cold, site_url + "buildings/")
    started, painted = cold.evaluate(
        """() => [window.scrollhammerCalculators.startedAt,
                  performance.getEntriesByName('first-contentful-paint')[0].startTime]"""
    )
    assert started > painted, "on a first visit the rule text paints before Python's downloads start"


#: Data Saver off for the head's script (early-worker.js starts the worker) and on after it,
#: and this build's runtime reported missing from the device: so the page's modules leave
#: the start to the player, and the head's worker is ready long before the engine takes it.
ENGINE_WAITS_FOR_THE_PLAYER = """
Object.defineProperty(NetworkInformation.prototype, 'saveData', {
  get: () => 'scrollhammerEarlyWorker' in window || window.__taken === true, configurable: true });
const match = CacheStorage.prototype.match;
CacheStorage.prototype.match = function (request, options) {
  return String(request.url || request).includes('/assets/py/calculators-') ? Promise.resolve(undefined)
    : match.call(this, request, options);
};
"""


def test_a_warm_visit_starts_python_from_the_head_and_the_engine_keeps_what_it_said_meanwhile(
    returning_context: BrowserContext, site_url: str
) -> None:
    returning_context.add_init_script(ENGINE_WAITS_FOR_THE_PLAYER)
    page = returning_context.new_page()
    page.goto(site_url + "buildings/")
    page.wait_for_function(
        "() => window.scrollhammerEarlyWorker?.replies.some((reply) => reply.type === 'ready')", timeout=ANSWER_TIMEOUT
    )
    page.evaluate("window.__taken = true")  # saveData stays on once the engine has taken the worker
    section = page.locator("#calc-building-damage")
    expect(section.locator(".sh-calc__status")).to_contain_text("Data Saver is on", timeout=TIMEOUT)
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 0, "the engine started on its own"
    page.locator("#calc-building-damage-strength").tap()
    # The worker's ready came before the engine listened: without it kept, no answer would come.
    wait_for(page, "calc-building-damage", section_cpython("calc-building-damage", {}))
    found = page.evaluate(
        """() => ({starts: window.scrollhammerCalculators.starts, source: window.scrollhammerCalculators.source,
                   startedAt: window.scrollhammerCalculators.startedAt, early: 'scrollhammerEarlyWorker' in window,
                   parsed: performance.getEntriesByType('navigation')[0].domContentLoadedEventStart,
                   workers: performance.getEntriesByType('resource')
                     .filter((r) => r.name.endsWith('/calculators/worker.mjs')).length})"""
    )
    assert found["starts"] == 1
    assert found["source"] == "snapshot", "the worker's ready, sent before the engine listened, was lost"
    assert not found["early"], "the engine took the head's worker over"
    assert 0 <= found["startedAt"] < found["parsed"], "the head's worker started before the page was parsed"
    assert found["workers"] == 1, "one worker for the visit"


def test_every_page_preloads_its_scripts_and_calculator_pages_name_their_runtime(
    returning_page: Page, site_url: str
) -> None:
    returning_page.goto(site_url + "buildings/")
    preloaded = returning_page.eval_on_selector_all("link[rel=modulepreload]", "els => els.map(e => e.href)")
    # The table's scripts load after the page's own (import()): wait for them, bounded, on a busy machine.
    returning_page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(r => r.name.endsWith('/table/calculators.mjs'))",
        timeout=TIMEOUT,
    )
    loaded = returning_page.evaluate(
        "() => performance.getEntriesByType('resource').filter(r => r.name.endsWith('.mjs')).map(r => r.name)"
    )
    # The worker's own modules (worker*.mjs) load in the worker, not with the page.
    page_modules = {url for url in loaded if "/pyodide/" not in url and not url.rsplit("/", 1)[-1].startswith("worker")}
    # The table's scripts are imported (import()) only on the pages that use them, after the page's own.
    static = set(module_graph(ROOT / "docs", ["assets/js/main.mjs"]))
    lazy = {site_url + path for path in module_graph(ROOT / "docs", TABLE_SCRIPTS) if path not in static}
    assert page_modules - {site_url + "assets/js/calculators/early-start.mjs"} - lazy <= set(preloaded)
    assert (
        site_url + "assets/js/table/calculators.mjs" in page_modules
    )  # buildings' calculator takes the table's pieces
    other = returning_page.context.new_page()
    other.goto(site_url + "other-terrain/")  # no calculator: nothing of the table's
    other.wait_for_load_state("load")
    on_other = other.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)")
    assert not lazy & set(on_other), "a page without the table loaded the table's scripts"
    # Unit types' calculators take no piece, but the charge's readings are the table's to choose.
    other.goto(site_url + "unit-types/")
    other.wait_for_function(
        "() => performance.getEntriesByType('resource').some(r => r.name.endsWith('/assets/js/table/calculators.mjs'))"
    )
    runtime = json.loads(returning_page.get_attribute('meta[name="scrollhammer:runtime"]', "content") or "{}")
    manifest = json.loads(
        returning_page.evaluate("async () => JSON.stringify(await (await fetch('../assets/py/manifest.json')).json())")
    )
    assert runtime == {key: manifest[key] for key in ("pyodide", "stdlib", "calculators")}
    returning_page.goto(site_url + "terrain/")
    assert returning_page.locator('meta[name="scrollhammer:runtime"]').count() == 0
    assert returning_page.locator("link[rel=modulepreload]").count() == len(preloaded)


@pytest.mark.first_visit("Data Saver with no runtime on the phone yet: a returning phone has it")
def test_with_data_saver_python_waits_for_the_player(first_visit_context: BrowserContext, site_url: str) -> None:
    first_visit_context.add_init_script(
        "Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true, configurable: true });"
    )
    asked: list[str] = []
    first_visit_context.on("request", lambda request: asked.append(request.url))
    page = first_visit_context.new_page()
    page.goto(site_url + "buildings/")
    section = page.locator("#calc-building-damage")
    expect(section.locator(".sh-calc__status")).to_contain_text("Data Saver is on", timeout=TIMEOUT)
    # The start that must not come: waited for (bounded), not slept through.
    with pytest.raises(PlaywrightTimeoutError):
        page.wait_for_function("() => window.scrollhammerCalculators.starts > 0", timeout=3000)
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 0
    assert not [url for url in asked if "/pyodide/" in url or "/assets/py/" in url]
    expect(section.locator(".sh-calc__headline")).to_contain_text("33.3%")  # the build's answer meanwhile
    page.locator("#calc-building-damage-strength").tap()
    wait_answer(page, "calc-building-damage")
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 1


def test_with_data_saver_a_runtime_already_on_the_device_starts_with_the_page(
    returning_context: BrowserContext, site_url: str
) -> None:
    # Starting downloads nothing here (the service worker has this build's runtime): no note, no waiting.
    returning_context.add_init_script(
        "Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true, configurable: true });"
    )
    page = returning_context.new_page()
    page.goto(site_url + "buildings/")
    section = page.locator("#calc-building-damage")
    wait_answer(page, "calc-building-damage")  # Python's, nobody having touched it
    assert page.evaluate("() => window.scrollhammerCalculators.starts") == 1
    assert page.evaluate("() => window.scrollhammerCalculators.source") == "snapshot"
    expect(section).not_to_contain_text("Data Saver")


@pytest.mark.first_visit("the page's scripts held back by the server: nothing kept on the phone")
@pytest.mark.parametrize("url", PAGE_KINDS)
def test_a_page_keeps_its_words_in_place_while_its_scripts_draw(
    first_visit_phone: Phones, late_scripts_url: str, url: str
) -> None:
    context = first_visit_phone(service_workers="block")
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    page.goto(late_scripts_url + url)
    # What the scripts draw on load: the table, each calculator's first answer.
    if url == "table/":
        expect(page.locator(".sh-table__title")).to_be_visible(timeout=TIMEOUT)
    elif page.locator("section.sh-calc").count():
        page.wait_for_function("() => window.__answered", timeout=ANSWER_TIMEOUT)
    page.wait_for_load_state("networkidle")
    shifts = page.evaluate("window.__shifts")
    # Lighthouse counts below 0.1 as good; the Calculators page's storage line, filled in
    # once the browser says how much is kept, moves the words under it by about 0.008.
    assert sum(s["value"] for s in shifts) < 0.01, shifts


@pytest.mark.first_visit("the page's scripts held back by the server: nothing kept on the phone")
@pytest.mark.parametrize("url", ["buildings/", "terrain/"])
def test_a_page_as_of_a_date_moves_nothing_painted(
    first_visit_phone: Phones, late_scripts_url: str, built_site: Path, url: str
) -> None:
    """The banner, the calculators' notes and the words of then are in before the rules are painted."""
    context = first_visit_phone(service_workers="block")
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    page.goto(f"{late_scripts_url}{url}?as-of={first_day(built_site, url)}")
    expect(page.locator("aside.sh-asof")).to_contain_text("The rules as of", timeout=TIMEOUT)
    expect(page.locator("article h1")).to_be_visible()
    if page.locator("section.sh-calc").count():
        page.wait_for_function("() => window.__answered", timeout=ANSWER_TIMEOUT)
    page.wait_for_load_state("networkidle")
    shifts = page.evaluate("window.__shifts")
    # Shown once: the modules, arriving after the classic script has shown the words of then, add nothing.
    banners, notes, calculators = page.evaluate(
        """() => [document.querySelectorAll("aside.sh-asof").length,
                  document.querySelectorAll(".sh-asof-calc").length,
                  document.querySelectorAll("section.sh-calc").length]"""
    )
    assert shifts == [], shifts
    assert (banners, notes) == (1, calculators)


@pytest.mark.first_visit("the page's scripts refused: nothing kept on the phone")
def test_a_page_opened_as_of_a_date_shows_its_words_of_then_before_any_module_or_the_theme(
    first_visit_phone: Phones, site_url: str, built_site: Path
) -> None:
    """The words of then come from a classic script right after the article (as-of/first.js),
    not from the page's modules, which wait for the whole document and the theme's bundle."""
    context = first_visit_phone(service_workers="block")
    context.route(re.compile(r"(\.mjs|/javascripts/bundle\.[0-9a-f]+\.min\.js)$"), lambda route: route.abort())
    page = context.new_page()
    day = first_day(built_site, "buildings/")
    page.goto(f"{site_url}buildings/?as-of={day}")
    banner = page.locator("aside.sh-asof")
    expect(banner).to_contain_text(f"The rules as of {day}", timeout=TIMEOUT)
    expect(banner).to_contain_text("The calculators follow today's rules.")
    expect(page.locator("article h1")).to_be_visible()  # let be painted, well before the stylesheet's 10 s
    assert page.evaluate("() => document.documentElement.classList.contains('sh-asof-wait')") is False
    assert page.locator(".sh-asof-calc").count() == page.locator("section.sh-calc").count() > 0
    assert page.evaluate("() => typeof document$") == "undefined", "the theme's bundle ran"


@pytest.mark.parametrize("query", ["?as-of=", "?as-of=%20", "?as-of"])
def test_an_empty_as_of_holds_nothing_back(returning_phone: Phones, site_url: str, query: str) -> None:
    """``?as-of=`` with no value is no date: the page is today's, and its rules are painted as
    they are parsed (the early script read the address another way than the rest, and held them
    back until the page had loaded)."""
    context = returning_phone()
    context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " window.__held = document.documentElement.classList.contains('sh-asof-wait'); });"
    )
    page = context.new_page()
    page.goto(f"{site_url}buildings/{query}", wait_until="domcontentloaded")
    page.wait_for_function("() => window.__held !== undefined")
    assert page.evaluate("() => window.__held") is False
    expect(page.locator("aside.sh-asof")).to_have_count(0)
