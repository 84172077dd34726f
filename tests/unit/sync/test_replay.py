"""The sync's replay of wiki revisions on a small book, without a wiki: each revision's words
recorded with its edit, the lock carried revision to revision (a renamed heading aliased by
the sync itself, a rename reverted taken back), a hidden revision passed over and named, a
revision the build refuses named and carried by the next, and a stop naming the id in doubt.
(The sync tier replays the real rulebook, from export files and on a real MediaWiki.)"""

from __future__ import annotations

import pytest

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.book import PageSpec
from build_scripts.sync.fetched import check_revisions
from build_scripts.sync.model import Revision, SyncError
from build_scripts.sync.replay import Replayed, replay

PAGES = [PageSpec("terrain", "Terrain")]
BOOK = """==Terrain==
'''Lava'''

Lava is hot and it burns.

'''Forest'''

Trees grant cover to units inside.
"""


def rev(n: int, text: str | None, *, day: int | None = None) -> Revision:
    hidden = ("text",) if text is None else ()
    when = f"2026-11-{day or n:02d}T10:00:00Z"
    return Revision("Rulebook", n, n - 1, when, f"user{n}", f"edit {n}", "", text, hidden)


def run(*revisions: Revision, lock: AnchorLock | None = None, aliases: bool = True) -> Replayed:
    return replay(
        ["Rulebook"], {}, list(revisions), PAGES, history=RuleHistory(), lock=lock or AnchorLock(), aliases=aliases
    )


def ids(result: Replayed) -> set[str]:
    return {str(ref) for ref in result.lock.lock.published()}


def test_each_revisions_words_are_recorded_with_its_edit() -> None:
    result = run(rev(1, BOOK), rev(2, BOOK.replace("hot and", "very hot and")))
    lava = result.history.versions[RuleRef("terrain", "lava-hot-burns")]
    assert [(v.date, v.words, v.edit.rev, v.edit.user, v.edit.summary) for v in lava] == [
        ("2026-11-01", "Lava is hot and it burns.", 1, "user1", "edit 1")
    ]
    assert result.versions == 5 + 1, "five rules first, then one reworded"
    reworded = result.history.versions[RuleRef("terrain", "lava-very-hot-burns")]
    assert [(v.date, v.edit.rev) for v in reworded] == [("2026-11-02", 2)]
    assert "terrain#lava-very-hot-burns" in ids(result)


def test_revisions_are_replayed_in_the_order_they_were_made_whatever_order_they_come_in() -> None:
    result = run(rev(2, BOOK.replace("Trees", "Tall trees"), day=2), rev(1, BOOK, day=1))
    forest = result.history.versions[RuleRef("terrain", "forest-tall-trees-grant-cover-units")]
    assert forest[0].edit.rev == 2
    assert result.refused == []


def test_a_renamed_heading_is_aliased_by_the_sync_and_a_reverted_rename_answers_at_its_old_ids() -> None:
    first = run(rev(1, BOOK))
    lock = first.lock.lock
    renamed = run(rev(2, BOOK.replace("'''Lava'''", "'''Lava Flows'''")), lock=lock)
    aliased = {str(old): str(new) for old, (new, _why) in renamed.lock.aliased.items()}
    assert aliased["terrain#lava"] == "terrain#lava-flows"
    back = run(rev(3, BOOK), lock=renamed.lock.lock)
    taken_back = [str(ref) for ref in back.lock.taken_back]
    assert taken_back == ["terrain#lava", "terrain#lava-hot-burns"], "the heading and its paragraph, whose id it names"
    sent_back = {str(old): str(new) for old, (new, _why) in back.lock.aliased.items()}
    assert sent_back == {"terrain#lava-flows": "terrain#lava", "terrain#lava-flows-hot-burns": "terrain#lava-hot-burns"}


def test_without_aliases_a_dropped_id_stops_the_sync_naming_the_revision() -> None:
    lock = run(rev(1, BOOK)).lock.lock
    with pytest.raises(
        SyncError,
        match=r"(?s)^revision 2 of 'Rulebook' .*terrain#lava \(was 'Lava'\).*add the aliases to anchors\.lock\.json, then sync again",
    ):
        run(rev(2, BOOK.replace("'''Lava'''", "'''Lava Flows'''")), lock=lock, aliases=False)


