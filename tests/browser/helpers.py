"""What the browser tests share: CPython's answers to compare with, and waiting for the page's.

A calculator section is named by its element id (``calc-hit-split-artillery``);
:mod:`calc_cases` says which calculator and page it is and what its place fixes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from calc_cases import CALCULATOR_OF, CASES, FIXED
from playwright.sync_api import Page, expect

from calculators.format import to_jsonable
from calculators.registry import all_calculators

__all__ = [
    "ANSWER_TIMEOUT",
    "CALCULATORS",
    "SNAPSHOTS",
    "TIMEOUT",
    "assert_arrived",
    "cpython",
    "cpython_view",
    "fill",
    "header_bottom",
    "navigate_in_page",
    "page_answers",
    "ready",
    "section_cpython",
    "settled",
    "shown_result",
    "snapshot_kept",
    "stored_keys",
    "wait_answer",
    "wait_for",
]

CALCULATORS = all_calculators()
#: How long a test waits for an answer: a cold Pyodide start on a loaded CI machine.
ANSWER_TIMEOUT = 60_000
#: How long a test waits for Python to start, or to store its snapshot.
TIMEOUT = 90_000
#: The Cache Storage the worker keeps its memory snapshot in.
SNAPSHOTS = "scrollhammer.python-snapshots"


def cpython(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """The calculator's result in CPython, as the page holds it (JSON)."""
    return dict(json.loads(json.dumps(to_jsonable(CALCULATORS[name].compute(**inputs)))))


def cpython_view(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """What the page should show for these inputs, from CPython."""
    calc = CALCULATORS[name]
    return dict(json.loads(json.dumps(calc.present(calc.compute(**inputs)))))


def section_cpython(section: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """CPython's result for a calculator section's form values (its place's fixed inputs added)."""
    return cpython(CALCULATOR_OF[section], {**inputs, **FIXED.get(section, {})})


def shown_result(page: Page, section: str) -> dict[str, Any]:
    """The result the section shows (the worker's JSON)."""
    raw = page.locator(f"#{section} .sh-calc__result").get_attribute("data-result")
    assert raw, "no result shown"
    return dict(json.loads(raw))


def wait_for(page: Page, section: str, expected: dict[str, Any]) -> None:
    """Wait until the section shows the result for ``expected``'s (checked) inputs."""
    page.wait_for_function(
        """([sel, want]) => {
            const box = document.querySelector(sel + ' .sh-calc__result');
            return !!box && !!box.dataset.result && JSON.stringify(JSON.parse(box.dataset.result).inputs) === want;
        }""",
        arg=[f"#{section}", json.dumps(expected["inputs"], separators=(",", ":"))],
        timeout=ANSWER_TIMEOUT,
    )


def wait_answer(page: Page, section: str) -> None:
    """Wait until the section shows any result."""
    page.wait_for_function(
        """sel => { const r = document.querySelector(sel + ' .sh-calc__result'); return r && r.dataset.result; }""",
        arg=f"#{section}",
        timeout=ANSWER_TIMEOUT,
    )


def settled(page: Page, section: str) -> None:
    """Python answered: a result or at least one shown error."""
    page.wait_for_function(
        """sel => {
            const s = document.querySelector(sel);
            if (!s || s.dataset.computing) return false;
            const r = s.querySelector('.sh-calc__result');
            return (r && r.dataset.result) || [...s.querySelectorAll('.sh-calc__error')].some(e => !e.hidden);
        }""",
        arg=f"#{section}",
        timeout=ANSWER_TIMEOUT,
    )


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


def page_answers(page: Page) -> list[Any]:
    """Every case of calc_cases, answered by the page's Python (the worker's JSON)."""
    cases = [[CALCULATOR_OF[section], inputs] for section, inputs in CASES]
    return list(
        page.evaluate(
            """async (cases) => {
                const link = document.querySelector('link[rel=modulepreload][href$="calculators/engine.mjs"]');
                const engine = await import(link.href);
                const out = [];
                for (const [name, inputs] of cases) out.push(await engine.compute(name, inputs));
                return out;
            }""",
            cases,
        )
    )


def stored_keys(page: Page) -> list[str]:
    """The URLs of the snapshots the browser keeps."""
    return list(page.evaluate(f"async () => (await (await caches.open('{SNAPSHOTS}')).keys()).map(r => r.url)"))


def fill(page: Page, section: str, inputs: dict[str, str]) -> None:
    """Type every field like a player: the case's value, or the field's default.

    A field the form hides (it changes nothing for the values shown) keeps its default;
    one the case sets is shown as soon as the values make it matter.
    """
    for spec in CALCULATORS[CALCULATOR_OF[section]].inputs:
        if spec.name in FIXED.get(section, {}):
            continue
        value = inputs.get(spec.name)
        field = page.locator(f"#{section}-{spec.name}")
        if value is None:
            value = (
                "" if spec.default is None else str(spec.default).lower() if spec.kind == "bool" else str(spec.default)
            )
            if not field.is_visible():
                continue
        if spec.kind == "int":
            field.fill(value)
        else:
            field.select_option(value)


def navigate_in_page(page: Page, url: str, section: str) -> None:
    """Follow a link as a player would (instant navigation keeps the running worker), and
    wait until the new page's calculator has answered."""
    page.evaluate(
        """([url, sel]) => {
            const s = document.querySelector(sel);
            s.dataset.stale = '1';
            s.dataset.ticketBefore = s.dataset.ticket || '0';
            const a = document.createElement('a'); a.href = url; a.textContent = 'go';
            document.querySelector('article').append(a); a.click(); }""",
        [url, f"#{section}"],
    )
    # Either a new page (a fresh section) or the same page computing the new inputs.
    page.wait_for_function(
        """sel => { const s = document.querySelector(sel);
                    return s && (!s.dataset.stale || Number(s.dataset.ticket) > Number(s.dataset.ticketBefore)); }""",
        arg=f"#{section}",
        timeout=ANSWER_TIMEOUT,
    )
    settled(page, section)


def header_bottom(page: Page) -> float:
    """Where the sticky header ends, in CSS pixels from the top of the viewport."""
    return float(page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom"))


def assert_arrived(page: Page, rule_id: str) -> None:
    """The rule is the one highlighted, in view, and not under the sticky header."""
    block = page.locator(f"[id='{rule_id}']")
    expect(block).to_have_class(re.compile(r"\brule--target\b"))
    expect(block).to_be_in_viewport()
    top = block.evaluate("el => el.getBoundingClientRect().top")
    assert top >= header_bottom(page) - 1, "the rule is hidden under the sticky header"
