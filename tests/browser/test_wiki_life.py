"""A wiki's life, end to end, against Debian's MediaWiki 1.39: a revision hidden, the page
moved, a heading renamed and a paragraph's first words reworded; then ``make sync``'s
command and a frozen build, as the nightly job does them.

Checked on the built site: the history (each version once, the hidden revision named, the
moved page's old file gone), the old links, the Changes page (Chromium at 360×740, light and
dark, and WebKit), the Atom feed (read by ``feedparser``), and the rules as of a revision and
a date (``?as-of=``), with what the page refuses. Before the good sync, two faults (a wiki
that cannot be reached, an export cut short) leave every file as it was.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import feedparser  # type: ignore[import-untyped]
import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support import build_site, copy_project
from support.browser import assert_arrived, axe_violations
from support.visitors import Phones
from support.wiki import TITLE, running_wiki, sync

from build_scripts.cards.rule_history import version_of
from harness.engines.drivers import WebKit, missing, virtual_screen, wait
from harness.network import free_port
from harness.project import ROOT
from site_server import serving

SHOTS = ROOT / "test-results" / "screenshots"
ENGINE_SHOTS = ROOT / "test-results" / "engines"
NEW_TITLE = "Scrollhammer Rules Book"
SYNCED = Path("docs") / "rulebook" / "wiki"
BATTLEMENTS = "attacking-buildings-battlements-and-building-damage-unit-battlements-slightly-less-prone"
REWORDED = "Should a Building reach 0 armour value"


@dataclass(frozen=True)
class Life:
    """The synced and built project, and what happened on the wiki."""

    url: str
    index: str
    project: Path
    report: str
    revs: dict[str, int]
    #: Each fault: what it was, the sync's exit status and message, and whether every file stayed as it was.
    faults: list[tuple[str, int, str, bool]]


def files_of(project: Path) -> dict[str, str]:
    """Every file a sync may write or remove, by its SHA-256."""
    files = [project / n for n in ("anchors.lock.json", "rules.history.jsonl", "wiki.toml")]
    files += sorted(p for p in (project / "docs" / "rulebook").rglob("*") if p.is_file())
    return {str(p.relative_to(project)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture(scope="module")
def life(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Life]:
    folder = tmp_path_factory.mktemp("wiki-life")
    project = copy_project(folder / "project")
    with running_wiki(folder / "wiki") as wiki:
        first = sync(project, "--api", wiki.api)
        assert first.returncode == 0, first.stderr
        revs: dict[str, int] = {}
        revs["typo"] = wiki.edit(TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
        revs["vandal"] = wiki.edit(TITLE, "suffers damage→suffers VANDALISM", summary="lol")
        revs["revert"] = wiki.edit(TITLE, "suffers VANDALISM→suffers damage", summary="revert vandalism")
        wiki.hide(revs["vandal"])
        revs["rename"] = wiki.edit(TITLE, "'''Lava'''→'''Lava Flows'''", summary="Lava Flows, as the index calls it")
        revs["reword"] = wiki.edit(
            TITLE, f"If a Building reaches 0 armour value→{REWORDED}", summary="reword the collapse rule"
        )
        wiki.move(TITLE, NEW_TITLE, reason="a better name")
        revs["shrapnel"] = wiki.edit(
            NEW_TITLE, "not Strength 6.→not Strength 6. Shrapnel spares no one.", summary="shrapnel"
        )
        faults = []
        before = files_of(project)
        unreachable = sync(project, "--api", f"http://127.0.0.1:{free_port()}/api.php")
        faults.append(("unreachable", unreachable.returncode, unreachable.stderr, files_of(project) == before))
        cut = folder / "cut.xml"
        whole = wiki.export(NEW_TITLE)
        cut.write_bytes(whole[: len(whole) // 2])
        truncated = sync(project, "--export", str(cut))
        faults.append(("cut export", truncated.returncode, truncated.stderr, files_of(project) == before))
        done = sync(project, "--api", wiki.api)
        assert done.returncode == 0, done.stderr
        index = wiki.index
    port = free_port()
    site = folder / "site"
    build_site(project, site, port=port, frozen=True)
    with serving(site, port=port):
        yield Life(f"http://127.0.0.1:{port}/", index, project, done.stdout, revs, faults)


def phone(first_visit_phone: Phones, scheme: str = "light") -> BrowserContext:
    """A phone at the wiki's site (built for these tests alone), drawn sharp for the screenshots, in ``scheme``."""
    return first_visit_phone(device_scale_factor=2, color_scheme=scheme)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_every_fault_leaves_the_source_as_it_was(life: Life) -> None:
    for what, status, message, unchanged in life.faults:
        assert status != 0, f"{what}: the sync did not stop"
        assert unchanged, f"{what}: the sync changed files before it stopped"
        assert "Nothing was changed" in message or "nothing was changed" in message.lower(), (what, message)