def test_a_rule_that_left_the_book_is_in_doubt_and_named() -> None:
    lock = run(rev(1, BOOK)).lock.lock
    gone = BOOK.replace("'''Forest'''\n\nTrees grant cover to units inside.\n", "")
    with pytest.raises(SyncError) as stopped:
        run(rev(2, gone), lock=lock)
    assert str(stopped.value).splitlines() == [
        f"{rev(2, gone).label()}: 2 published rule id(s) disappeared and cannot be placed without a person:",
        "  terrain#forest: no rule has that text now (was 'Forest')",
        (
            "  terrain#forest-trees-grant-cover-units-inside: no rule has that text now "
            "(was 'Trees grant cover to units inside.')"
        ),
        (
            'Add each to "aliases" in anchors.lock.json, mapped to where the rule is now, then sync again '
            "(the sync writes the 0 other(s) itself)"
        ),
    ]


def test_a_hidden_revision_is_passed_over_and_named_and_the_next_carries_its_change() -> None:
    result = run(rev(1, BOOK), rev(2, None), rev(3, BOOK.replace("Trees", "Old trees")))
    assert result.hidden == [rev(2, None).label()]
    changed = result.history.versions[RuleRef("terrain", "forest-old-trees-grant-cover-units")]
    assert changed[0].edit.rev == 3


def test_a_revision_the_build_refuses_is_named_and_the_last_one_refused_stops_the_sync() -> None:
    broken = BOOK.replace("'''Forest'''", "== ==")  # a heading with no words
    result = run(rev(1, BOOK), rev(2, broken), rev(3, BOOK.replace("Trees", "Old trees")))
    [refused] = result.refused
    assert refused.startswith(rev(2, broken).label() + ": ")
    carried = result.history.versions[RuleRef("terrain", "forest-old-trees-grant-cover-units")]
    assert [v.edit.rev for v in carried] == [3], "the revisions after a refused one are replayed"
    with pytest.raises(SyncError, match=r"is refused by the build"):
        run(rev(1, BOOK), rev(2, broken))


def test_a_page_of_the_book_with_no_words_stops_the_sync_before_and_inside_replay() -> None:
    """A book of two wiki pages, the second with no revision on the wiki and no words from a
    last sync. ``make sync`` stops at the fetch (the latest revision of a page always has
    words: a hidden latest revision never reaches replay either); replay, called by anything
    else with that input, stops too rather than build a book without the page."""
    with pytest.raises(SyncError, match=r"^the wiki gave no revision of 'Appendix'$"):
        check_revisions("Appendix", [], since=0)
    with pytest.raises(SyncError, match=r"is the page's latest and has no text"):
        check_revisions("Rulebook", [rev(1, BOOK), rev(2, None)], since=0)
    with pytest.raises(SyncError, match=r"^no revision gives every page of the book"):
        replay(["Rulebook", "Appendix"], {}, [rev(1, BOOK)], PAGES, history=RuleHistory(), lock=AnchorLock())


def test_what_the_revisions_did_to_the_lock_is_reported_as_one_check() -> None:
    first = run(rev(1, BOOK))
    edited = BOOK.replace("'''Lava'''", "'''Lava Flows'''").replace("units inside.", "units inside it.")
    result = run(rev(2, edited), lock=first.lock.lock)
    check = result.lock
    assert sorted(map(str, check.added)) == ["terrain#lava-flows", "terrain#lava-flows-hot-burns"]
    # the same id, new words: Forest's rule (the lock's entry of a renamed id is kept as it was)
    assert [str(ref) for ref in check.changed] == ["terrain#forest-trees-grant-cover-units-inside"]
    assert {old: str(new) for old, new in check.moved["terrain"].items()} == {
        "lava": "terrain#lava-flows",
        "lava-hot-burns": "terrain#lava-flows-hot-burns",
    }
    assert check.is_updated


def test_a_sync_from_the_last_syncs_words_follows_a_renamed_heading_whose_rule_kept_its_id() -> None:
    """Lava's rule was reworded ("Lava flows are…": its id begins lava-flows-) in the last sync;
    this one renames its heading Lava Flows: no paragraph moved under the new heading, and only
    the book as the last sync left it (``texts``) says the heading's rule is under Lava Flows now."""
    reworded = BOOK.replace("Lava is hot and it burns.", "Lava flows are hot and it burns.")
    last_sync = run(rev(1, reworded))
    renamed = reworded.replace("'''Lava'''", "'''Lava Flows'''")
    result = replay(
        ["Rulebook"],
        {"Rulebook": reworded},
        [rev(2, renamed)],
        PAGES,
        history=last_sync.history,
        lock=last_sync.lock.lock,
    )
    aliased = {str(old): (str(new), why) for old, (new, why) in result.lock.aliased.items()}
    assert aliased == {"terrain#lava": ("terrain#lava-flows", "its rules are now under")}
    assert result.versions == 1, "the new heading's words only"


