"""A player's main paths in WebKit (every iPhone browser) and Gecko (Firefox), as the
Chromium suite walks them: the pages render clean, the calculators answer as the command
line, Python starts from its snapshot, the site works offline, a rule link lands, copying
and Show work, a shared table opens read-only, keywords, search, dark mode, hostile links.

Each test runs in each engine (``engine_name``); see ``drivers.py`` for how each is driven
and ``probe.js`` for how the page's errors are read where the driver cannot read them.
"""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from support.calc_cases import CALCULATOR_OF, CASES, FIXED
from support.expected import card_link, cpython
from support.hostile import PAYLOADS, SUSPICIOUS

from build_scripts.core.model import page_url
from calculators.registry import all_calculators
from harness.engines.drivers import Engine, wait
from harness.project import PROJECT, ROOT
from site_server import SiteServer

CALCULATORS = all_calculators()
#: Every kind of page: the home page, each section, the table, a rule's card.
PAGES = ["", "terrain/", "buildings/", "ruins/", "unit-types/", "table/", "r/buildings/tremor/"]
#: The pages with a calculator, and one section of each.
CALCULATOR_PAGES = {"buildings/": "calc-building-damage", "ruins/": "calc-ruin-movement"}
SHOTS = ROOT / "test-results" / "engines"


def probe(engine: Engine) -> dict[str, list[str]]:
    """What the page reported: its errors, CSP violations and dialogs."""
    return dict(
        engine.run("return window.__probe || {errors: ['no probe: the page did not run it'], csp: [], alerts: []}")
    )


def clean(engine: Engine) -> None:
    """The page logged no error, broke no CSP rule and opened no dialog."""
    seen = probe(engine)
    assert (seen["errors"], seen["csp"], seen["alerts"]) == ([], [], []), f"{engine.name}: {seen}"


def python_ready(engine: Engine) -> dict[str, Any]:
    """Wait for the page's Python to start (or fail); how it started."""
    wait(
        engine,
        "return window.scrollhammerCalculators && ['ready', 'failed'].includes(window.scrollhammerCalculators.state)",
        what="Python started",
    )
    return dict(
        engine.run(
            "const c = window.scrollhammerCalculators; return {state: c.state, source: c.source, fallback: c.fallback}"
        )
    )


def answered(engine: Engine, section: str) -> dict[str, Any]:
    """Wait for the section's answer; the result it shows."""
    raw = wait(
        engine,
        "const r = document.querySelector(arguments[0] + ' .sh-calc__result'); return r && r.dataset.result",
        f"#{section}",
        what=f"an answer in #{section}",
    )
    return dict(json.loads(raw))


