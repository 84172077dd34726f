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
    said = str(stopped.value)
    assert "cannot be placed without a person" in said
    assert "terrain#forest" in said


def test_a_hidden_revision_is_passed_over_and_named_and_the_next_carries_its_change() -> None:
    result = run(rev(1, BOOK), rev(2, None), rev(3, BOOK.replace("Trees", "Old trees")))
    assert result.hidden == [rev(2, None).label()]
    changed = result.history.versions[RuleRef("terrain", "forest-old-trees-grant-cover-units")]
    assert changed[0].edit.rev == 3


def test_a_revision_the_build_refuses_is_named_and_the_last_one_refused_stops_the_sync() -> None:
    broken = BOOK.replace("'''Forest'''", "'''Forest")
    result = run(rev(1, BOOK), rev(2, broken), rev(3, BOOK))
    [refused] = result.refused
    assert refused.startswith(rev(2, broken).label() + ": ")
    with pytest.raises(SyncError, match=r"is refused by the build"):
        run(rev(1, BOOK), rev(2, broken))


def test_no_revision_giving_the_book_stops_the_sync() -> None:
    with pytest.raises(SyncError, match=r"^no revision gives every page of the book"):
        run(rev(1, None))