def test_a_run_of_edits_in_one_sync_carries_each_ones_book_to_the_next() -> None:
    """Reworded in one edit, renamed in the next, both before one sync: the rename is placed with
    the book as the first edit left it, as a sync after each edit would place it."""
    lock = run(rev(1, BOOK)).lock.lock
    reworded = BOOK.replace("Lava is hot and it burns.", "Lava flows are hot and it burns.")
    renamed = reworded.replace("'''Lava'''", "'''Lava Flows'''")
    both = run(rev(2, reworded), rev(3, renamed), lock=lock)
    after_first = run(rev(2, reworded), lock=lock).lock.lock
    one_by_one = replay(
        ["Rulebook"], {"Rulebook": reworded}, [rev(3, renamed)], PAGES, history=RuleHistory(), lock=after_first
    )
    assert both.lock.lock.aliases == one_by_one.lock.lock.aliases
    assert str(both.lock.lock.aliases[RuleRef("terrain", "lava")]) == "terrain#lava-flows"


def test_a_page_not_on_the_wiki_yet_waits_and_the_revision_that_completes_the_book_is_replayed() -> None:
    two = [PageSpec("terrain", "Terrain"), PageSpec("ruins", "Ruins")]
    ruins = "==Ruins==\n'''Walls'''\n\nWalls block sight.\n"
    revisions = [
        rev(1, BOOK),
        Revision("Ruins", 2, 0, "2026-11-02T10:00:00Z", "user2", "edit 2", "", ruins, ()),
        rev(3, BOOK.replace("Trees", "Old trees")),
    ]
    result = replay(["Rulebook", "Ruins"], {}, revisions, two, history=RuleHistory(), lock=AnchorLock(), aliases=True)
    walls = result.history.versions[RuleRef("ruins", "walls-block-sight")]
    assert [(v.date, v.edit.rev) for v in walls] == [("2026-11-02", 2)], "first recorded with the page it came in"
    forest = result.history.versions[RuleRef("terrain", "forest-old-trees-grant-cover-units")]
    assert [v.edit.rev for v in forest] == [3], "a revision after the book was whole is replayed too"


def test_an_empty_revision_is_a_page_with_no_words_not_a_missing_one() -> None:
    with pytest.raises(SyncError, match=r"is refused by the build: Rulebook\.wiki:1: the file is empty;"):
        run(rev(1, BOOK), rev(2, ""))


def test_a_sync_whose_only_new_revision_is_hidden_keeps_the_book_as_the_last_sync_left_it() -> None:
    """An unattended sync goes on: the wiki hides the one edit since (a vandal's, say)."""
    last_sync = run(rev(1, BOOK))
    result = replay(
        ["Rulebook"], {"Rulebook": BOOK}, [rev(2, None)], PAGES, history=last_sync.history, lock=last_sync.lock.lock
    )
    assert result.hidden == [rev(2, None).label()]
    assert (result.versions, result.refused) == (0, [])
    assert result.history == last_sync.history
    assert result.lock.lock == last_sync.lock.lock
    assert not result.lock.is_updated


def test_a_revision_made_before_a_move_is_the_page_it_became() -> None:
    """A revision names the page's title then; ``page_of`` gives the title the book knows it by."""
    moved = Revision("Old Rulebook", 1, 0, "2026-11-01T10:00:00Z", "user1", "edit 1", "", BOOK, ())
    result = replay(["Rulebook"], {}, [moved], PAGES, history=RuleHistory(), lock=AnchorLock(), page_of={1: "Rulebook"})
    assert "terrain#lava-hot-burns" in ids(result)


def test_the_lock_is_named_as_the_project_names_it() -> None:
    lock = run(rev(1, BOOK)).lock.lock
    renamed = rev(2, BOOK.replace("Lava'''", "Lava Flows'''"))
    with pytest.raises(SyncError) as stopped:
        replay(
            ["Rulebook"], {}, [renamed], PAGES, history=RuleHistory(), lock=lock, lock_name="ids.lock", aliases=False
        )
    said = str(stopped.value)
    assert said.startswith(f"{renamed.label()}: 2 published rule id(s) disappeared")
    assert 'Add each old id to "aliases" in ids.lock, mapped to where the rule is now.' in said, "the lock's check"
    assert said.endswith("; add the aliases to ids.lock, then sync again")
    assert "anchors.lock.json" not in said
