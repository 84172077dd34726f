"""What the browser tests share: CPython's answers to compare with, and waiting for the page's.

A calculator section is named by its element id (``calc-hit-split-artillery``);
:mod:`calc_cases` says which calculator and page it is and what its place fixes.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from calculators.registry import all_calculators
from harness.project import ROOT
from support.calc_cases import CALCULATOR_OF, CASES, FIXED
from support.expected import cpython

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
#: How long a test waits for an answer: a cold Pyodide start on a loaded CI machine (the
#: suite's workers share two cores with their Chromiums; a start then took over 60 s once).
ANSWER_TIMEOUT = 120_000
#: How long a test waits for Python to start, or to store its snapshot.
TIMEOUT = 150_000
#: The Cache Storage the worker keeps its memory snapshot in.
SNAPSHOTS = "scrollhammer.python-snapshots"


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

    A field the case does not set is given its default without typing (shown or hidden),
    as a player who never touched it would have it: which fields are hidden follows
    Python's answers, and on a busy machine an answer can land between two fields, so a
    field shown now may be hidden a moment later, and one hidden now may hold an earlier
    case's value and matter again by the time this case is in. One the case sets is shown
    as soon as the values make it matter, and is typed.
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
            # Set in place, shown or not: a field shown now may be hidden a moment later by
            # the answer to the values typed so far (a unit type it does not matter for).
            field.evaluate(
                """(el, value) => {
                    if (el.value === value) return;
                    el.value = value;
                    el.dispatchEvent(new Event('change', { bubbles: true }));
                }""",
                value,
            )
            continue
        # Shown once Python has answered for the values typed so far: on a busy machine that
        # can take longer than Playwright's own wait for an action.
        field.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
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


def decode_qr(page: Page, png: bytes) -> str | None:
    """What the QR code in a screenshot says, read by jsQR (npm) in a blank page of the same browser."""
    reader = page.context.browser.new_page() if page.context.browser else page.context.new_page()
    try:
        reader.add_script_tag(path=str(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"))
        found = reader.evaluate(
            """async (src) => {
                const image = new Image();
                image.src = src;
                await image.decode();
                const canvas = document.createElement('canvas');
                canvas.width = image.naturalWidth;
                canvas.height = image.naturalHeight;
                const pen = canvas.getContext('2d');
                pen.drawImage(image, 0, 0);
                const pixels = pen.getImageData(0, 0, canvas.width, canvas.height);
                const code = window.jsQR(pixels.data, canvas.width, canvas.height);
                return code ? code.data : null;
            }""",
            "data:image/png;base64," + base64.b64encode(png).decode("ascii"),
        )
        return None if found is None else str(found)
    finally:
        reader.close()


AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
    "rules": {"target-size": {"enabled": True}},
    "resultTypes": ["violations"],
}


def axe_violations(page: Page) -> list[str]:
    """What axe-core finds on the page (WCAG 2.2 AA), one line per rule broken."""
    # Not mid-transition (the back-to-top button fades in after a scroll): colours settle first.
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"
    )
    results = Axe().run(page, options=AXE_OPTIONS)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}x: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
    ]
