"""Calculators that come back, in WebKit (every iPhone browser) and Firefox, as in Chromium
(tests/browser/test_calculators_come_back.py): the Python worker ended during its start or
during an answer is started once more and answers; one that never answers, twice, is said
so in the calculator, with a Try again that answers; a slow snapshot is given up alone and a
calculation waiting behind it is timed from when the worker takes it: the worker answers.

The trouble is made by ``tests/support/worker_trouble.js``, which the probed site carries
after the probe; a test writes its plan in the tab's sessionStorage and takes it away after.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.calc_cases import FIXED
from support.expected import cpython

from harness.engines.drivers import Engine, EngineError, wait

SECTION = "calc-building-damage"
#: The site's are 120 s and 10 s. A start from the files and its first answer, in WebKit on
#: this machine running the suite in three processes, took 22 s and more than 5 s.
LIMITS = {"start": 60_000, "answer": 20_000}
#: For a worker that never answers: any limit is passed, so the shortest the engine may be
#: given (an answer's limit runs from when the worker is ready) is enough; the sound worker
#: after them gets :data:`LIMITS`.
NEVER = {"start": 60_000, "answer": 2_000}
#: A failed start, its limit passed and a start from the files, on a loaded machine (WebKit's
#: cold start alone is 8 s under slow cores): more than the engines' usual wait.
ANSWER_AFTER_TROUBLE_S = 240.0


@pytest.fixture
def troubled(phone: Engine, probed_url: str) -> Iterator[Any]:
    """Write a plan of trouble for the tab's next pages; take it away after the test."""

    def plan(**given: object) -> None:
        phone.open(probed_url + "404.html")
        phone.run("sessionStorage.setItem('worker-trouble', arguments[0])", json.dumps({"limits": LIMITS, **given}))

    yield plan
    phone.open(probed_url + "404.html")
    phone.run("sessionStorage.removeItem('worker-trouble')")


def shown(phone: Engine, inputs: dict[str, str]) -> None:
    """Wait for the calculator to show CPython's answer for ``inputs``."""
    expected = cpython("building-damage", {**inputs, **FIXED.get(SECTION, {})})
    try:
        _wait_answer(phone, expected)
    except EngineError as error:  # what the engine and the trouble saw, to tell a hang from a failure
        raise EngineError(f"{error}; the engine: {seen(phone)}") from None
    got = json.loads(phone.run(f"return document.querySelector('#{SECTION} .sh-calc__result').dataset.result"))
    assert got == expected, phone.name


def _wait_answer(phone: Engine, expected: dict[str, Any]) -> None:
    wait(
        phone,
        """const r = document.querySelector(arguments[0] + ' .sh-calc__result');
        return !!r && !!r.dataset.result && JSON.stringify(JSON.parse(r.dataset.result).inputs) === arguments[1];""",
        f"#{SECTION}",
        json.dumps(expected["inputs"], separators=(",", ":")),
        what="the calculator's answer",
        timeout=ANSWER_AFTER_TROUBLE_S,
    )


def seen(phone: Engine) -> dict[str, Any]:
    return dict(phone.run("return {...window.scrollhammerCalculators, trouble: window.__trouble}"))


# The slow snapshot first, each waiting for its worker's snapshot to be made: after a page left
# while its worker made one (as the tests below leave theirs), WebKit's next worker was seen
# holding the snapshot's lock and never finishing its own (its cause not found; the engine
# gives such a snapshot up alone and the worker answers, as these tests show).
def slow_snapshot(phone: Engine, probed_url: str, troubled: Any, snapshot_ms: int, hold: int, answer_ms: int) -> None:
    """The building damage page answered from a worker whose snapshot (given ``snapshot_ms``)
    then holds it for ``hold`` ms, and a calculation sent while it does, with ``answer_ms`` as
    its limit (lowered only now: a first answer from the files is slower)."""
    troubled(kind="slow-snapshot", hold=hold, limits={**LIMITS, "snapshot": snapshot_ms})
    phone.open(probed_url + "buildings/")
    shown(phone, {})  # the page asks for a snapshot at once
    wait(phone, "return window.__trouble.held === 1", what="the snapshot holding its worker")
    phone.run("window.scrollhammerLimits.answer = arguments[0]", answer_ms)
    phone.run(
        "const f = document.querySelector(arguments[0]); f.value = '8'; f.dispatchEvent(new Event('input', {bubbles: true}))",
        f"#{SECTION}-strength",
    )
    shown(phone, {"strength": "8"})