def test_the_history_has_each_version_once_and_names_the_hidden_revision(life: Life) -> None:
    lines = (life.project / "rules.history.jsonl").read_text("utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len({(r["rule"], r["v"], r.get("rev")) for r in records}) == len(records)
    made = {r.get("rev") for r in records}
    assert {life.revs[k] for k in ("typo", "rename", "reword", "shrapnel")} <= made
    assert life.revs["vandal"] not in made
    assert life.revs["revert"] not in made
    synced = [json.loads(line) for line in (life.project / SYNCED / "revisions.jsonl").read_text("utf-8").splitlines()]
    assert len({r["rev"] for r in synced}) == len(synced)
    hidden = next(r for r in synced if r["rev"] == life.revs["vandal"])
    assert (hidden["hidden"], hidden["user"], hidden["summary"]) == (["text", "user", "summary"], "", "")
    assert not (life.project / SYNCED / "Scrollhammer_Rulebook.wiki").exists()
    assert (life.project / SYNCED / "Scrollhammer_Rules_Book.wiki").exists()
    assert NEW_TITLE in tomllib.loads((life.project / "wiki.toml").read_text("utf-8"))["pages"]
    assert f"revision {life.revs['vandal']}" in life.report
    assert "moved" in life.report
    assert NEW_TITLE in life.report


@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_an_old_link_lands_on_the_renamed_rule_and_its_card_still_answers(
    first_visit_phone: Phones, life: Life
) -> None:
    context = phone(first_visit_phone)
    page = context.new_page()
    page.goto(f"{life.url}other-terrain/#lava")
    page.wait_for_url(re.compile(r"#lava-flows$"))
    assert_arrived(page, "lava-flows")
    with urllib.request.urlopen(f"{life.url}r/other-terrain/lava/", timeout=30) as answer:
        assert "Lava" in answer.read().decode("utf-8")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_the_changes_page_lists_each_edit_newest_first(first_visit_phone: Phones, life: Life, scheme: str) -> None:
    context = phone(first_visit_phone, scheme)
    page = context.new_page()
    page.goto(f"{life.url}changes/")
    headings = page.locator("article h2").all_inner_texts()
    revs = [int(m.group(1)) for h in headings if (m := re.match(r"Revision (\d+)", h))]
    r = life.revs
    assert revs[:5] == [r["shrapnel"], r["reword"], r["rename"], r["typo"], revs[4]]
    assert revs == sorted(revs, reverse=True)
    article = page.locator("article")
    expect(article).to_contain_text(f"revision {r['vandal']} (")
    expect(article).to_contain_text("hidden on the wiki")
    expect(article).to_contain_text("reword the collapse rule")
    diff_link = page.get_by_role("link", name="See the edit on the wiki").first
    assert diff_link.get_attribute("href") == f"{life.index}?diff=prev&oldid={r['shrapnel']}"
    expect(page.locator("ins", has_text="Shrapnel spares no one.").first).to_be_visible()
    shot(page, f"wiki-life-changes-{scheme}")
    assert axe_violations(page) == []


def test_the_feed_is_atom_a_real_reader_takes_and_every_page_names_it(life: Life) -> None:
    with urllib.request.urlopen(f"{life.url}changes.xml", timeout=30) as answer:
        feed = feedparser.parse(answer.read())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    entries = feed.entries
    assert "shrapnel" in entries[0].title or "shrapnel" in entries[0].summary
    assert len({e.id for e in entries}) == len(entries)
    assert all(e.link.startswith(life.url) for e in entries)
    with urllib.request.urlopen(f"{life.url}buildings/", timeout=30) as answer:
        head = answer.read().decode("utf-8").split("</head>")[0]
    assert re.search(r'<link[^>]+rel="alternate"[^>]+type="application/atom\+xml"[^>]+changes\.xml', head)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_the_rules_as_of_a_revision(first_visit_phone: Phones, life: Life, scheme: str) -> None:
    context = phone(first_visit_phone, scheme)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=life.url.rstrip("/"))
    page = context.new_page()
    before_rename = life.revs["rename"] - 1
    page.goto(f"{life.url}other-terrain/?as-of={before_rename}#lava-flows")
    banner = page.locator(".sh-asof")
    expect(banner).to_contain_text(f"The rules as of the wiki's revision {before_rename}")
    expect(banner).to_contain_text("1 rule on this page changed since")
    heading = page.locator("#lava-flows")
    expect(heading).to_have_text(re.compile(r"^Lava\s*#?$"))
    since = page.locator("details.sh-asof-since").first
    since.locator("summary").tap()
    expect(since.locator("ins")).to_have_text("[added: Flows]")
    expect(since).to_contain_text(f"revision {life.revs['rename']}")
    nav = page.locator("a[href*='/buildings/']").first
    assert f"as-of={before_rename}" in (nav.get_attribute("href") or "")
    shot(page, f"wiki-life-as-of-{scheme}")
    assert axe_violations(page) == []

    page.goto(f"{life.url}buildings/?as-of={life.revs['typo'] - 1}#{BATTLEMENTS}")
    rule = page.locator(f"[id='{BATTLEMENTS}']")
    expect(rule).to_contain_text("suffers darnage.")
    expect(rule).not_to_contain_text("Shrapnel")
    expect(page.locator(".sh-asof")).to_contain_text("The calculators follow today's rules.")
    expect(page.locator("section.sh-calc .sh-asof-calc").first).to_contain_text("follows today's rules")
    rule.locator(".rule-link").first.tap()
    page.get_by_role("menu", name="This rule").get_by_role("menuitem", name="Copy link").tap()
    expect(page.locator(".sh-toast")).to_contain_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    then = json.loads(rule.evaluate("() => document.getElementById('rule-versions').dataset.json"))["asof"]
    first_version = then["rules"][BATTLEMENTS][0][2]
    assert link == f"{life.url}r/buildings/{BATTLEMENTS}/?v={first_version}"
    assert version_of(rule.evaluate("el => el.innerText").split("#")[0].strip()) == first_version


