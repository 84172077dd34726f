"""Python from a memory snapshot on every visit after the first: it never answers
differently for it, and falls back to the files when the snapshot is missing, truncated,
damaged or from another build; the Calculators page says how much the site keeps."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.browser import CALCULATORS, SNAPSHOTS, TIMEOUT, page_answers, ready, snapshot_kept, stored_keys
from support.calc_cases import CALCULATOR_OF, CASES

from calculators.format import to_jsonable

DAMAGE = {
    "truncated": ("body.slice(0, body.length - 5000)", "{}", "truncated"),
    "damaged": ("(() => { const b = body.slice(); b[b.length >> 1] ^= 0x40; return b; })()", "{}", "damaged"),
    "wrong size": ("body", "{'x-raw-bytes': String(Number(headers['x-raw-bytes']) + 4096)}", "damaged"),
    "other format": ("body", "{'x-format': 'gzip-1'}", "another format"),
}


@pytest.mark.first_visit("the start from the files, to compare with the snapshot it keeps")
def test_a_snapshot_boot_answers_every_case_exactly_as_a_files_boot(
    first_visit_context: BrowserContext, hosted_url: str
) -> None:
    context = first_visit_context
    first = context.new_page()
    assert ready(first, hosted_url + "buildings/") == {"state": "ready", "source": "files", "fallback": ""}
    from_files = page_answers(first)
    kept = snapshot_kept(first)
    assert kept["stored"] is True
    assert kept["bytes"] > 1_000_000
    second = context.new_page()
    assert ready(second, hosted_url + "ruins/") == {"state": "ready", "source": "snapshot", "fallback": ""}
    from_snapshot = page_answers(second)
    assert from_snapshot == from_files
    # ...and both are CPython's answer.
    for (section, inputs), answer in zip(CASES, from_snapshot, strict=True):
        calc = CALCULATORS[CALCULATOR_OF[section]]
        assert answer["result"] == json.loads(json.dumps(to_jsonable(calc.compute(**inputs)))), (section, inputs)


def test_a_missing_snapshot_boots_from_the_files_and_is_made_again(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = returning_context.new_page()
    page.goto(site_url + "calculators/")
    page.evaluate(f"() => caches.delete('{SNAPSHOTS}')")
    page = returning_context.new_page()
    assert ready(page, site_url + "buildings/") == {"state": "ready", "source": "files", "fallback": ""}
    assert snapshot_kept(page)["stored"] is True
    assert len(stored_keys(page)) == 1


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_bad_snapshot_falls_back_to_the_files_and_is_replaced(
    returning_context: BrowserContext, site_url: str, how: str
) -> None:
    body, changed, reason = DAMAGE[how]
    page = returning_context.new_page()
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
    page = returning_context.new_page()
    started = ready(page, site_url + "buildings/")
    assert started["state"] == "ready"
    assert started["source"] == "files"
    assert reason in started["fallback"]
    assert started["fallback"]  # it says why
    # The answer is a normal boot's answer, and a good snapshot takes the bad one's place.
    expect(page.locator("#calc-building-damage .sh-calc__headline")).not_to_be_empty(timeout=TIMEOUT)
    assert snapshot_kept(page)["stored"] is True
    again = returning_context.new_page()
    assert ready(again, site_url + "ruins/") == {"state": "ready", "source": "snapshot", "fallback": ""}


def test_a_snapshot_of_another_build_is_deleted_not_used(returning_context: BrowserContext, site_url: str) -> None:
    page = returning_context.new_page()
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
    page = returning_context.new_page()
    assert ready(page, site_url + "buildings/")["source"] == "files"
    assert stale not in stored_keys(page)
    snapshot_kept(page)
    keys = stored_keys(page)
    assert len(keys) == 1
    assert stale not in keys


def test_the_calculators_page_says_how_much_the_site_keeps(returning_context: BrowserContext, site_url: str) -> None:
    page = returning_context.new_page()
    page.goto(site_url + "calculators/")
    report = page.locator("#storage-report")
    expect(report).to_contain_text("The rules and their calculators take", timeout=TIMEOUT)
    expect(report).to_contain_text("of it lets the calculators answer sooner")


#: The moment the page's first answer is shown (its own clock).
ANSWERED_AT = """() => new Promise((done) => {
  const shown = document.querySelector('.sh-calc__result[data-result]');
  if (shown) done(performance.now());
  else document.addEventListener('sh-calc:answered', () => done(performance.now()), { once: true, capture: true });
})"""
#: The page's main thread kept busy for a second (a phone's page still laying out, a player scrolling).
BUSY_SECOND = "() => { const end = performance.now() + 1000; while (performance.now() < end); }"


@pytest.mark.first_visit("the snapshot is made at the first answer of a start from the files")
def test_a_page_opened_a_second_after_the_first_answer_starts_from_the_snapshot(
    first_visit_page: Page, hosted_url: str
) -> None:
    """The snapshot is asked for at the first answer, not when the page is next idle: a page
    busy for the second after its answer, then left, has kept it."""
    page = first_visit_page
    assert ready(page, hosted_url + "buildings/")["source"] == "files"
    page.evaluate(ANSWERED_AT)
    page.evaluate(BUSY_SECOND)
    # The same tab goes on to another page at once: the first page's worker is gone with it.
    assert ready(page, hosted_url + "ruins/") == {"state": "ready", "source": "snapshot", "fallback": ""}


#: Another page of the site holding the snapshot-making lock, as a worker making one holds it.
HOLD_LOCK = """() => new Promise((held) => navigator.locks.request('scrollhammer.python-snapshot',
  () => { held(); return new Promise((release) => { window.__release = release; }); }))"""
#: True once a request for the lock waits (a starting worker's, shared).
WAITING = """async () => ((await navigator.locks.query()).pending || [])
  .some((lock) => lock.name === 'scrollhammer.python-snapshot' && lock.mode === 'shared')"""


def test_a_page_that_starts_while_another_makes_the_snapshot_waits_for_it(
    returning_context: BrowserContext, site_url: str
) -> None:
    """A worker that finds no snapshot, while another page's worker is making one (its Web Lock
    held), waits for it rather than start from the files."""
    maker = returning_context.new_page()
    maker.goto(site_url + "calculators/")
    # The snapshot the first visit kept is taken away while the lock is held: "being made".
    maker.evaluate(
        f"""async () => {{
            const cache = await caches.open('{SNAPSHOTS}');
            const [key] = await cache.keys();
            window.__kept = [key.url, await cache.match(key)];
            await cache.delete(key);
        }}"""
    )
    maker.evaluate(HOLD_LOCK)
    starting = returning_context.new_page()
    starting.goto(site_url + "ruins/")
    maker.wait_for_function(WAITING, timeout=TIMEOUT)
    maker.evaluate(
        f"""async () => {{
            await (await caches.open('{SNAPSHOTS}')).put(window.__kept[0], window.__kept[1]);
            window.__release();
        }}"""
    )
    starting.wait_for_function(
        "() => ['ready', 'failed'].includes(window.scrollhammerCalculators.state)", timeout=TIMEOUT
    )
    assert starting.evaluate("() => window.scrollhammerCalculators.source") == "snapshot"
