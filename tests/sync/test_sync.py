"""``make sync`` against a real MediaWiki (Debian's 1.39 on loopback, tests/support/wiki.py): the
rulebook page made from our exports, edited through the API in a few revisions; each sync
brings each change in, the history and the cards name the revisions, the rule ids survive,
the export path gives the same, and every fault leaves the project as it was."""

from __future__ import annotations

import hashlib
import http.server
import json
import shutil
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import build_site, copy_project
from support.wiki import TITLE, Wiki, private_copy, running_wiki, sync

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock
from harness.network import free_port
from harness.project import ROOT

SYNCED = Path("docs/rulebook/wiki")
PAGE_FILE = SYNCED / "Scrollhammer_Rulebook.wiki"
BATTLEMENTS = "buildings#attacking-buildings-battlements-and-building-damage-unit-battlements-slightly-less-prone"
SYNC_FILES = ("wiki.toml", "anchors.lock.json", "rules.history.jsonl", "docs/rulebook")


@pytest.fixture
def wiki(tmp_path: Path) -> Iterator[Wiki]:
    with running_wiki(tmp_path / "wiki") as running:
        yield running


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """What a sync reads and writes, copied: mkdocs.yml, wiki.toml, the lock, the history, the exports."""
    dest = tmp_path / "project"
    (dest / "docs").mkdir(parents=True)
    for name in ("mkdocs.yml", "wiki.toml", "anchors.lock.json", "rules.history.jsonl"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "docs" / "rulebook", dest / "docs" / "rulebook")
    return dest