def shot(engine: Engine, name: str) -> Path:
    """Keep a screenshot to look at (test-results/engines/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{engine.name}-{name}.png"
    path.write_bytes(engine.screenshot())
    return path


def test_every_page_renders_at_a_phone_width_with_no_error_and_no_csp_violation(phone: Engine, probed_url: str) -> None:
    for page in PAGES:
        phone.open(probed_url + page)
        wait(phone, "return document.readyState === 'complete' && !!document.querySelector('h1, .sh-card')")
        if page in CALCULATOR_PAGES:
            answered(phone, CALCULATOR_PAGES[page])
        if page == "table/":
            wait(phone, "return !!document.querySelector('.sh-table__title')", what="the table drawn")
        width = phone.run("return [document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1] + 1, f"{phone.name} {page}: the page is wider than the screen {width}"
        clean(phone)


def test_every_calculator_answers_as_the_command_line(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url + "unit-types/")
    assert python_ready(phone)["state"] == "ready"
    cases = [[CALCULATOR_OF[section], {**inputs, **FIXED.get(section, {})}] for section, inputs in CASES]
    phone.run(
        "const s = document.createElement('script'); s.type = 'module'; s.src = '/__answers.mjs'; document.head.append(s)"
    )
    wait(phone, "return !!window.__engine", what="the page's engine module")
    answers = phone.run_async(
        """const [cases, done] = arguments;
        (async () => {
            const out = [];
            for (const [name, inputs] of cases) out.push(await window.__engine.compute(name, inputs));
            return out;
        })().then(done, (error) => done({failed: String(error)}));""",
        cases,
    )
    assert isinstance(answers, list), answers
    for (section, inputs), got in zip(CASES, answers, strict=True):
        expected = cpython(CALCULATOR_OF[section], {**inputs, **FIXED.get(section, {})})
        assert got == {"result": expected, "view": got["view"]}, (section, inputs)
    clean(phone)


#: The core rulebook and the site's own pages: every page at the navigation's top, kept at the first visit.
CORE_PAGES = [page_url(p.name) for p in PROJECT.options.pages if not p.group]
#: Answered when the page has its offline copy: whether the theme's sitemap and a file the site
#: lacks are answered (a status), not rejected.
ANSWERS_OFFLINE = """const done = arguments[arguments.length - 1];
const status = (url) => fetch(url).then((r) => r.status, (error) => `rejected: ${error}`);
Promise.all([status('/sitemap.xml'), status('/assets/not-on-this-phone.js')]).then(done);"""


def test_after_one_visit_python_starts_from_the_snapshot_and_offline_every_core_page_search_and_python_work(
    phone: Engine, own_server: SiteServer
) -> None:
    """One first visit to a new origin, then what a player does offline: the snapshot asked for
    at the first answer (kept though the page is busy for a second after it), a second page
    starts Python from it; with nothing answering on the site's address, a third page's
    calculator answers, the search forgives a typo, and every core page opens with no error
    and every file answered (the theme's sitemap, and a file the site lacks answered 504,
    not a rejected promise). One visit for all: each costs WebKit seconds of compiling Python."""
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    phone.open(url + "buildings/")
    assert python_ready(phone) == {"state": "ready", "source": "files", "fallback": ""}
    answered(phone, "calc-building-damage")
    # The page busy for the second after its answer (still laying out, a player scrolling):
    # the snapshot was asked for at the answer, not when the page is next idle.
    phone.run("const end = performance.now() + 1000; while (performance.now() < end);")
    # On a loaded machine (the whole suite on two cores) the worker's part can outlast that
    # second; how soon it is stored per engine is the bench's figure (snapshot_after_answer_s).
    deadline = time.monotonic() + 30
    while not snapshot_stored(phone) and time.monotonic() < deadline:
        time.sleep(0.1)
    kept = wait(phone, "return window.scrollhammerCalculators.snapshot", what="the snapshot kept")
    assert kept["stored"] is True, kept
    searched(phone, "buildings/")
    wait(phone, "return navigator.serviceWorker.controller !== null", what="the service worker in control")
    phone.open(url + "ruins/")
    assert python_ready(phone) == {"state": "ready", "source": "snapshot", "fallback": ""}, "the second page"
    assert answered(phone, "calc-ruin-movement") == cpython("ruin-movement", {})
    searched(phone, "ruins/")
    clean(phone)
    wait(
        phone,
        "return navigator.serviceWorker.ready.then((r) => r.active && r.active.state === 'activated');",
        what="the offline copy stored",
    )
    errors = len(phone.browser_errors())  # the page's earlier tests' (the engine is shared)
    # Offline: nothing answers on the site's address any more, its open connections included.
    own_server.shutdown()
    own_server.server_close()
    phone.open(url + "unit-types/")
    wait(phone, "return !!document.querySelector('h1')", what="the page from the service worker")
    assert phone.run("return document.title").startswith("Unit Types"), "offline"
    expected = cpython("hit-split", {"target": "artillery"})
    assert answered(phone, "calc-hit-split-artillery") == expected, "offline"
    searched(phone, "unit-types/")
    clean(phone)
    assert phone.browser_errors()[errors:] == [], "offline, unit-types/"
    phone.open(url + "ruins/")
    wait(phone, "return !!document.querySelector('h1')", what="the page from the service worker")
    phone.tap("label.md-header__button[for='__search']")
    phone.type_into("input[data-md-component='search-query']", "barage")
    wait(
        phone,
        "const b = document.querySelector('.sh-search-fix__button'); return b && b.textContent === 'barrage';",
        what="Did you mean barrage?",
    )
    phone.tap(".sh-search-fix__button")
    href = wait(
        phone,
        """const a = document.querySelector(".md-search-result__link[href*='#']");
        return a && a.getAttribute('href').includes('?h=barrage#') && a.getAttribute('href');""",
        what="the first result for the fixed word, offline",
    )
    assert "barrage" in href
    clean(phone)
    for page in CORE_PAGES:
        phone.open(url + page)
        wait(phone, "return document.readyState === 'complete' && !!document.querySelector('h1')", what=page)
        wait(
            phone,
            "return performance.getEntriesByType('resource').some((r) => r.name.endsWith('/sitemap.xml'))",
            what=f"{page}: the theme's instant navigation read the sitemap",
        )
        assert phone.run_async(ANSWERS_OFFLINE) == [200, 504], f"{phone.name} {page}"
        searched(phone, page)
        clean(phone)
        assert phone.browser_errors()[errors:] == [], f"offline, {page}: an answer of the service worker failed"


def searched(engine: Engine, page: str) -> None:
    """Wait until the page's search worker has its modules, before the test leaves the page.

    The search starts once the page is idle or has its first answer, and imports its modules:
    leaving before they are in cuts those requests short, and Firefox logs that (perhaps only
    once the next page is open) as the same error as a service worker's rejected answer,
    which this test must be able to tell apart.
    """
    wait(engine, "return window.__probe.searchReady === true", what=f"{page}: the search worker ready")


def snapshot_stored(engine: Engine) -> bool:
    """Whether the page's origin holds a snapshot of the started Python (calculators/worker-snapshot.mjs)."""
    return bool(
        engine.run_async(
            """const done = arguments[arguments.length - 1];
            caches.open('scrollhammer.python-snapshots').then((c) => c.keys())
              .then((keys) => done(keys.length > 0), () => done(false));"""
        )
    )


