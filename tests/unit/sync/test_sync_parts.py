"""The sync's pure parts: the history's edit fields, the revisions file, the SHA-1 check, the
first sync's merge with the versions builds saw, and which files a build reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_scripts.cards.rule_history import Edit, RuleHistory, Version, version_of
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from build_scripts.settings.wiki import WikiSettings
from build_scripts.sync.fetched import check_revisions
from build_scripts.sync.model import Revision, SyncError, SyncState, load_revisions, revision_sha1
from build_scripts.sync.replay import keep_older
from build_scripts.sync.source import rulebook_source

RULE = RuleRef.parse("buildings#total-collapse")


def version(words: str, date: str, edit: Edit | None = None) -> Version:
    return Version(RULE, date, version_of(words), "Buildings", words, edit)


def test_a_version_names_its_edit_and_reads_back() -> None:
    v = version("6: Total Collapse", "2026-11-03", Edit(12, "Ann", "clarify battlements"))
    line = json.loads(v.line())
    assert (line["rev"], line["user"], line["summary"]) == (12, "Ann", "clarify battlements")
    assert RuleHistory.loads(v.line() + "\n").versions[RULE] == (v,)
    assert "rev" not in json.loads(version("6: Total Collapse", "2026-11-03").line())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rev": 12}, "either all of rev, user, summary or none"),
        ({"rev": "12", "user": "Ann", "summary": ""}, "rev '12' is not a revision id"),
        ({"rev": 0, "user": "Ann", "summary": ""}, "rev 0 is not a revision id"),
        ({"rev": 3, "user": 5, "summary": ""}, "every value but rev must be a string"),
    ],
)
def test_a_malformed_edit_fails_naming_the_line(change: dict[str, object], message: str) -> None:
    line = json.loads(version("6: Total Collapse", "2026-11-03").line()) | change
    with pytest.raises(RulebookError, match=message) as caught:
        RuleHistory.loads("\n" + json.dumps(line) + "\n")
    assert str(caught.value).startswith("rules.history.jsonl:2:")


def revision(rev: int, text: str | None, sha1: str | None = None) -> Revision:
    sha = revision_sha1(text or "") if sha1 is None else sha1
    return Revision("Rulebook", rev, rev - 1, "2026-11-03T10:00:00Z", "Ann", "typo", sha, text)


def test_revisions_round_trip_and_a_bad_line_is_named() -> None:
    r = revision(7, "==A==")
    assert load_revisions(r.line() + "\n") == [r]
    with pytest.raises(SyncError, match=r"revisions.jsonl:2: not a revision"):
        load_revisions(r.line() + "\n{}\n")


def test_a_text_that_is_not_the_one_the_wiki_hashed_is_refused() -> None:
    assert [r.rev for r in check_revisions("Rulebook", [revision(3, "b"), revision(2, "a")], 1)] == [2, 3]
    with pytest.raises(SyncError, match=r"revision 3 .* not the one the wiki hashed"):
        check_revisions("Rulebook", [revision(3, "cut", sha1=revision_sha1("cut short"))], 0)
    with pytest.raises(SyncError, match=r"revision 4 .* has no text"):
        check_revisions("Rulebook", [revision(4, None)], 0)


def test_a_first_sync_keeps_older_words_builds_saw_and_lists_newer_ones() -> None:
    wiki = RuleHistory(
        {RULE: (version("b", "2026-11-03", Edit(2, "Ann", "")), version("c", "2026-11-05", Edit(3, "Ann", "")))}
    )
    before = RuleHistory({RULE: (version("a", "2026-10-01"), version("b", "2026-10-02"), version("x", "2026-12-01"))})
    merged, dropped = keep_older(wiki, before)
    assert [v.words for v in merged.versions[RULE]] == ["a", "b", "c"]
    assert merged.versions[RULE][1].edit == Edit(2, "Ann", "")
    assert dropped == [f"{RULE} v={version_of('x')} (2026-12-01)"]


def test_a_build_reads_the_synced_pages_once_there_are_any(tmp_path: Path) -> None:
    (tmp_path / "exports").mkdir()
    (tmp_path / "exports" / "a.wiki").write_bytes(b"export")
    wiki = WikiSettings(tmp_path / "wiki.toml", "", ("Rulebook",), tmp_path / "synced")
    assert rulebook_source(tmp_path / "exports", ["a.wiki"], None).files == [("a.wiki", b"export")], "no wiki.toml"
    assert rulebook_source(tmp_path / "exports", ["a.wiki"], wiki).files == [("a.wiki", b"export")], "nothing synced"
    (tmp_path / "synced").mkdir()
    state = SyncState("http://w/api.php", "http://w/index.php", ())
    (tmp_path / "synced" / "wiki.json").write_text(
        state.dumps().replace('"pages": []', '"pages": [{"title": "Rulebook", "file": "Rulebook.wiki", "rev": 4}]'),
        "utf-8",
    )
    with pytest.raises(RulebookError, match=r"names Rulebook\.wiki, which is not there; run make sync"):
        rulebook_source(tmp_path / "exports", ["a.wiki"], wiki)
    (tmp_path / "synced" / "Rulebook.wiki").write_bytes(b"==Page==")
    source = rulebook_source(tmp_path / "exports", ["a.wiki"], wiki)
    assert (source.files, source.synced, source.wiki_index) == (
        [("Rulebook.wiki", b"==Page==")],
        True,
        "http://w/index.php",
    )