def synced(project: Path, *args: str) -> str:
    proc = sync(project, *args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def snapshot(project: Path) -> dict[str, str]:
    """Every file a sync may write, by its SHA-256."""
    files = [project / "anchors.lock.json", project / "rules.history.jsonl"]
    files += sorted(p for p in (project / "docs" / "rulebook").rglob("*") if p.is_file())
    return {str(p.relative_to(project)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def history(project: Path) -> RuleHistory:
    return RuleHistory.loads((project / "rules.history.jsonl").read_text("utf-8"))


def revisions(project: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (project / SYNCED / "revisions.jsonl").read_text("utf-8").splitlines()]


def test_a_first_sync_writes_the_page_as_the_wiki_serves_it_and_every_rule_names_its_revision(
    wiki: Wiki, project: Path
) -> None:
    first = wiki.site.pages[TITLE].revision
    out = synced(project, "--api", wiki.api)
    assert f"up to revision {first} of 'Scrollhammer Rulebook'" in out
    assert (project / PAGE_FILE).read_bytes() == wiki.raw(TITLE)
    assert [r["rev"] for r in revisions(project)] == [first]
    assert revisions(project)[0]["summary"] == "The rulebook, from the section exports"
    state = json.loads((project / SYNCED / "wiki.json").read_text("utf-8"))
    assert state["index"] == wiki.index
    page_id = wiki.site.pages[TITLE].pageid
    assert state["pages"] == [{"title": TITLE, "file": PAGE_FILE.name, "rev": first, "id": page_id}]
    versions = history(project).versions
    before = RuleHistory.loads((ROOT / "rules.history.jsonl").read_text("utf-8")).versions
    assert set(versions) == set(before), "the same rules, now dated by the wiki"
    for rule, vs in versions.items():
        assert vs[-1].edit is not None, rule
        assert vs[-1].edit.rev == first, rule
        assert vs[-1].version == before[rule][-1].version, f"{rule}: the wiki's words are the exports'"
    lock_before = AnchorLock.loads((ROOT / "anchors.lock.json").read_text("utf-8"))
    lock_after = AnchorLock.loads((project / "anchors.lock.json").read_text("utf-8"))
    assert set(lock_after.published()) == set(lock_before.published())
    assert "in step with the wiki" in synced(project, "--api", wiki.api)


def test_each_edit_on_the_wiki_comes_in_with_its_revision_and_the_ids_survive(wiki: Wiki, project: Path) -> None:
    synced(project, "--api", wiki.api)
    ids_before = set(AnchorLock.loads((project / "anchors.lock.json").read_text("utf-8")).published())
    typo = wiki.edit(TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
    added = wiki.edit(
        TITLE,
        "resolved at Strength 3, not Strength 6.→resolved at Strength 3, not Strength 6. Shrapnel spares no one.",
        summary="a sentence on shrapnel",
    )
    text = wiki.site.pages[TITLE].text()
    start, end, to = text.index("===Ruins==="), text.index("===Other Terrain Types==="), text.index("===Buildings===")
    moved_text = text[:to] + text[start:end] + text[to:start] + text[end:]
    moved = wiki.edit(TITLE, text=moved_text, summary="Ruins before Buildings")
    out = synced(project, "--api", wiki.api)
    assert "3 revision(s) brought in" in out
    assert (project / PAGE_FILE).read_bytes() == wiki.raw(TITLE)
    assert [r["rev"] for r in revisions(project)][-3:] == [typo, added, moved]
    battlements = history(project).versions[RuleRef.parse(BATTLEMENTS)]
    assert [v.edit.rev for v in battlements if v.edit] == [battlements[0].edit.rev, typo, added]  # type: ignore[union-attr]
    assert "darnage" in battlements[0].words
    assert "damage." in battlements[1].words
    assert battlements[2].words.endswith("Shrapnel spares no one.")
    assert [v.edit.summary for v in battlements[1:] if v.edit] == ["typo: darnage", "a sentence on shrapnel"]
    # Moving a section changes no rule's words, so no rule gets a version from it; and no id is lost.
    assert not any(v.edit and v.edit.rev == moved for vs in history(project).versions.values() for v in vs)
    ids_after = set(AnchorLock.loads((project / "anchors.lock.json").read_text("utf-8")).published())
    assert ids_before <= ids_after


def test_the_export_file_gives_what_the_api_gives(wiki: Wiki, project: Path, tmp_path: Path) -> None:
    wiki.edit(TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
    twin = tmp_path / "twin"
    shutil.copytree(project, twin)
    synced(project, "--api", wiki.api)
    export = tmp_path / "export.xml"
    export.write_bytes(wiki.export(TITLE))
    synced(twin, "--export", str(export))
    for name in (str(PAGE_FILE), str(SYNCED / "revisions.jsonl"), "rules.history.jsonl", "anchors.lock.json"):
        assert (twin / name).read_bytes() == (project / name).read_bytes(), name
    assert json.loads((twin / SYNCED / "wiki.json").read_text("utf-8"))["index"] == wiki.index
    # A first sync of two revisions: the rule's versions in order, each naming its revision.
    battlements = history(twin).versions[RuleRef.parse(BATTLEMENTS)]
    assert [(v.edit.summary if v.edit else None) for v in battlements] == [
        "The rulebook, from the section exports",
        "typo: darnage",
    ]


def test_a_synced_project_builds_frozen_and_its_cards_and_notices_name_the_edit(wiki: Wiki, tmp_path: Path) -> None:
    full = copy_project(tmp_path / "full")
    synced(full, "--api", wiki.api)
    typo = wiki.edit(TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
    synced(full, "--api", wiki.api)
    site = tmp_path / "site"
    build_site(full, site, port=free_port(), frozen=True)  # the lock and the history describe the build
    page = (site / "buildings" / "index.html").read_text("utf-8")
    assert "suffers damage" in page
    data = json.loads(page.split('id="rule-versions" data-json=\'', 1)[1].split("'", 1)[0].replace("&#39;", "'"))
    older = data["older"][BATTLEMENTS.split("#", 1)[1]][0]
    assert older["by"] == {"rev": typo, "user": "Admin", "summary": "typo: darnage"}
    assert older["link"] == f"{wiki.index}?diff=prev&oldid={typo}"
    card = (site / "r" / "buildings" / BATTLEMENTS.split("#", 1)[1] / "index.html").read_text("utf-8")
    assert f"from the wiki's revision {typo} (“typo: darnage”)" in card


# Faults: each ends with one clear line, and the project as it was.


def refused(project: Path, *args: str) -> str:
    before = snapshot(project)
    proc = sync(project, *args)
    assert proc.returncode == 1, proc.stdout
    assert proc.stderr.startswith("sync: "), proc.stderr
    assert proc.stderr.endswith("Nothing was changed.\n"), proc.stderr
    assert "Traceback" not in proc.stderr
    assert snapshot(project) == before, "a failed sync changed files"
    assert not list(project.rglob("*.sync-tmp")), "a failed sync left a temporary file"
    return proc.stderr


def test_a_wiki_that_cannot_be_reached(project: Path) -> None:
    message = refused(project, "--api", f"http://127.0.0.1:{free_port()}/api.php")
    assert "cannot be reached" in message


def test_a_missing_page(wiki: Wiki, project: Path) -> None:
    (project / "wiki.toml").write_text('pages = ["No Such Rulebook"]\n', "utf-8")
    assert "the wiki has no page 'No Such Rulebook'" in refused(project, "--api", wiki.api)


def test_a_title_that_redirects(wiki: Wiki, project: Path) -> None:
    wiki.edit("Rulebook", text=f"#REDIRECT [[{TITLE}]]", summary="a short name")
    (project / "wiki.toml").write_text('pages = ["Rulebook"]\n', "utf-8")
    assert f"'Rulebook' is a redirect to '{TITLE}'" in refused(project, "--api", wiki.api)


def test_a_wiki_that_asks_for_a_login(wiki: Wiki, project: Path) -> None:
    with private_copy(wiki) as api:
        message = refused(project, "--api", api)
    assert "asks for a login to read (readapidenied" in message


def test_a_wiki_that_rate_limits(project: Path) -> None:
    """MediaWiki itself does not rate-limit reads; the proxy in front of a wiki does, with 429."""

    class TooMany(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(429)
            self.send_header("Retry-After", "120")
            self.end_headers()

        def do_POST(self) -> None:
            self.do_GET()

        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TooMany)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        message = refused(project, "--api", f"http://127.0.0.1:{server.server_port}/api.php")
    finally:
        server.shutdown()
        server.server_close()
    assert "429 Too Many Requests (it says: retry after 120 s)" in message


def test_a_truncated_or_malformed_export(wiki: Wiki, project: Path, tmp_path: Path) -> None:
    whole = wiki.export(TITLE)
    cut = tmp_path / "cut.xml"
    cut.write_bytes(whole[: len(whole) // 2])
    assert "is not a whole MediaWiki export (malformed or cut short" in refused(project, "--export", str(cut))
    other = tmp_path / "other.xml"
    other.write_bytes(b"<html><body>Not an export</body></html>")
    assert "other.xml" in refused(project, "--export", str(other))


def test_a_revision_the_build_refuses_is_named_and_a_later_fix_passes_it_over(wiki: Wiki, project: Path) -> None:
    synced(project, "--api", wiki.api)
    broken = wiki.edit(TITLE, "===Ruins===→=== ===", summary="oops")  # a heading with no words
    message = refused(project, "--api", wiki.api)
    assert f"revision {broken} of 'Scrollhammer Rulebook'" in message
    assert "Scrollhammer_Rulebook.wiki:" in message, "the line"
    fixed = wiki.edit(TITLE, "=== ===→===Ruins===", summary="fix the heading")
    out = synced(project, "--api", wiki.api)
    assert f"passed over (the build refuses it; the next revision carries its change): revision {broken}" in out
    assert revisions(project)[-1]["rev"] == fixed


def test_a_section_no_page_places_stops_the_sync_naming_it(wiki: Wiki, project: Path) -> None:
    synced(project, "--api", wiki.api)
    wiki.edit(
        TITLE,
        "===Other Terrain Types===→===Fortifications===\nA fortification is a building with walls.\n\n===Other Terrain Types===",
        summary="a new section",
    )
    message = refused(project, "--api", wiki.api)
    assert "section 'Fortifications' is on no page; add a page for it in mkdocs.yml" in message


# A wiki's life: hidden revisions, moves, renamed rules.

NEW_TITLE = "Scrollhammer Rules Book"
VANDAL = "suffers damage→suffers VANDALISM"


def test_a_hidden_revision_is_passed_over_in_a_first_sync_from_the_api_and_from_an_export(
    wiki: Wiki, project: Path, tmp_path: Path
) -> None:
    typo = wiki.edit(TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
    vandal = wiki.edit(TITLE, VANDAL, summary="lol")
    wiki.edit(TITLE, "suffers VANDALISM→suffers damage", summary="revert vandalism")
    wiki.hide(vandal)
    twin = tmp_path / "twin"
    shutil.copytree(project, twin)
    out = synced(project, "--api", wiki.api)
    assert (
        f"hidden on the wiki, passed over (the next revision carries its change): revision {vandal} "
        f"of '{TITLE}' ({revisions(project)[0]['time'][:10]}; the wiki hides its words, editor, summary)"
    ) in out
    (hidden,) = [r for r in revisions(project) if r["rev"] == vandal]
    assert (hidden["hidden"], hidden["user"], hidden["summary"], hidden["sha1"]) == (
        ["text", "user", "summary"],
        "",
        "",
        "",
    )
    text = (project / "rules.history.jsonl").read_text("utf-8")
    assert "VANDALISM" not in text
    assert "lol" not in text
    assert not any(v.edit and v.edit.rev == vandal for vs in history(project).versions.values() for v in vs)
    battlements = history(project).versions[RuleRef.parse(BATTLEMENTS)]
    assert [v.edit.rev for v in battlements if v.edit][1:] == [typo], "the revert gives the typo's words again"
    export = tmp_path / "export.xml"
    export.write_bytes(wiki.export(TITLE))
    synced(twin, "--export", str(export))
    for name in (str(PAGE_FILE), str(SYNCED / "revisions.jsonl"), "rules.history.jsonl", "anchors.lock.json"):
        assert (twin / name).read_bytes() == (project / name).read_bytes(), name


def test_a_revision_hidden_after_its_words_were_recorded_keeps_its_pinned_notice(wiki: Wiki, tmp_path: Path) -> None:
    full = copy_project(tmp_path / "full")
    vandal = wiki.edit(TITLE, "suffers darnage→suffers VANDALISM", summary="lol")
    synced(full, "--api", wiki.api)  # the vandal's words are recorded (and a link may pin them)
    pinned = history(full).versions[RuleRef.parse(BATTLEMENTS)][-1]
    assert "VANDALISM" in pinned.words
    wiki.edit(TITLE, "suffers VANDALISM→suffers damage", summary="revert")
    wiki.hide(vandal)
    shutil.rmtree(full / SYNCED)  # a sync from scratch (a new clone of the wiki's folder)
    out = synced(full, "--api", wiki.api)
    assert f"kept from before (the wiki does not give these words now): {BATTLEMENTS} v={pinned.version}" in out
    site = tmp_path / "site"
    build_site(full, site, port=free_port(), frozen=True)
    page = (site / "buildings" / "index.html").read_text("utf-8")
    data = json.loads(page.split('id="rule-versions" data-json=\'', 1)[1].split("'", 1)[0].replace("&#39;", "'"))
    assert pinned.version in [o["v"] for o in data["older"][BATTLEMENTS.split("#", 1)[1]]]


def test_a_moved_page_is_followed_by_its_id_and_its_history_is_written_once(wiki: Wiki, project: Path) -> None:
    synced(project, "--api", wiki.api)
    history_lines = (project / "rules.history.jsonl").read_text("utf-8").count("\n")
    wiki.move(TITLE, NEW_TITLE, reason="a better name")
    typo = wiki.edit(NEW_TITLE, "suffers darnage→suffers damage", summary="typo: darnage")
    out = synced(project, "--api", wiki.api)
    state = json.loads((project / SYNCED / "wiki.json").read_text("utf-8"))
    (move,) = state["moves"]
    assert (move["old"], move["new"], move["user"], move["reason"]) == (TITLE, NEW_TITLE, "Admin", "a better name")
    assert f"followed the wiki's move of '{TITLE}' → '{NEW_TITLE}' (revision {move['rev']}, " in out
    assert [r["rev"] for r in revisions(project)][-2:] == [move["rev"], typo]
    assert len({r["rev"] for r in revisions(project)}) == len(revisions(project)), "no revision twice"
    assert (project / "rules.history.jsonl").read_text("utf-8").count("\n") == history_lines + 1, "one new version"
    assert tomllib.loads((project / "wiki.toml").read_text("utf-8"))["pages"] == [NEW_TITLE]
    assert not (project / PAGE_FILE).exists(), "the old title's file is removed"
    assert (project / SYNCED / "Scrollhammer_Rules_Book.wiki").read_bytes() == wiki.raw(NEW_TITLE)
    assert [p["title"] for p in state["pages"]] == [NEW_TITLE]
    assert "in step with the wiki" in synced(project, "--api", wiki.api)


def test_a_move_without_a_redirect_is_followed_from_an_export(wiki: Wiki, project: Path, tmp_path: Path) -> None:
    synced(project, "--api", wiki.api)
    wiki.move(TITLE, NEW_TITLE, reason="no redirect", redirect=False)
    export = tmp_path / "export.xml"
    export.write_bytes(wiki.export(NEW_TITLE))
    out = synced(project, "--export", str(export))
    assert f"followed the wiki's move of '{TITLE}' → '{NEW_TITLE}'" in out
    assert tomllib.loads((project / "wiki.toml").read_text("utf-8"))["pages"] == [NEW_TITLE]
    assert not (project / PAGE_FILE).exists()


def test_a_synced_title_that_now_redirects_to_another_page_stops(wiki: Wiki, project: Path) -> None:
    synced(project, "--api", wiki.api)
    wiki.move(TITLE, NEW_TITLE, reason="a better name")
    wiki.edit("Another Book", text="==Another==\nNot ours.", summary="another page")
    wiki.edit(TITLE, text="#REDIRECT [[Another Book]]", summary="point the old name elsewhere")
    message = refused(project, "--api", wiki.api)
    assert f"'{TITLE}' is a redirect to 'Another Book', another page than the one synced" in message


RENAMES = {
    "other-terrain#lava": "other-terrain#lava-flows",
    "other-terrain#lava-difficult-terrain-treated-lethal-terrain": (
        "other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain"
    ),
    "buildings#attacking-buildings-building-reaches-0-armour-value": (
        "buildings#attacking-buildings-should-building-reach-0-armour"
    ),
}


def rename_and_reword(wiki: Wiki) -> None:
    wiki.edit(TITLE, "'''Lava'''→'''Lava Flows'''", summary="Lava Flows")
    wiki.edit(TITLE, "If a Building reaches 0 armour value→Should a Building reach 0 armour value", summary="reword")


def test_a_renamed_heading_and_reworded_first_words_are_aliased_by_the_sync(wiki: Wiki, tmp_path: Path) -> None:
    full = copy_project(tmp_path / "full")
    synced(full, "--api", wiki.api)
    rename_and_reword(wiki)
    asked = tmp_path / "asked"
    shutil.copytree(full, asked, ignore=shutil.ignore_patterns("site", ".venv", "node_modules"))
    out = synced(full, "--api", wiki.api)
    for old, new in RENAMES.items():
        assert f"aliased (the old link lands on the rule): {old} → {new} (" in out
    assert "(its paragraphs moved there)" in out
    aliases = json.loads((full / "anchors.lock.json").read_text("utf-8"))["aliases"]
    assert {k: v for k, v in aliases.items() if k in RENAMES} == RENAMES
    site = tmp_path / "site"
    build_site(full, site, port=free_port(), frozen=True)
    page = (site / "other-terrain" / "index.html").read_text("utf-8")
    assert '"lava": "#lava-flows"' in page, "the old link lands on the renamed rule"
    assert (site / "r" / "other-terrain" / "lava" / "index.html").is_file(), "the old card still answers"
    message = refused(asked, "--api", wiki.api, "--ask-aliases")
    assert "other-terrain#lava" in message
    assert '"aliases"' in message


def test_a_rename_in_doubt_stops_naming_it_and_the_others_are_not_written(wiki: Wiki, project: Path) -> None:
    """One edit renames Lava and puts its rule's words in a second place: where the rule went is
    in doubt, so the sync stops at that edit, naming it, and writes nothing (not even the
    aliases it found beyond doubt before it, in the same sync)."""
    synced(project, "--api", wiki.api)
    before = snapshot(project)
    paragraph = "Lava is Difficult Terrain. It is treated as Lethal Terrain by units that are not Immune to Flame."
    wiki.edit(TITLE, "'''Boulders'''→'''Rocks'''", summary="Rocks")
    text = wiki.site.pages[TITLE].text().replace("'''Lava'''", "'''Lava Flows'''", 1)
    text = text.replace("'''Tall Grass and Hedges'''", f"'''Magma'''\n\n{paragraph}\n\n'''Tall Grass and Hedges'''", 1)
    doubt = wiki.edit(TITLE, text=text, summary="Lava Flows, and magma")
    message = refused(project, "--api", wiki.api)
    assert f"revision {doubt} of" in message
    assert "cannot be placed without a person" in message
    assert "other-terrain#lava-difficult-terrain-treated-lethal-terrain: its words are now at" in message
    assert snapshot(project) == before