@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_the_rules_as_of_a_date_and_what_is_refused(first_visit_phone: Phones, life: Life) -> None:
    context = phone(first_visit_phone)
    page = context.new_page()
    today = page.evaluate("new Date().toLocaleDateString('sv')")  # the reader's day, YYYY-MM-DD
    page.goto(f"{life.url}buildings/?as-of={today}")
    expect(page.locator(".sh-asof")).to_contain_text(f"The rules as of {today}")
    expect(page.locator(".sh-asof")).to_contain_text("No rule on this page has changed since.")
    expect(page.locator(f"[id='{BATTLEMENTS}']")).to_contain_text("Shrapnel spares no one.")
    for value, says in [
        ("2020-01-01", "The book's history starts on"),
        ("1", "is not among them"),
        ("yesterday", "is neither a date"),
        ("2026-02-30", "is not a day of the calendar"),
    ]:
        page.goto(f"{life.url}buildings/?as-of={value}")
        refused = page.get_by_role("alert").filter(has_text=says)
        expect(refused).to_contain_text("The page shows today's rules.")
        expect(page.locator(".sh-asof-then")).to_have_count(0)
        expect(page.locator(f"[id='{BATTLEMENTS}']")).to_contain_text("Shrapnel spares no one.")
    shot(page, "wiki-life-as-of-refused")


