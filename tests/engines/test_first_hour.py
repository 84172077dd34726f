"""The first hour, in WebKit (every iPhone's engine) and Firefox, as in Chromium: the home
page's first screen starts a player on every tool, a calculator is two taps from any page,
a rule's ✎ Agree opens its question on the table ready to answer and the answer is kept,
every control is a thumb's size, light and dark (screenshots in test-results/engines/)."""

from __future__ import annotations

from support.taps import MEASURE, MIN, measured
from test_engines import clean, shot

from harness.engines.drivers import Engine, wait

TOOLS = ("The rules", "Calculators", "The table", "What changed", "Where the rules are silent")


def palette(engine: Engine, scheme: str) -> None:
    """Switch the site's palette to ``scheme`` ("default" or "slate") with its header toggle."""
    for _ in range(3):
        if engine.run("return document.body.dataset.mdColorScheme") == scheme:
            return
        engine.tap("form[data-md-component='palette'] label:not([hidden])")
    assert engine.run("return document.body.dataset.mdColorScheme") == scheme


def test_the_home_pages_first_screen_and_a_calculator_in_two_taps(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url)
    tiles = phone.run(
        """return [...document.querySelectorAll('a.sh-tool')].map((a) => ({
            name: a.querySelector('strong').textContent, bottom: a.getBoundingClientRect().bottom}))"""
    )
    assert [t["name"] for t in tiles] == list(TOOLS)
    height = phone.run("return window.innerHeight")
    assert all(t["bottom"] <= height for t in tiles), (tiles, height)
    for scheme in ("default", "slate"):
        palette(phone, scheme)
        shot(phone, f"first-home-{scheme}")
    palette(phone, "default")
    phone.tap(".md-header a.sh-header-calculators")
    wait(phone, "return location.pathname.endsWith('/calculators/')", what="the Calculators page")
    phone.tap("a.sh-tool#calc-building-damage")
    wait(phone, "return location.hash === '#calc-building-damage'", what="the calculator's page")
    title = "const r = document.querySelector('#calc-building-damage .sh-calc__title').getBoundingClientRect();"
    wait(phone, f"{title} return r.top >= 0 && r.bottom <= window.innerHeight", what="the calculator in view")
    shot(phone, "calculator-in-two-taps")
    clean(phone)


def test_agree_opens_the_question_on_the_table_and_keeps_the_answer(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url + "table/")
    phone.run("localStorage.removeItem('scrollhammer-table')")
    phone.open(probed_url + "buildings/")
    phone.tap("#building-size-room-either-small-medium-large a.table-mark")
    asked = "const a = document.querySelector('.sh-table__asked'); return a && a.textContent"
    assert "is agreed for each building on the table" in wait(phone, asked, what="the table asks for a building")
    assert phone.run("return document.activeElement.id") == "add-name"
    shot(phone, "agree-add-a-building")
    phone.type_into("#add-name", "the chapel")
    phone.tap("form.sh-table__add button[type=submit]")
    wait(phone, "return document.activeElement && document.activeElement.id === 'q-p1-rooms'", what="the question")
    phone.type_into("#q-p1-rooms", "two small rooms")
    phone.press("tab")
    stored = "return localStorage.getItem('scrollhammer-table') || ''"
    wait(phone, f"{stored.replace('return ', 'return !!(')}).length", what="the table kept")
    phone.open(probed_url + "table/")
    kept = "const f = document.getElementById('q-p1-rooms'); return f && f.value"
    assert wait(phone, kept, what="the answer, kept") == "two small rooms"
    shot(phone, "agree-kept")
    clean(phone)


def test_every_control_is_a_thumbs_size_and_its_own(phone: Engine, probed_url: str) -> None:
    found = {}
    for path in ("", "buildings/", "table/", "calculators/"):
        phone.open(probed_url + path)
        wait(phone, "return document.readyState === 'complete'", what="the page loaded")
        taps = measured(phone.run(f"return ({MEASURE})(arguments[0])", [MIN, None]))
        assert taps.count > 5, path
        if taps.faults:
            found[path or "home"] = taps.faults
    assert found == {}