def snapshot_done(phone: Engine) -> None:
    """Wait until the worker has answered the snapshot the page may have given up on (before
    the test leaves the page, which would end the worker while it makes the snapshot)."""
    wait(
        phone,
        "return window.__trouble.snapshotsDone === 1",
        what="the worker's snapshot",
        timeout=ANSWER_AFTER_TROUBLE_S,
    )


def test_a_slow_snapshot_is_given_up_alone_and_the_worker_answers(
    phone: Engine, probed_url: str, troubled: Any
) -> None:
    slow_snapshot(phone, probed_url, troubled, snapshot_ms=1_000, hold=4_000, answer_ms=LIMITS["answer"])
    found = seen(phone)
    assert found["snapshot"] == {"stored": False, "bytes": 0, "reason": "no snapshot within 1 s"}, (phone.name, found)
    assert (found["starts"], found["ended"], found["state"]) == (1, [], "ready"), (phone.name, found)
    snapshot_done(phone)


def test_a_calculation_waiting_behind_a_snapshot_is_timed_from_when_the_worker_takes_it(
    phone: Engine, probed_url: str, troubled: Any
) -> None:
    slow_snapshot(phone, probed_url, troubled, snapshot_ms=60_000, hold=8_000, answer_ms=3_000)
    found = seen(phone)
    assert (found["starts"], found["ended"], found["state"]) == (1, [], "ready"), (phone.name, found)
    snapshot_done(phone)


def test_a_worker_ended_while_it_starts_answers_from_a_new_one(phone: Engine, probed_url: str, troubled: Any) -> None:
    troubled(kind="end-at-start", after=200)
    phone.open(probed_url + "buildings/")
    shown(phone, {})
    found = seen(phone)
    assert found["ended"] == ["ended by the test"], (phone.name, found)
    assert found["trouble"]["starts"][-1] == {"snapshot": False}, (phone.name, found)
    assert found["state"] == "ready", (phone.name, found)


def test_a_worker_ended_during_an_answer_answers_from_a_new_one(phone: Engine, probed_url: str, troubled: Any) -> None:
    troubled(kind="end-at-answer")
    phone.open(probed_url + "buildings/?calc=building-damage&strength=9&hits=4")
    shown(phone, {"strength": "9", "hits": "4"})
    found = seen(phone)
    assert found["trouble"]["ended"] == ["end-at-answer"], (phone.name, found)
    assert found["ended"] == ["ended by the test"], (phone.name, found)


def test_a_worker_that_never_answers_twice_says_so_and_try_again_answers(
    phone: Engine, probed_url: str, troubled: Any
) -> None:
    troubled(kind="never-answer", times=2, limits=NEVER, sound=LIMITS)
    phone.open(probed_url + "buildings/")
    status = f"#{SECTION} .sh-calc__status"
    wait(
        phone,
        "const s = document.querySelector(arguments[0]); return !!s && s.textContent.includes('stopped working twice')",
        status,
        what="the calculator saying it stopped",
    )
    text = phone.run("return document.querySelector(arguments[0]).textContent", status)
    assert "The rules on this page are not affected" in text, (phone.name, text)
    assert seen(phone)["ended"] == ["no answer within 2 s"] * 2, phone.name
    phone.tap(f"{status} button", "Try again")
    shown(phone, {})
    assert phone.run(f"return document.querySelector('{status} button').hidden") is True, phone.name
