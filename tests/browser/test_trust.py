"""Trust: a strict CSP with no violations, hostile URLs that stay data, pages everyone can
use (axe-core, narrow screens, keyboard), and errors that explain — in real Chromium."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from calc_cases import CALCULATOR_OF, FIXED, PAGE_OF
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support import CHROMIUM, CHROMIUM_ARGS, PAGE_URLS, PHONE, ROOT

from calculators.registry import all_calculators
from calculators.spec import Input

CALCULATORS = all_calculators()

ANSWER_TIMEOUT = 60_000
PAGES = PAGE_URLS
SECTIONS = sorted(PAGE_OF)

PROBE = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
window.__dialogs = 0;
"""

# From OWASP's XSS Filter Evasion Cheat Sheet and our own (URL values are data, never markup).
PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://xss.invalid/xss.js></SCRIPT>",
    "javascript:alert(1)",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=javascript:alert('XSS')>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
    '<a onmouseover="alert(document.cookie)">xxs link</a>',
    '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    "<IMG SRC= onmouseover=\"alert('xxs')\">",
    "<IMG onmouseover=\"alert('xxs')\">",
    '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
    "<IMG SRC=\"jav\tascript:alert('XSS');\">",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
    '<SCRIPT/XSS SRC="https://xss.invalid/xss.js"></SCRIPT>',
    '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
    '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
    "<SCRIPT SRC=https://xss.invalid/xss.js?< B >",
    "<IMG SRC=\"`<javascript:alert>`('XSS')\"",
    '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
    '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
    "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
    "<IMG DYNSRC=\"javascript:alert('XSS')\">",
    "<svg/onload=alert('XSS')>",
    "<svg><script>alert(1)</script></svg>",
    "<iframe src=\"javascript:alert('XSS');\"></iframe>",
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
    "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
    "<STYLE>@import'https://xss.invalid/xss.css';</STYLE>",
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
    '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.invalid/scriptlet.html"></OBJECT>',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH" AllowScriptAccess="always"></EMBED>',
    "<details open ontoggle=alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    '" autofocus onfocus="alert(1)',
    "' onmouseover='alert(1)",
    "</select><img src=x onerror=alert(1)>",
    "</option><script>alert(1)</script>",
    "${alert(1)}",
    "{{constructor.constructor('alert(1)')()}}",
    "__proto__",
    "constructor",
    "toString",
    "import os; os.system('echo pwned')",
    '"); import js; js.alert(1); ("',
    "1; __import__('os')",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "\u202e<script>alert(1)</script>",
    "a" * 5000,
]

