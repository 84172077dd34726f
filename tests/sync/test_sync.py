"""``make sync`` against a real MediaWiki (Debian's 1.39 on loopback, tests/support/wiki.py): the
rulebook page made from our exports, edited through the API in a few revisions; each sync
brings each change in, the history and the cards name the revisions, the rule ids survive,
the export path gives the same, and every fault leaves the project as it was."""

from __future__ import annotations

import hashlib
import http.server
import json
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import build_site, copy_project
from support.wiki import TITLE, Wiki, private_copy, running_wiki

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


def sync(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``make sync``'s command, in ``project``."""
    return subprocess.run(
        [sys.executable, "-m", "build_scripts.sync", "--root", str(project), "--retries", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


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
    assert state["pages"] == [{"title": TITLE, "file": PAGE_FILE.name, "rev": first}]
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
    assert proc.stderr.count("\n") == 1, proc.stderr
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
    broken = wiki.edit(TITLE, "===Ruins===→===Ruins", summary="oops")
    message = refused(project, "--api", wiki.api)
    assert f"revision {broken} of 'Scrollhammer Rulebook'" in message
    assert "Scrollhammer_Rulebook.wiki:" in message, "the line"
    fixed = wiki.edit(TITLE, "===Ruins→===Ruins===", summary="fix the heading")
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
