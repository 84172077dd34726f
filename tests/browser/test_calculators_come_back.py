"""Calculators that come back: a Python worker that dies, errors or passes its time limit is
ended and started once more from the files, the inputs kept and the answer given; only a
second failure in a row says so, with a Try again that works; a slow snapshot is given up
alone, never ending a worker that answers; a calculator on another page whose place could
not be read says the site could not be reached, and tries again.

The worker's trouble is made by ``tests/support/worker_trouble.js`` (an init script: the
worker ended during its start, as a calculation is sent, one that never answers, or one
a snapshot holds), with
the engine's time limits lowered for the test."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.browser import ANSWER_TIMEOUT, SNAPSHOTS, TIMEOUT, section_cpython, wait_for

TROUBLE = Path(__file__).parents[1] / "support" / "worker_trouble.js"
SECTION = "calc-building-damage"
#: Lower than the site's (120 s and 10 s), above a start and an answer here.
LIMITS = {"start": 30_000, "answer": 8_000}
#: For a worker that never answers: any limit is passed, so the shortest the engine may be
#: given (an answer's limit runs from when the worker is ready) is enough.
NEVER = {"start": 30_000, "answer": 1_500}


def troubled(context: BrowserContext, site_url: str, plan: dict[str, Any]) -> Page:
    """A tab whose calculators' workers have ``plan``'s trouble (see worker_trouble.js)."""
    context.add_init_script(path=str(TROUBLE))
    page = context.new_page()
    page.goto(site_url + "404.html")  # same origin, no calculator: where the plan is written
    page.evaluate("plan => sessionStorage.setItem('worker-trouble', JSON.stringify(plan))", {"limits": LIMITS, **plan})
    return page


def engine(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("() => ({...window.scrollhammerCalculators, trouble: window.__trouble})"))


def test_a_worker_ended_while_it_starts_is_started_again_from_the_files(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = troubled(returning_context, site_url, {"kind": "end-at-start", "after": 300})
    page.goto(site_url + "buildings/")
    wait_for(page, SECTION, section_cpython(SECTION, {}))
    seen = engine(page)
    assert seen["starts"] == 2, seen
    assert seen["ended"] == ["ended by the test"], seen
    assert seen["trouble"]["starts"] == [{"snapshot": True}, {"snapshot": False}], "the second start used a snapshot"
    assert seen["state"] == "ready"
    assert seen["failures"] == 0
    status = page.locator(f"#{SECTION} .sh-calc__status")
    expect(status).not_to_contain_text("could not")
    expect(status.get_by_role("button", name="Try again")).to_be_hidden()


def test_a_worker_that_dies_silently_while_it_starts_passes_its_limit_and_is_replaced(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = troubled(
        returning_context,
        site_url,
        {"kind": "silent-end-at-start", "after": 300, "limits": {**LIMITS, "start": 8_000}, "sound": LIMITS},
    )
    page.goto(site_url + "buildings/")
    wait_for(page, SECTION, section_cpython(SECTION, {}))
    seen = engine(page)
    assert seen["starts"] == 2, seen
    assert seen["ended"] == ["no start within 8 s"], seen


def test_a_worker_ended_during_an_answer_answers_from_a_new_one_with_the_inputs_kept(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = troubled(returning_context, site_url, {"kind": "end-at-answer"})
    inputs = {"strength": "9", "hits": "4"}
    page.goto(site_url + "buildings/?calc=building-damage&strength=9&hits=4")
    wait_for(page, SECTION, section_cpython(SECTION, inputs))
    seen = engine(page)
    assert seen["starts"] == 2, seen
    assert seen["trouble"]["ended"] == ["end-at-answer"], seen
    expect(page.locator(f"#{SECTION}-strength")).to_have_value("9")
    expect(page.locator(f"#{SECTION} .sh-calc__status")).not_to_contain_text("could not")


def test_a_worker_that_never_answers_twice_says_so_and_try_again_answers(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = troubled(returning_context, site_url, {"kind": "never-answer", "times": 2, "limits": NEVER, "sound": LIMITS})
    page.goto(site_url + "buildings/")
    status = page.locator(f"#{SECTION} .sh-calc__status")
    expect(status).to_contain_text("The calculator stopped working twice on this phone", timeout=TIMEOUT)
    expect(status).to_contain_text("The rules on this page are not affected")
    seen = engine(page)
    assert seen["state"] == "failed", seen
    assert seen["ended"] == ["no answer within 1.5 s"] * 2, seen
    assert "Traceback" not in (page.locator("article").text_content() or "")
    expect(page.locator("#total-collapse")).to_contain_text("The occupying units suffer 2d6 S6 AP0")
    retry = status.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()
    box = retry.bounding_box()
    assert box is not None
    assert box["height"] >= 35, box  # thumb-sized, as every control
    page.locator(f"#{SECTION}-strength").fill("8")  # what the player typed meanwhile is kept
    retry.tap()
    wait_for(page, SECTION, section_cpython(SECTION, {"strength": "8"}))
    expect(retry).to_be_hidden()
    expect(status).not_to_contain_text("stopped working")
    assert engine(page)["starts"] == 3


def slow_snapshot(context: BrowserContext, site_url: str, snapshot_ms: int, hold: int, answer_ms: int) -> Page:
    """The building damage page answered from a worker whose snapshot (given ``snapshot_ms``)
    then holds it for ``hold`` ms (worker_trouble.js), and a calculation sent while it does,
    with ``answer_ms`` as its limit (lowered only now: a first answer from the files is slower)."""
    page = troubled(
        context, site_url, {"kind": "slow-snapshot", "hold": hold, "limits": {**LIMITS, "snapshot": snapshot_ms}}
    )
    page.goto(site_url + "buildings/")
    wait_for(page, SECTION, section_cpython(SECTION, {}))  # the page asks for a snapshot at once
    page.wait_for_function("() => window.__trouble.held === 1", timeout=TIMEOUT)
    page.evaluate("ms => { window.scrollhammerLimits.answer = ms; }", answer_ms)
    page.locator(f"#{SECTION}-strength").fill("8")
    return page


def test_a_slow_snapshot_is_given_up_alone_and_the_worker_answers(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = slow_snapshot(returning_context, site_url, snapshot_ms=1_000, hold=4_000, answer_ms=LIMITS["answer"])
    wait_for(page, SECTION, section_cpython(SECTION, {"strength": "8"}))
    seen = engine(page)
    assert seen["snapshot"] == {"stored": False, "bytes": 0, "reason": "no snapshot within 1 s"}, seen
    assert (seen["starts"], seen["ended"], seen["state"]) == (1, [], "ready"), seen


def test_a_calculation_waiting_behind_a_snapshot_is_timed_from_when_the_worker_takes_it(
    returning_context: BrowserContext, site_url: str
) -> None:
    # The answer's limit is shorter than the hold, the snapshot's longer: timed from when it
    # was sent, the calculation would pass its limit while it waits, and the worker be ended.
    page = slow_snapshot(returning_context, site_url, snapshot_ms=30_000, hold=6_000, answer_ms=3_000)
    wait_for(page, SECTION, section_cpython(SECTION, {"strength": "8"}))
    seen = engine(page)
    assert (seen["starts"], seen["ended"], seen["state"]) == (1, [], "ready"), seen


def test_a_warm_visit_whose_worker_dies_starts_from_the_files_and_keeps_the_snapshot_aside(
    returning_context: BrowserContext, site_url: str
) -> None:
    page = troubled(returning_context, site_url, {"kind": "end-at-start", "after": 0})
    has_snapshot = f"() => caches.open({json.dumps(SNAPSHOTS)}).then(c => c.keys()).then(k => k.length)"
    assert page.evaluate(has_snapshot) == 1
    page.goto(site_url + "buildings/")
    # Read as soon as Python has started again from the files: before its first answer, after
    # which the idle page stores a fresh snapshot in its place (deleting, then writing).
    page.wait_for_function("() => window.scrollhammerCalculators.source === 'files'", timeout=ANSWER_TIMEOUT)
    assert page.evaluate(has_snapshot) == 1, "the snapshot was deleted, not set aside"
    wait_for(page, SECTION, section_cpython(SECTION, {}))
    seen = engine(page)
    assert seen["starts"] == 2, seen
    assert seen["source"] == "files", seen
    assert seen["trouble"]["starts"][-1] == {"snapshot": False}
    page.wait_for_function("() => window.scrollhammerCalculators.snapshot !== null", timeout=TIMEOUT)
    assert page.evaluate(has_snapshot) == 1, "no snapshot left for the next visit"


@pytest.mark.first_visit("where the calculators are cannot be read: a returning phone keeps that list")
def test_a_calculator_elsewhere_whose_place_cannot_be_read_says_the_site_could_not_be_reached(
    first_visit_context: BrowserContext, site_url: str
) -> None:
    first_visit_context.route("**/assets/py/manifest.json", lambda route: route.abort())
    page = first_visit_context.new_page()
    page.goto(site_url + "terrain/?calc=hit-split&target=monstrous-cavalry&hits=5")
    note = page.locator(".sh-link-note")
    expect(note).to_contain_text("could not be reached", timeout=ANSWER_TIMEOUT)
    expect(note).not_to_contain_text("does not have")
    first_visit_context.unroute("**/assets/py/manifest.json")
    first_visit_context.set_offline(True)
    first_visit_context.set_offline(False)  # back online: it tries again by itself
    page.wait_for_url(re.compile(r"/unit-types/\?"), timeout=ANSWER_TIMEOUT)
    wait_for(
        page,
        "calc-hit-split-monstrous-cavalry",
        section_cpython("calc-hit-split-monstrous-cavalry", {"target": "monstrous-cavalry", "hits": "5"}),
    )


@pytest.mark.first_visit("where the calculators are cannot be read: a returning phone keeps that list")
def test_try_now_asks_for_the_calculators_place_again(first_visit_context: BrowserContext, site_url: str) -> None:
    first_visit_context.route("**/assets/py/manifest.json", lambda route: route.fulfill(status=503, body="busy"))
    page = first_visit_context.new_page()
    page.goto(site_url + "terrain/?calc=hit-split&target=monstrous-cavalry&hits=5")
    note = page.locator(".sh-link-note")
    expect(note).to_contain_text("could not be reached", timeout=ANSWER_TIMEOUT)
    first_visit_context.unroute("**/assets/py/manifest.json")
    note.get_by_role("button", name="Try now").tap()
    page.wait_for_url(re.compile(r"/unit-types/\?"), timeout=ANSWER_TIMEOUT)


@pytest.mark.first_visit("a service worker that cannot be registered: a returning phone has one")
def test_where_no_service_worker_can_be_registered_the_book_offer_says_so(
    first_visit_context: BrowserContext, site_url: str
) -> None:
    first_visit_context.route("**/sw.js", lambda route: route.abort())
    page = first_visit_context.new_page()
    page.goto(site_url)
    keep = page.locator(".sh-keep")
    expect(keep).to_contain_text("This browser does not keep the rules on this phone", timeout=ANSWER_TIMEOUT)