def test_a_rule_link_lands_on_its_rule_in_view(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url + "buildings/#tremor")
    where = wait(
        phone,
        """const rule = document.getElementById('tremor');
        if (!rule || !rule.classList.contains('rule--target')) return null;
        const box = rule.getBoundingClientRect();
        const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
        return {top: box.top, bottom: box.bottom, header, height: innerHeight};""",
        what="the rule marked and in view",
    )
    assert where["top"] >= where["header"] - 1, where
    assert where["top"] < where["height"], where
    clean(phone)


def open_menu(engine: Engine, rule: str) -> list[str]:
    """Tap a rule's link; the items of its menu."""
    engine.tap(f"#{rule} .rule-link")
    return list(
        wait(
            engine,
            """const menu = document.querySelector('[role=menu][aria-label="This rule"]');
            return menu && !menu.hidden && [...menu.querySelectorAll('[role=menuitem]')].map(i => i.textContent.trim());""",
            what="the rule's menu",
        )
    )


def tap_item(engine: Engine, name: str) -> None:
    engine.tap('[role=menu][aria-label="This rule"] [role=menuitem]', name)


def toast(engine: Engine) -> str:
    return str(
        wait(
            engine,
            "const t = document.querySelector('.sh-toast'); return t && !t.hidden && t.textContent",
            what="a toast",
        )
    )


def test_copy_link_share_and_copy_quote_work_or_take_their_fallback(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url + "buildings/")
    items = open_menu(phone, "tremor")
    can_share = phone.run("return typeof navigator.share === 'function'")
    assert items == (["Copy link", "Share", "Copy quote", "Show"] if can_share else ["Copy link", "Copy quote", "Show"])
    tap_item(phone, "Copy link")
    link = card_link(probed_url, "buildings", "tremor")
    assert toast(phone) in {f"Link copied: {link}", f"Link ready in the address bar: {link}"}
    phone.run("document.querySelector('.sh-toast').hidden = true")
    open_menu(phone, "tremor")
    tap_item(phone, "Copy quote")
    said = toast(phone)
    assert said.startswith(("Quote copied", "Could not copy; here it is:")), said
    if said.startswith("Could not"):
        assert 'Units leaving the building can only move 3" outwards' in said
    clean(phone)