@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
def test_the_table_records_the_rules_date_and_its_shared_link_carries_it(first_visit_phone: Phones, life: Life) -> None:
    before_rename = str(life.revs["rename"] - 1)
    mine = phone(first_visit_phone)
    mine.grant_permissions(["clipboard-read", "clipboard-write"], origin=life.url.rstrip("/"))
    page = mine.new_page()
    page.goto(f"{life.url}table/")
    page.locator("#own-game-questions > summary").tap()  # the whole game's questions, folded
    field = page.get_by_label("The rules as of")
    field.fill("2026-13-01")
    field.press("Tab")
    expect(page.locator("#q-game-rules-as-of-error")).to_have_text(
        "The rules as of: 2026-13-01 is not a day of the calendar; leave it empty for today's rules."
    )
    field = page.get_by_label("The rules as of")
    expect(field).to_have_value("2026-13-01")  # what was typed stays, refused
    field.fill(before_rename)
    field.press("Tab")
    expect(page.locator("#q-game-rules-as-of-error")).to_have_text("")
    rule_links = page.locator("[data-table-root] a[href*='#']")
    expect(rule_links.first).to_have_attribute("href", re.compile(rf"\?as-of={before_rename}#"))
    page.get_by_role("button", name="Copy link").tap()
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.search(r"/table/#t=2\.", link), link

    theirs = phone(first_visit_phone)
    page = theirs.new_page()
    page.goto(link)
    expect(page.locator(".sh-q--as-of .sh-q__answer")).to_have_text(before_rename)
    page.locator("[data-table-root] a[href*='/ruins/']").first.evaluate("a => a.click()")
    page.wait_for_url(re.compile(rf"/ruins/\?as-of={before_rename}#"))
    expect(page.locator(".sh-asof__title")).to_have_text(f"The rules as of the wiki's revision {before_rename}")


@pytest.mark.engines
# Selenium 4.51's WebKitGTK driver still sets up its connection the old way
@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_webkit_shows_the_changes_and_the_rules_as_of_a_revision(life: Life, scheme: str) -> None:
    lacking = missing("webkit")
    if lacking:
        pytest.fail(f"webkit cannot run here: missing {lacking} (make engines installs it)", pytrace=False)
    with virtual_screen() as display:
        engine = WebKit(display, dark=scheme == "dark")
        try:
            ENGINE_SHOTS.mkdir(parents=True, exist_ok=True)
            engine.open(f"{life.url}changes/")
            wait(engine, "return document.querySelectorAll('article h2').length > 3", what="the Changes page")
            (ENGINE_SHOTS / f"webkit-changes-{scheme}.png").write_bytes(engine.screenshot())
            rev = life.revs["rename"] - 1
            engine.open(f"{life.url}other-terrain/?as-of={rev}#lava-flows")
            title = wait(
                engine,
                "const t = document.querySelector('.sh-asof__title'); return t && t.textContent",
                what="the as-of banner",
            )
            assert title == f"The rules as of the wiki's revision {rev}"
            heading = engine.run("return document.getElementById('lava-flows').textContent.replace('#', '').trim()")
            assert heading == "Lava"
            (ENGINE_SHOTS / f"webkit-as-of-{scheme}.png").write_bytes(engine.screenshot())
        finally:
            engine.close()
