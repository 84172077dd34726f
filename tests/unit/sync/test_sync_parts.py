"""The sync's pure parts: the history's edit fields, the revisions file (hidden parts
included), the SHA-1 check, which page a title means (by page id, a move followed), the
rewrite of wiki.toml after a move, the first sync's merge with the versions builds saw, and
which files a build reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_scripts.cards.rule_history import Edit, RuleHistory, Version, version_of
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.settings.wiki import WikiSettings
from build_scripts.sync.fetched import WikiPage, check_revisions, find_page, move_revision, moves_among, titled
from build_scripts.sync.model import Move, PageState, Revision, SyncError, SyncState, load_revisions, revision_sha1
from build_scripts.sync.replay import keep_older
from build_scripts.sync.settings import rename_pages
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


def revision(rev: int, text: str | None, sha1: str | None = None, hidden: tuple[str, ...] = ()) -> Revision:
    sha = revision_sha1(text or "") if sha1 is None else sha1
    return Revision("Rulebook", rev, rev - 1, "2026-11-03T10:00:00Z", "Ann", "typo", sha, text, hidden)


def test_revisions_round_trip_and_a_bad_line_is_named() -> None:
    r = revision(7, "==A==")
    assert load_revisions(r.line() + "\n") == [r]
    assert "hidden" not in json.loads(r.line())
    with pytest.raises(SyncError, match=r"revisions.jsonl:2: not a revision"):
        load_revisions(r.line() + "\n{}\n")


def test_a_hidden_revision_is_recorded_with_its_id_and_time_and_no_words() -> None:
    r = Revision("Rulebook", 8, 7, "2026-11-03T10:00:00Z", "", "", "", None, ("text", "user", "summary"))
    line = json.loads(r.line())
    assert line == {
        "page": "Rulebook",
        "rev": 8,
        "parent": 7,
        "time": "2026-11-03T10:00:00Z",
        "user": "",
        "summary": "",
        "sha1": "",
        "hidden": ["text", "user", "summary"],
    }
    assert load_revisions(r.line() + "\n") == [r]
    assert r.label() == "revision 8 of 'Rulebook' (2026-11-03; the wiki hides its words, editor, summary)"
    with pytest.raises(SyncError, match=r"revisions.jsonl:1: hidden must list some of text, user, summary"):
        load_revisions(json.dumps(line | {"hidden": ["everything"]}) + "\n")


def test_a_text_that_is_not_the_one_the_wiki_hashed_is_refused() -> None:
    assert [r.rev for r in check_revisions("Rulebook", [revision(3, "b"), revision(2, "a")], 1)] == [2, 3]
    with pytest.raises(SyncError, match=r"revision 3 .* not the one the wiki hashed"):
        check_revisions("Rulebook", [revision(3, "cut", sha1=revision_sha1("cut short"))], 0)
    with pytest.raises(SyncError, match=r"revision 4 .* came without its text"):
        check_revisions("Rulebook", [revision(4, None)], 0)


def test_a_hidden_revision_passes_and_the_latest_must_have_its_words() -> None:
    hidden = revision(4, None, sha1="", hidden=("text",))
    assert [r.rev for r in check_revisions("Rulebook", [revision(3, "a"), hidden, revision(5, "c")], 0)] == [3, 4, 5]
    with pytest.raises(SyncError, match=r"revision 4 .* is the page's latest and has no text"):
        check_revisions("Rulebook", [revision(3, "a"), hidden], 0)


PAGES = {
    2: WikiPage(2, "Scrollhammer Rules Book"),
    3: WikiPage(3, "Scrollhammer Rulebook", redirect="Scrollhammer Rules Book"),
    9: WikiPage(9, "Other"),
}


def lookup(pages: dict[int, WikiPage]) -> tuple[object, object]:
    titles = {p.title: p for p in pages.values()}
    return titles.get, pages.get


def test_a_synced_page_is_found_by_its_id_after_a_move() -> None:
    by_title, by_id = lookup(PAGES)
    synced = [PageState("Scrollhammer Rulebook", "Scrollhammer_Rulebook.wiki", 5, 2)]
    page, known = find_page("Scrollhammer Rulebook", synced, by_title, by_id)  # type: ignore[arg-type]
    assert (page.title, page.id, known) == ("Scrollhammer Rules Book", 2, synced[0])
    # wiki.toml already names the new title: the same page, the same history
    page, known = find_page("Scrollhammer Rules Book", synced, by_title, by_id)  # type: ignore[arg-type]
    assert (page.id, known) == (2, synced[0])


def test_a_title_that_redirects_to_another_page_than_the_synced_one_stops() -> None:
    pages = PAGES | {3: WikiPage(3, "Scrollhammer Rulebook", redirect="Other")}
    by_title, by_id = lookup(pages)
    synced = [PageState("Scrollhammer Rulebook", "Scrollhammer_Rulebook.wiki", 5, 2)]
    with pytest.raises(SyncError, match=r"a redirect to 'Other', another page than the one synced"):
        find_page("Scrollhammer Rulebook", synced, by_title, by_id)  # type: ignore[arg-type]
    with pytest.raises(SyncError, match=r"'Other' is now another page \(id 9\) than the one synced \(id 2"):
        find_page("Other", [PageState("Other", "Other.wiki", 5, 2)], by_title, by_id)  # type: ignore[arg-type]
    with pytest.raises(SyncError, match=r"is a redirect to 'Scrollhammer Rules Book'; name"):
        find_page("Scrollhammer Rulebook", [], *lookup(PAGES))  # type: ignore[arg-type]
    with pytest.raises(SyncError, match=r"page id 7\) is gone from the wiki"):
        find_page("Gone", [PageState("Gone", "Gone.wiki", 5, 7)], by_title, by_id)  # type: ignore[arg-type]


def test_the_moves_revision_is_the_one_whose_summary_names_it() -> None:
    move = Revision("B", 6, 5, "t", "Admin", "Admin moved page [[A]] to [[B]]: a better name", "")
    assert move_revision([revision(5, "x"), move], "A", "B") == move
    assert move_revision([move], "A", "C") is None
    assert Move("A", "B", 6, "2026-12-05T10:00:00Z", "Admin", "a better name").label() == (
        "'A' → 'B' (revision 6, 2026-12-05, Admin: 'a better name')"
    )


def test_wiki_toml_is_rewritten_with_the_new_title_or_left_for_a_person() -> None:
    settings = '# the wiki\napi = "http://w/api.php"\npages = ["A", "Rest"]\n'
    assert rename_pages(settings, {"A": "B"}) == '# the wiki\napi = "http://w/api.php"\npages = ["B", "Rest"]\n'
    assert rename_pages("pages = ['A']\n", {"A": "B"}) is None, "a literal string: left for a person"
    assert rename_pages('pages = ["A"]\n# "A" again\n', {"A": "B"}) is None, "twice: left for a person"


def test_a_first_sync_keeps_the_words_builds_saw_that_the_wiki_does_not_give_in_their_place() -> None:
    wiki = RuleHistory(
        {RULE: (version("b", "2026-11-03", Edit(2, "Ann", "")), version("c", "2026-11-05", Edit(4, "Ann", "")))}
    )
    hidden = version("v", "2026-11-04", Edit(3, "Vandal", "oops"))  # a revision the wiki hides now
    before = RuleHistory({RULE: (version("a", "2026-10-01"), version("b", "2026-10-02"), hidden)})
    merged, kept = keep_older(wiki, before)
    assert [v.words for v in merged.versions[RULE]] == ["a", "b", "v", "c"]
    assert merged.versions[RULE][1].edit == Edit(2, "Ann", "")
    assert kept == [f"{RULE} v={version_of('v')} (2026-11-04)"]
    RuleHistory.loads(merged.dumps())  # dates in order, no version twice in a row


def test_a_first_sync_keeps_older_words_of_every_rule_and_of_rules_the_wiki_never_had() -> None:
    other = RuleRef.parse("ruins#walls")
    gone = RuleRef.parse("ruins#old-walls")

    def of(rule: RuleRef, words: str, date: str, edit: Edit | None = None) -> Version:
        return Version(rule, date, version_of(words), rule.page.title(), words, edit)

    wiki = RuleHistory(
        {
            RULE: (version("b", "2026-11-03", Edit(2, "Ann", "")),),
            other: (of(other, "w2", "2026-11-03", Edit(3, "Ann", "")),),
        }
    )
    before = RuleHistory(
        {
            RULE: (version("b", "2026-11-03", Edit(2, "Ann", "")),),  # nothing to keep: the next rule still is
            other: (of(other, "w1", "2026-11-03", Edit(5, "Bo", "")),),  # the same day, a later edit
            gone: (of(gone, "g", "2026-10-01"),),  # words the wiki never had (from the exports)
        }
    )
    merged, kept = keep_older(wiki, before)
    assert [v.words for v in merged.versions[other]] == ["w2", "w1"], "the same day: by edit"
    assert kept == [f"{other} v={version_of('w1')} (2026-11-03)"], "the same day as the wiki's first: kept and said"
    assert [v.words for v in merged.versions[gone]] == ["g"], "a rule the wiki never had keeps its words"
    assert merged.versions[RULE] == wiki.versions[RULE]


def test_a_first_sync_puts_a_version_without_an_edit_before_an_edit_of_the_same_day() -> None:
    wiki = RuleHistory({RULE: (version("a", "2026-11-03"),)})
    before = RuleHistory({RULE: (version("b", "2026-11-03", Edit(1, "Ann", "")),)})
    merged, kept = keep_older(wiki, before)
    assert [v.words for v in merged.versions[RULE]] == ["a", "b"]
    assert [f"{RULE} v={version_of('b')} (2026-11-03)"] == kept


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


def test_each_revision_is_named_by_the_pages_title_when_it_was_made() -> None:
    """Back from the title now through each move's revision: a sync between the edits and the
    moves, or one after them, writes the same revisions.jsonl."""
    made = [
        revision(5, "x"),
        Revision("C", 6, 5, "t", "Admin", "Admin moved page [[A]] to [[B]]: shorter", ""),
        revision(7, "y"),
        Revision("C", 8, 7, "t", "Admin", "Admin moved page [[B]] to [[C]]", ""),
        revision(9, "z"),
    ]
    assert [r.page for r in titled(made, "C")] == ["A", "B", "B", "C", "C"]
    assert [r.rev for r in titled(made, "C")] == [5, 6, 7, 8, 9]
    assert titled([], "C") == []


def test_the_moves_among_new_revisions_are_each_move_in_order() -> None:
    away = Revision("B", 6, 5, "2026-12-01T10:00:00Z", "Admin", "Admin moved page [[A]] to [[B]]: x", "")
    back = Revision("A", 8, 7, "2026-12-02T10:00:00Z", "Bob", "Bob moved page [[B]] to [[A]]", "")
    assert moves_among([revision(5, "x"), away, revision(7, "y"), back], "A", "A") == (
        Move("A", "B", 6, "2026-12-01T10:00:00Z", "Admin"),
        Move("B", "A", 8, "2026-12-02T10:00:00Z", "Bob"),
    )
    assert moves_among([revision(5, "x")], "A", "B") == (Move("A", "B"),), "a move no revision names"
    assert moves_among([revision(5, "x")], "A", "A") == ()
    assert moves_among([], "", "A") == ()


def test_an_alias_is_taken_back_and_the_others_kept() -> None:
    lock = AnchorLock().with_aliases({"p#a": "p#b", "p#c": "p#d"})
    kept = lock.without_aliases([RuleRef.parse("p#a")])
    assert kept.aliases == {RuleRef.parse("p#c"): RuleRef.parse("p#d")}
    assert kept.follow(RuleRef.parse("p#a")) == RuleRef.parse("p#a")
    assert lock.without_aliases([]) == lock