def test_show_opens_full_screen_with_its_qr_code_and_closes_with_escape_and_back(
    phone: Engine, probed_url: str
) -> None:
    phone.open(probed_url + "buildings/")
    shown = """const d = document.querySelector('dialog[aria-label="Show this rule"]');
        if (!d || d.hidden || !d.getClientRects().length) return null;
        const box = d.getBoundingClientRect();
        const qr = d.querySelector('.sh-show__qr svg');
        if (!qr || qr.getBoundingClientRect().width < 80) return null;  // drawn, and big enough to scan
        return {w: box.width, h: box.height, screen: [innerWidth, innerHeight],
                place: d.querySelector('.sh-show__place').textContent};"""
    gone = "return !document.querySelector('dialog[aria-label=\"Show this rule\"]')"
    for leave in ("Escape", "Back"):
        open_menu(phone, "tremor")
        tap_item(phone, "Show")
        dialog = wait(phone, shown, what="Show open with its QR code")
        assert dialog["w"] >= dialog["screen"][0] - 1, dialog
        assert dialog["h"] >= dialog["screen"][1] - 1, dialog
        assert dialog["place"] == "Buildings › Attacking Buildings › Building Damage Chart › 2: Tremor"
        if leave == "Escape":
            shot(phone, "show")
            phone.press("Escape")
        else:
            phone.back()
        wait(phone, gone, what=f"Show closed by {leave}")
        assert phone.run("return location.pathname + location.hash") == "/buildings/#tremor"
    clean(phone)


