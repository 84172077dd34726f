"""What changed, for players: the entries (newest first, quiet revisions folded, a renamed
rule's words compared with its old id's, a hidden revision named), the pages (flat: at most
PER_PAGE entries each), and the Atom feed as a real feed reader (feedparser) reads it."""

from __future__ import annotations

import feedparser  # type: ignore[import-untyped]

from build_scripts.cards.rule_history import Edit, RuleHistory, Version, version_of
from build_scripts.changes.entries import changes
from build_scripts.changes.feed import LATEST, atom_feed
from build_scripts.changes.pages import PER_PAGE, changes_pages
from build_scripts.core.model import RuleRef
from build_scripts.sync.model import Revision

OLD = RuleRef.parse("other-terrain#lava")
NEW = RuleRef.parse("other-terrain#lava-flows")
CHART = RuleRef.parse("buildings#total-collapse")


def version(rule: RuleRef, words: str, date: str, rev: int = 0) -> Version:
    edit = Edit(rev, "Ann", f"edit {rev}") if rev else None
    return Version(rule, date, version_of(words), f"Place of {rule.id}", words, edit)


def revision(rev: int, hidden: tuple[str, ...] = ()) -> Revision:
    user, summary = ("", "") if hidden else ("Ann", f"edit {rev}")
    return Revision("Rulebook", rev, rev - 1, f"2026-11-{rev:02d}T10:00:00Z", user, summary, "", None, hidden)


HISTORY = RuleHistory(
    {
        CHART: (
            version(CHART, "6: Total Collapse", "2026-11-02", 2),
            version(CHART, "6: Total Collapse!", "2026-11-03", 3),
        ),
        OLD: (version(OLD, "Lava", "2026-11-02", 2),),
        NEW: (version(NEW, "Lava Flows", "2026-11-06", 6),),
    }
)
REVISIONS = [revision(2), revision(3), revision(4, ("text", "user", "summary")), revision(5), revision(6)]


def test_entries_are_newest_first_with_quiet_revisions_folded_and_renames_compared() -> None:
    entries = changes(HISTORY, REVISIONS, {OLD: NEW}, {"buildings": 0, "other-terrain": 1})
    assert [e.key for e in entries] == ["rev-6", "rev-3", "rev-2"]
    renamed = entries[0].changed[0]
    assert (renamed.rule, renamed.now, renamed.before, renamed.after) == (NEW, NEW, "Lava", "Lava Flows")
    assert ("ins", " Flows") in renamed.diff
    assert [(q.rev, q.hidden) for q in entries[1].quiet] == [(4, ("text", "user", "summary")), (5, ())]
    assert [c.rule for c in entries[2].new] == [CHART, OLD], "the book's order"
    assert entries[1].changed[0].before == "6: Total Collapse"


def test_a_book_kept_as_exports_has_a_day_of_builds_per_entry() -> None:
    history = RuleHistory({CHART: (version(CHART, "a", "2026-12-01"), version(CHART, "b", "2026-12-04"))})
    entries = changes(history, [], {}, {})
    assert [(e.key, e.rev, e.user) for e in entries] == [("day-2026-12-04", 0, ""), ("day-2026-12-01", 0, "")]


def test_an_entry_takes_its_time_editor_summary_and_hidden_parts_from_the_wiki() -> None:
    hidden = Revision("Rulebook", 3, 2, "2026-11-03T09:30:00Z", "Bea", "tidy", "", None, ("user",))
    entries = changes(HISTORY, [revision(2), hidden], {}, {})
    third = next(e for e in entries if e.rev == 3)
    assert (third.time, third.user, third.summary, third.hidden) == ("2026-11-03T09:30:00Z", "Bea", "tidy", ("user",))
    first = next(e for e in entries if e.rev == 2)
    assert (first.time, first.user, first.summary, first.hidden) == ("2026-11-02T10:00:00Z", "Ann", "edit 2", ())


def test_without_the_wiki_revision_an_entry_names_the_edit_its_words_recorded() -> None:
    entries = changes(HISTORY, [], {}, {})
    third = next(e for e in entries if e.rev == 3)
    assert (third.time, third.user, third.summary, third.hidden) == ("2026-11-03", "Ann", "edit 3", ())


def test_the_rules_of_an_entry_come_in_the_books_order_of_pages_then_ids() -> None:
    a, b, c = (RuleRef.parse(r) for r in ("ruins#b", "ruins#a", "zeta#a"))
    history = RuleHistory({r: (version(r, r.id, "2026-11-02", 2),) for r in (a, b, c, CHART)})
    [entry] = changes(history, [revision(2)], {}, {"ruins": 0, "buildings": 1})
    assert [c.rule for c in entry.new] == [b, a, CHART, c], "ruins first, then buildings, then a page not in the order"


def test_a_renamed_rule_with_the_same_words_is_no_change_and_its_earlier_words_come_from_the_old_id() -> None:
    history = RuleHistory(
        {
            OLD: (version(OLD, "Lava", "2026-11-02", 2), version(OLD, "Hot lava", "2026-11-03", 3)),
            NEW: (version(NEW, "Hot lava", "2026-11-06", 6), version(NEW, "Lava flows", "2026-11-07", 7)),
        }
    )
    entries = changes(history, [revision(n) for n in (2, 3, 6, 7)], {OLD: NEW}, {})
    assert [e.rev for e in entries] == [7, 3, 2], "the rename kept its words: no entry for 6"
    assert entries[0].changed[0].before == "Hot lava"
    assert entries[1].changed[0].now == NEW, "an old id's change is read where the rule is now"