SUSPICIOUS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) bad.push(el.tagName + '[' + attr.name + ']');
      const urlAttr = /^(href|src|action|formaction|data|xlink:href|background|poster|srcdoc)$/i.test(attr.name);
      if (urlAttr && /^\\s*javascript:/i.test(attr.value)) bad.push(el.tagName + '[' + attr.name + '=javascript:]');
    }
  }
  for (const el of document.querySelectorAll('article iframe, article object, article embed, article img, article svg script, article script, article style, meta[http-equiv=refresh]')) {
    bad.push(el.tagName);
  }
  const scripts = [...document.scripts].filter(s => s.type !== 'application/json' && !(s.src && new URL(s.src).origin === location.origin));
  for (const s of scripts) bad.push('script:' + (s.src || s.textContent.slice(0, 30)));
  return bad;
}"""


@pytest.fixture
def guarded(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(PROBE)
    return context


def watch_dialogs(page: Page) -> list[str]:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return dialogs


def wait_answer(page: Page, section: str) -> None:
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


# ------------------------------------------------------------------ CSP


def test_no_csp_violation_on_any_page_or_calculation(guarded: BrowserContext, site_url: str) -> None:
    page = guarded.new_page()
    for path in PAGES:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
    for section in SECTIONS:
        page.goto(site_url + PAGE_OF[section])
        wait_answer(page, section)
        page.locator(f"#{section} button[data-action='roll']").click()
        expect(page.locator(f"#{section} .sh-calc__roll")).to_be_visible()
        page.locator(f"#{section} summary").click()
    assert page.evaluate("window.__csp") == []
    policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "'unsafe-inline'" not in policy
    assert "'unsafe-eval'" not in policy
    assert page.evaluate("[...document.scripts].filter(s => !s.src && s.type !== 'application/json').length") == 0


# ------------------------------------------------------------------ hostile URLs


def test_payload_list_is_long_enough() -> None:
    assert len(PAYLOADS) >= 50


@pytest.mark.parametrize("section", SECTIONS)
def test_xss_payloads_in_every_url_parameter_stay_data(guarded: BrowserContext, site_url: str, section: str) -> None:
    page = guarded.new_page()
    dialogs = watch_dialogs(page)
    calc = CALCULATORS[CALCULATOR_OF[section]]
    names = [i.name for i in calc.inputs]
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    for n, payload in enumerate(PAYLOADS):
        # Every parameter gets a payload (each payload lands in each parameter over the run).
        query = {"calc": calc.name, **FIXED.get(section, {})}
        for k, name in enumerate(names):
            if name not in FIXED.get(section, {}):
                query[name] = PAYLOADS[(n + k) % len(PAYLOADS)]
        rule = page.locator(f"#{section}").get_attribute("data-rule")
        navigate_in_page(page, f"{site_url}{PAGE_OF[section]}?{urlencode(query)}#{rule}", section)
        assert page.evaluate(SUSPICIOUS) == [], payload
        for name in names:
            if name in FIXED.get(section, {}):
                continue
            field = page.locator(f"#{section}-{name}")
            error = page.locator(f"#{section}-{name}-error")
            shown = error.is_visible() or field.input_value() == query[name]
            assert shown, (name, query[name])
    assert dialogs == []
    assert page.evaluate("window.__csp") == []


def test_xss_payloads_in_the_fragment_stay_data(guarded: BrowserContext, site_url: str) -> None:
    page = guarded.new_page()
    dialogs = watch_dialogs(page)
    for payload in PAYLOADS[:30]:
        page.goto(site_url + "buildings/#" + quote(payload, safe=""))
        page.wait_for_load_state("load")
        assert page.evaluate(SUSPICIOUS) == [], payload
        page.goto(site_url + "buildings/?calc=building-damage#" + quote(payload, safe=""))
        assert page.evaluate(SUSPICIOUS) == [], payload
    assert dialogs == []
    assert page.url.startswith(site_url)


# ------------------------------------------------------------------ errors that explain


def bad_values(spec: Input) -> list[str]:
    values = ["abc", "NaN", "1e309"]
    if spec.default is not None:
        values.append("")
    if spec.kind == "int":
        values += [str((spec.minimum or 0) - 1), str((spec.maximum or 0) + 1), "2.5"]
    else:
        values += ["7", "maybe"]
    return values


@pytest.mark.parametrize("section", SECTIONS)
def test_every_bad_value_gets_an_inline_explanation(guarded: BrowserContext, site_url: str, section: str) -> None:
    page = guarded.new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    calc = CALCULATORS[CALCULATOR_OF[section]]
    rule = page.locator(f"#{section}").get_attribute("data-rule")
    for spec in calc.inputs:
        if spec.name in FIXED.get(section, {}):
            continue
        for value in bad_values(spec):
            for via in ("url", "form"):
                if via == "url":
                    query = {"calc": calc.name, **FIXED.get(section, {}), spec.name: value}
                    navigate_in_page(page, f"{site_url}{PAGE_OF[section]}?{urlencode(query)}#{rule}", section)
                else:
                    set_field(page, section, spec, value)
                error = page.locator(f"#{section}-{spec.name}-error")
                expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
                expect(error).to_contain_text(spec.label)
                expect(error).to_contain_text(spec.allowed())
                expect(error).not_to_contain_text(f"({spec.name})")
                field = page.locator(f"#{section}-{spec.name}")
                expect(field).to_have_attribute("aria-invalid", "true")
                assert f"{section}-{spec.name}-error" in (field.get_attribute("aria-describedby") or "").split()
                status = page.locator(f"#{section} .sh-calc__status[role=status]")
                expect(status).to_contain_text(spec.label)
                expect(page.locator(f"#{section} .sh-calc__result")).to_be_hidden()
            # The worker still answers the next valid value.
            set_field(page, section, spec, "" if spec.default is None else str(spec.default).lower())
            wait_answer(page, section)
    assert page.evaluate("window.__csp") == []


def set_field(page: Page, section: str, spec: Input, value: str) -> None:
    field = page.locator(f"#{section}-{spec.name}")
    if spec.kind == "int":
        field.fill(value)
        return
    page.evaluate(
        """([id, value]) => {
            const select = document.getElementById(id);
            if (![...select.options].some(o => o.value === value)) {
                const option = document.createElement('option'); option.value = value; option.textContent = value;
                select.append(option);
            }
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
        }""",
        [f"{section}-{spec.name}", value],
    )


# ------------------------------------------------------------------ pages everyone can use

AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
    "rules": {"target-size": {"enabled": True}},
    "resultTypes": ["violations"],
}


def axe_violations(page: Page) -> list[str]:
    # Not mid-transition (the back-to-top button fades in after a scroll): colours settle first.
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"
    )
    results = Axe().run(page, options=AXE_OPTIONS)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}x: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_every_page(browser: Browser, site_url: str, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme)
    page = context.new_page()
    found = {}
    for path in PAGES:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        violations = axe_violations(page)
        if violations:
            found[path or "home"] = violations
    context.close()
    assert found == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("section", SECTIONS)
def test_axe_on_each_calculator_idle_error_result(browser: Browser, site_url: str, section: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    expect(page.locator(f"#{section} .sh-calc__status")).to_contain_text("could not start", timeout=ANSWER_TIMEOUT)
    found = {"idle": axe_violations(page)}
    context.close()

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    page.locator(f"#{section} summary").click()
    found["result"] = axe_violations(page)
    spec = next(i for i in CALCULATORS[CALCULATOR_OF[section]].inputs if i.kind == "int")
    page.locator(f"#{section}-{spec.name}").fill("0")
    expect(page.locator(f"#{section}-{spec.name}-error")).to_be_visible(timeout=ANSWER_TIMEOUT)
    found["error"] = axe_violations(page)
    context.close()
    assert {k: v for k, v in found.items() if v} == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("path", PAGES)
def test_no_sideways_scroll_at_320(browser: Browser, site_url: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + path)
    for section in page.locator("section.sh-calc").all():
        sid = section.get_attribute("id")
        wait_answer(page, sid or "")
        page.locator(f"#{sid} summary").click()
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(el => el.getBoundingClientRect().right > 320.5)
            .filter(el => !el.closest('[role=region][aria-label]'))
            .filter(el => getComputedStyle(el).visibility !== 'hidden' && el.offsetParent !== null)
            .map(el => el.tagName + '.' + el.className)
            .slice(0, 5)"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, overflowing
    context.close()


@pytest.mark.parametrize("section", SECTIONS)
def test_keyboard_reaches_and_operates_every_control(browser: Browser, site_url: str, section: str) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 823})
    page = context.new_page()
    page.goto(site_url + PAGE_OF[section])
    wait_answer(page, section)
    # Every control the player can see (a field hidden because it changes nothing is not one).
    controls = page.evaluate(
        """sel => [...document.querySelectorAll(sel + ' input:not([type=hidden]), ' + sel + ' select, '
                   + sel + ' button, ' + sel + ' summary')].filter(el => el.getClientRects().length > 0)
                   .map(el => el.id || el.dataset.action || el.tagName)""",
        f"#{section}",
    )
    page.locator(f"#{section}-title").evaluate("el => { el.tabIndex = -1; el.focus(); }")  # start at the top
    reached, visible = [], []
    for _ in range(len(controls) + 40):
        info = page.evaluate(
            """sel => { const el = document.activeElement; const s = getComputedStyle(el);
                return { inside: !!el.closest(sel), key: el.id || el.dataset.action || el.tagName,
                         focusVisible: el.matches(':focus-visible'),
                         ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none' }; }""",
            f"#{section}",
        )
        if info["inside"]:
            reached.append(info["key"])
            visible.append(info["ring"] or not info["focusVisible"])
        page.keyboard.press("Tab")
    missing = [c for c in controls if c not in reached]
    assert not missing, missing
    assert all(visible), "a focused control shows no focus ring"
    # Operate: change a value, roll with Enter, open the working with Space.
    page.locator(f"#{section} button[data-action='roll']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#{section} .sh-calc__roll")).to_be_visible()
    page.locator(f"#{section} summary").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"#{section} details.sh-calc__working")).to_have_attribute("open", "")
    context.close()


def test_lighthouse_accessibility_is_100_on_every_page(site_url: str) -> None:
    """Lighthouse's own accessibility score (it adds best-practice checks to axe's, such as a
    dialog's accessible name), in one Chromium for every page."""
    script = Path(__file__).with_name("lighthouse_a11y.mjs")
    proc = subprocess.run(
        ["node", str(script), *(site_url + path for path in PAGES)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "CHROME_PATH": CHROMIUM, "CHROME_FLAGS": json.dumps(CHROMIUM_ARGS)},
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    assert [r["url"] for r in results] == [site_url + path for path in PAGES]
    assert {r["url"]: (r["score"], r["failed"]) for r in results if r["score"] != 1} == {}