def table_link(site_url: str) -> tuple[str, str]:
    """A table of two pieces as a link, and the state it carries."""
    compact = [[["stone-house", "the chapel", {"fire-points": "the two east windows"}], ["ruin", "the mill"]], {}, []]
    state = "1." + base64.urlsafe_b64encode(json.dumps(compact, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{site_url}table/#t={state}", state


def test_a_table_link_opens_read_only_and_use_this_table_takes_it(phone: Engine, probed_url: str) -> None:
    link, state = table_link(probed_url)
    phone.open(probed_url + "table/")
    phone.run("localStorage.removeItem('scrollhammer-table')")
    # The link opened as from a chat: a page load. From the table's own page it would be a
    # navigation of the fragment alone, which Firefox's Marionette finished after the page had
    # taken the table, the #t= coming back into the address (2 runs of 7, never alone).
    phone.open("about:blank")
    phone.open(link)
    title = "const t = document.querySelector('.sh-table__title'); return t && t.textContent.trim()"
    assert wait(phone, title, what="the table drawn") == "The shared table: 2 pieces"
    banner = "const b = document.querySelector('.sh-table__banner'); return b && b.textContent"
    assert "read-only" in wait(phone, banner, what="the read-only banner")
    assert phone.run("return document.querySelectorAll('.sh-table__view input, .sh-table__view select').length") == 0
    wait(
        phone,
        "return [...document.querySelectorAll('button')].some(b => b.textContent.trim() === 'Use this table')",
        what="Use this table",
    )
    phone.tap("button", "Use this table")
    wait(phone, f"{title.replace('return t &&', 'return !!t &&')} === 'Your table: 2 pieces'", what="the table taken")
    assert phone.run("return localStorage.getItem('scrollhammer-table')") == state
    assert "#t=" not in phone.run("return location.href")
    clean(phone)


#: The page's clipboard, kept for the test to read (an engine under automation may refuse the
#: real one; what is tested is that the tap copies, and what).
CLIPBOARD_KEPT = """Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
  writeText: (text) => { window.__copied = text; return Promise.resolve(); }}});"""


def test_typing_then_tapping_the_next_field_or_copy_link_keeps_every_answer(phone: Engine, probed_url: str) -> None:
    """Typed into a field, then at once a tap on the next field (or Copy link): each answer in
    its own field, and the link copied by that first tap holds them all."""
    phone.open(probed_url + "table/")
    phone.run("localStorage.removeItem('scrollhammer-table')")
    phone.open(probed_url + "table/")
    wait(phone, "return !!document.querySelector('.sh-table__title')", what="the table drawn")
    phone.run("document.getElementById('add-kind').value = 'stone-house'")
    phone.type_into("#add-name", "the chapel")
    phone.tap("form.sh-table__add button[type=submit]")
    wait(phone, "return !!document.getElementById('piece-p1')", what="the piece added")
    phone.tap("#piece-p1-questions > summary")
    typed = {"q-p1-access-points": "front door", "q-p1-rooms": "one medium", "q-p1-fire-points": "the east windows"}
    for field, text in typed.items():
        phone.tap(f"#{field}")
        phone.keys(text)
    shown = phone.run("return arguments[0].map((id) => document.getElementById(id).value)", list(typed))
    assert shown == list(typed.values()), phone.name
    phone.run(CLIPBOARD_KEPT)
    phone.tap("button", "Copy link")
    link = wait(phone, "return window.__copied", what="the link copied by the first tap")
    assert "/table/#t=" in link
    phone.open(link)
    agreed = "const a = document.querySelector('#shared-p1 .sh-piece__agreed'); return a && a.textContent"
    said = wait(phone, agreed, what="the shared table's agreed answers")
    assert all(text in said for text in typed.values()), said
    clean(phone)


def test_a_keyword_opens_its_definition_and_escape_closes_it(phone: Engine, probed_url: str) -> None:
    rule = "ruins-the-basics-all-ruins-difficult-area-terrain"
    phone.open(f"{probed_url}ruins/#{rule}")
    phone.tap(f"#{rule} a.term")
    pop = """const p = document.querySelector('[role=dialog][aria-label="Difficult Terrain"]');
        return p && !p.hidden && p.getClientRects().length > 0 && p.textContent;"""
    assert "Difficult terrain slows down models wishing to move through it" in wait(phone, pop, what="the popover")
    assert phone.run("return location.hash") == f"#{rule}"
    phone.press("Escape")
    wait(phone, f"return !(() => {{ {pop} }})()", what="the popover closed by Escape")
    clean(phone)


def test_search_finds_a_rule_and_opens_at_it(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url)
    phone.tap("label.md-header__button[for='__search']")
    phone.type_into("input[data-md-component='search-query']", "battlements")
    # The results redraw as each key lands, each link carrying the query typed so far (?h=):
    # wait for the first result of the whole word, then tap that very link.
    href = wait(
        phone,
        """const a = document.querySelector(".md-search-result__link[href*='#']");
        return a && a.getAttribute('href').includes('?h=battlements#') && a.getAttribute('href');""",
        what="the first result for the whole word",
    )
    rule = href.split("#", 1)[1]
    phone.tap(f".md-search-result__link[href='{href}']")
    text = wait(
        phone,
        "const r = document.getElementById(arguments[0]); return location.hash === '#' + arguments[0] && r && r.textContent",
        rule,
        what="the result's rule",
    )
    assert "battlements" in text.lower()
    clean(phone)


def test_dark_mode_renders(phone: Engine, probed_url: str) -> None:
    phone.open(probed_url + "buildings/")
    for _ in range(3):
        if phone.run("return document.body.dataset.mdColorScheme") == "slate":
            break
        phone.tap("form[data-md-component='palette'] label:not([hidden])")
    assert phone.run("return document.body.dataset.mdColorScheme") == "slate"
    colours = phone.run(
        """const rgb = (c) => c.match(/\\d+/g).slice(0, 3).map(Number);
        const text = document.querySelector('article p.rule');
        return {page: rgb(getComputedStyle(document.body).backgroundColor), text: rgb(getComputedStyle(text).color)};"""
    )
    assert sum(colours["page"]) < 150, colours  # a dark page
    assert sum(colours["text"]) > 450, colours  # light words on it
    shot(phone, "dark")
    for _ in range(2):  # back to the system's setting, for the tests after
        phone.tap("form[data-md-component='palette'] label:not([hidden])")
    clean(phone)


#: A payload of each kind (markup, a script URL, an attribute break-out, a template...), by index in PAYLOADS.
HOSTILE = [PAYLOADS[i] for i in (0, 2, 13, 28, 39, 41, 46, 47, 30, 35)]


def test_hostile_links_stay_inert(phone: Engine, probed_url: str) -> None:
    names = [i.name for i in CALCULATORS["ruin-movement"].inputs]
    for first in (0, len(names)):  # every input and the fragment get a payload, twice over
        query = {"calc": "ruin-movement"} | {n: HOSTILE[(first + k) % len(HOSTILE)] for k, n in enumerate(names)}
        fragment = HOSTILE[(first + len(names)) % len(HOSTILE)]
        phone.open(f"{probed_url}ruins/?{urlencode(query)}#{quote(fragment)}")
        wait(phone, "const e = document.querySelector('#calc-ruin-movement-unit_type-error'); return e && !e.hidden")
        assert phone.run(f"return ({SUSPICIOUS})()") == [], query
        clean(phone)
    for payload in HOSTILE:
        phone.open(f"{probed_url}table/#t=1.{quote(payload)}")
        wait(phone, "return !!document.querySelector('.sh-table__title')", what="the table drawn")
        assert phone.run(f"return ({SUSPICIOUS})()") == [], payload
        clean(phone)