def test_a_quiet_revision_at_the_same_time_as_an_entry_is_folded_after_it_only_when_later() -> None:
    same_time = Revision("Rulebook", 7, 6, "2026-11-03T10:00:00Z", "Cy", "comment", "", None, ())
    entries = changes(HISTORY, [*REVISIONS[:2], same_time], {}, {})
    three = next(e for e in entries if e.rev == 3)
    assert [(q.rev, q.time, q.user, q.summary) for q in three.quiet] == [(7, "2026-11-03T10:00:00Z", "Cy", "comment")]


def test_a_builds_day_comes_before_any_revision_of_that_day() -> None:
    history = RuleHistory({CHART: (version(CHART, "a", "2026-11-03"), version(CHART, "b", "2026-11-03", 3))})
    entries = changes(history, [revision(3)], {}, {})
    assert [e.key for e in entries] == ["rev-3", "day-2026-11-03"]


def test_a_few_new_rules_are_listed_and_many_are_counted() -> None:
    rules = [RuleRef.parse(f"ruins#r{n:02d}") for n in range(13)]
    few = changes(RuleHistory({r: (version(r, r.id, "2026-11-02", 2),) for r in rules[:12]}), [revision(2)], {}, {})
    assert len(few[0].listed_new()) == 12
    many = changes(RuleHistory({r: (version(r, r.id, "2026-11-02", 2),) for r in rules}), [revision(2)], {}, {})
    assert many[0].listed_new() == ()
    assert many[0].rules == 13


def test_the_pages_hold_at_most_per_page_entries_each_and_link_each_other() -> None:
    history = RuleHistory(
        {CHART: tuple(version(CHART, f"words {n}", f"2026-11-{n:02d}", n) for n in range(1, PER_PAGE + 6))}
    )
    entries = changes(history, [], {}, {"buildings": 0})
    pages = changes_pages(entries, name="changes", title="What changed", wiki_index="http://w/index.php", synced=True)
    assert [p.file for p in pages] == ["changes.md", "changes/page-2.md"]
    assert pages[0].markdown.count("\n## Revision ") == PER_PAGE
    assert 'href="page-2/">Older changes →' in pages[0].markdown
    assert 'href="../">← Newer changes' in pages[1].markdown
    assert 'href="../../buildings/#total-collapse"' in pages[1].markdown
    assert 'href="http://w/index.php?diff=prev&amp;oldid=5"' in pages[1].markdown


def test_the_feed_is_valid_atom_as_a_feed_reader_reads_it() -> None:
    history = RuleHistory(
        {CHART: tuple(version(CHART, f"words <{n}> & more", f"2026-11-{n:02d}", n) for n in range(1, LATEST + 5))}
    )
    entries = changes(history, [], {}, {"buildings": 0})
    xml = atom_feed(
        entries, site_name="Scrollhammer Rules", site_url="https://rules.example.org/", changes="changes", wiki_index=""
    )
    feed = feedparser.parse(xml)
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title == "Scrollhammer Rules: what changed in the rules"
    assert len(feed.entries) == LATEST
    newest = feed.entries[0]
    assert newest.title == f"Revision {LATEST + 4}: edit {LATEST + 4}"
    assert newest.link == f"https://rules.example.org/changes/#rev-{LATEST + 4}"
    assert newest.author == "Ann"
    assert "<del>" in newest.content[0].value
    assert "https://rules.example.org/buildings/#total-collapse" in newest.content[0].value
    assert len({e.id for e in feed.entries}) == LATEST


def test_a_renamed_rules_earlier_words_are_its_old_ids_last_before_the_rename_not_after() -> None:
    # The old id answered again later the same day (the rename reverted at revision 5): its
    # words of then are not what the renamed rule had before.
    history = RuleHistory(
        {
            OLD: (version(OLD, "Lava", "2026-11-01", 2), version(OLD, "Lava is hot", "2026-11-02", 5)),
            NEW: (version(NEW, "Lava Flows", "2026-11-02", 3),),
        }
    )
    entries = changes(history, [revision(n) for n in (2, 3, 5)], {OLD: NEW}, {})
    renamed = next(e for e in entries if e.rev == 3).changed[0]
    assert (renamed.before, renamed.after, renamed.version) == ("Lava", "Lava Flows", version_of("Lava Flows"))


def test_a_rename_within_one_day_of_builds_reads_the_old_ids_words_of_that_day() -> None:
    history = RuleHistory(
        {OLD: (version(OLD, "Lava", "2026-12-01"),), NEW: (version(NEW, "Lava Flows", "2026-12-01"),)}
    )
    [entry] = changes(history, [], {OLD: NEW}, {})
    assert [(c.rule, c.before, c.after) for c in entry.changed] == [(NEW, "Lava", "Lava Flows")]
    assert (entry.user, entry.summary) == ("", "")


def test_an_alias_from_an_id_never_recorded_leaves_the_rule_new() -> None:
    history = RuleHistory({NEW: (version(NEW, "Lava Flows", "2026-11-06", 6),)})
    [entry] = changes(history, [revision(6)], {RuleRef.parse("other-terrain#gone"): NEW}, {})
    assert [(c.rule, c.before) for c in entry.new] == [(NEW, None)]


def test_a_builds_words_come_before_the_first_revision_of_their_day() -> None:
    """The rule's new id was first seen by a build on 1 November; the wiki's first revision
    (1) wrote the old id's words later that day: they are not what the rule had before."""
    history = RuleHistory(
        {OLD: (version(OLD, "Lava is hot", "2026-11-01", 1),), NEW: (version(NEW, "Lava Flows", "2026-11-01"),)}
    )
    entries = changes(history, [revision(1)], {OLD: NEW}, {})
    [built] = [e for e in entries if not e.rev]
    assert [(c.rule, c.before) for c in built.new] == [(NEW, None)]
    assert not built.changed
