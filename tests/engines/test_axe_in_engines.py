"""axe-core in WebKit (every iPhone's browser) and Firefox, as in Chromium
(tests/browser/test_accessibility.py): nothing found on any kind of page (``PAGE_KINDS``), its
calculators answered, nor on the table with two pieces, shared and then taken as one's own.
The rules are WCAG 2.2 AA's, the same options as in Chromium."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from support.browser import AXE_OPTIONS
from test_engines import table_link

from harness.engines.drivers import Engine, wait
from harness.project import PAGE_KINDS

#: axe-core as the Python package for Playwright ships it (the same version the Chromium tests run).
AXE = files("axe_playwright_python").joinpath("axe.min.js").read_text("utf-8")
#: Run axe on the page; the callback gets one line per rule broken.
RUN = """const done = arguments[arguments.length - 1];
axe.run(document, arguments[0]).then(
  (r) => done(r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}x: ${JSON.stringify(v.nodes[0].target)})`)),
  (e) => done([`axe failed: ${e}`]));"""
#: Every calculator on the page has answered (or there is none), and nothing is moving.
SETTLED = """return [...document.querySelectorAll('section.sh-calc')]
    .every((s) => !s.querySelector('.sh-calc__headline').hidden)
  && document.getAnimations().every((a) => a.playState !== 'running')"""


def violations(phone: Engine) -> list[Any]:
    """What axe-core finds on the page open in ``phone``."""
    wait(phone, SETTLED, what="the calculators answered and nothing moving")
    if not phone.run("return typeof window.axe === 'object'"):
        phone.run(AXE + "\n;window.axe = axe;")
    return list(phone.run_async(RUN, AXE_OPTIONS))


def test_axe_finds_nothing_on_any_kind_of_page_or_the_table(phone: Engine, probed_url: str) -> None:
    found = {}
    for path in PAGE_KINDS:
        phone.open(probed_url + path)
        wait(phone, "return document.readyState === 'complete'", what="the page loaded")
        broken = violations(phone)
        if broken:
            found[path or "home"] = broken
    link, _ = table_link(probed_url)
    phone.open(probed_url + "table/")
    phone.run("localStorage.removeItem('scrollhammer-table')")
    phone.open(link)
    wait(phone, "return !!document.querySelector('.sh-table__banner')", what="the shared table")
    found["table/ (shared)"] = violations(phone)
    phone.tap("button", "Use this table")
    wait(
        phone,
        "return !!document.querySelector('.sh-table__view input, .sh-table__view select')",
        what="the table taken",
    )
    found["table/ (one's own, two pieces)"] = violations(phone)
    found = {where: broken for where, broken in found.items() if broken}
    assert found == {}, f"{phone.name}: {json.dumps(found, indent=1)}"
