"""Rule cards as data: which cards the build makes, their words, and the pages' version data."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build, committed_history, committed_lock

from build_scripts.cards.rule_cards import (
    as_of_span,
    card_path,
    cards_for,
    describe,
    last_change,
    page_versions,
    page_words,
)
from build_scripts.cards.rule_history import Edit, RuleHistory, Version, renamed_from, version_of
from build_scripts.core.model import RuleRef


def test_every_rule_has_a_live_card_with_its_words_and_their_date() -> None:
    result = build()
    live = {c.rule: c for c in result.cards if c.status == "live"}
    rules = {RuleRef(page, item.id): item for page, items in result.anchored.items() for item in items}
    assert set(live) == set(rules)
    assert len(live) == 242
    collapse = live[RuleRef("buildings", "total-collapse")]
    assert collapse.path == "r/buildings/total-collapse/"
    assert collapse.target == "buildings/#total-collapse"
    assert collapse.place == "Buildings › Attacking Buildings › Building Damage Chart › 6: Total Collapse"
    assert collapse.words.startswith("6: Total Collapse\nThe occupying units suffer 2d6 S6 AP0")
    assert collapse.date == committed_history().latest(collapse.rule).date  # type: ignore[union-attr]
    assert collapse.version == version_of(collapse.words)


def test_an_alias_with_the_same_words_is_a_moved_card_and_one_without_is_gone() -> None:
    result = build()
    tremor, collapse = RuleRef("buildings", "tremor"), RuleRef("buildings", "total-collapse")
    lock = committed_lock().with_aliases(
        {"buildings#old-tremor": "buildings#tremor", "buildings#old-rule": "buildings#total-collapse"}
    )
    history = committed_history()
    moved_words = history.latest(tremor)
    assert moved_words is not None
    gone = Version(
        RuleRef("buildings", "old-rule"), "2026-11-01", version_of("Old words."), "Buildings › Old", "Old words."
    )
    history = RuleHistory({**history.versions, gone.rule: (gone,)})
    live = {RuleRef(page, item.id): page_words(item) for page, items in result.anchored.items() for item in items}
    cards = {c.rule: c for c in cards_for(live, lock, history)}
    moved = cards[RuleRef("buildings", "old-tremor")]
    assert (moved.status, moved.leads_to, moved.words) == ("moved", tremor, moved_words.words)
    lost = cards[RuleRef("buildings", "old-rule")]
    assert (lost.status, lost.leads_to, lost.words, lost.date) == ("gone", collapse, "Old words.", "2026-11-01")
    assert lost.leads_to_place.endswith("6: Total Collapse")


@pytest.mark.parametrize(
    ("words", "limit", "expected"),
    [
        ("Short words.", 200, "Short words."),
        ("one two three four", 12, "one two…"),
        ("one two three four", 13, "one two…"),
        ("one two three four", 14, "one two three…"),
        ("1: Breach!\nThe   wall falls.", 200, "1: Breach! The wall falls."),
        ("Unbreakable" * 30, 50, "Unbreakable" * 4 + "Unbre…"),
    ],
)
def test_descriptions_are_cut_at_a_word_with_an_ellipsis_only_when_cut(words: str, limit: int, expected: str) -> None:
    out = describe(words, limit)
    assert out == expected
    assert len(out) <= limit


def test_a_pages_version_data_names_its_cards_folder_and_each_rules_version() -> None:
    result = build()
    items = result.anchored["buildings"]
    data = page_versions("buildings", items, committed_history(), "buildings/")
    assert data["cards"] == "../r/buildings/"
    assert data["rules"]["tremor"][0] == version_of(next(i for i in items if i.id == "tremor").block.full_text)
    assert data["older"] == {}


TREMOR = RuleRef("buildings", "tremor")


def tremor_changed(edit: Edit | None = None) -> tuple[Version, Version, RuleHistory]:
    """Tremor's words as committed, and an older version of them (2026-10-01) that ``edit`` replaced on 2026-11-20."""
    now = committed_history().latest(TREMOR)
    assert now is not None
    old = Version(TREMOR, "2026-10-01", version_of("Tremor, once"), now.place, "Tremor, once")
    later = Version(TREMOR, "2026-11-20", now.version, now.place, now.words, edit)
    return old, now, RuleHistory({**committed_history().versions, TREMOR: (old, later)})


def test_an_older_version_carries_its_words_the_day_it_changed_and_the_difference() -> None:
    items = build().anchored["buildings"]
    old, now, history = tremor_changed()
    data = page_versions("buildings", items, history, "buildings/")
    (entry,) = data["older"]["tremor"]
    assert entry["v"] == old.version
    assert entry["date"] == "2026-10-01"
    assert entry["changed"] == "2026-11-20"
    assert entry["words"] == "Tremor, once"
    assert "".join(t for op, t in entry["diff"] if op != "ins") == "Tremor, once"
    assert "".join(t for op, t in entry["diff"] if op != "del") == now.words
    assert data["rules"]["tremor"] == [now.version, "2026-11-20"]


def test_each_rules_timeline_and_the_books_span_are_what_as_of_reads() -> None:
    items = build().anchored["buildings"]
    old, now, history = tremor_changed(Edit(41, "Ann", "clarify"))
    span = as_of_span(history, [57, 12, 41])
    assert (span.since, span.revisions) == ("2026-10-01", (12, 57))
    data = page_versions("buildings", items, history, "buildings/", span=span)["asof"]
    assert data["since"] == "2026-10-01"
    assert data["revs"] == [12, 57]
    assert data["rules"]["tremor"] == [["2026-10-01", 0, old.version], ["2026-11-20", 41, now.version]]
    assert data["rules"]["total-collapse"] == [
        ["2026-12-01", 0, version_of(next(i for i in items if i.id == "total-collapse").block.full_text)]
    ]
    assert set(data["rules"]) == {i.id for i in items}  # this page's rules, and only them


def test_a_renamed_rules_timeline_starts_with_its_old_ids_words() -> None:
    result = build()
    items = result.anchored["buildings"]
    tremor, old_id = RuleRef("buildings", "tremor"), RuleRef("buildings", "quake")
    now = committed_history().latest(tremor)
    assert now is not None
    quake = Version(
        old_id, "2026-11-02", version_of("Quake, once"), "Buildings › Quake", "Quake, once", Edit(7, "A", "")
    )
    renamed = Version(tremor, "2026-11-20", now.version, now.place, now.words, Edit(9, "B", "rename"))
    history = RuleHistory({**committed_history().versions, old_id: (quake,), tremor: (renamed,)})
    data = page_versions("buildings", items, history, "buildings/", old_ids=renamed_from({old_id: tremor}))
    assert data["asof"]["rules"]["tremor"] == [["2026-11-02", 7, quake.version], ["2026-11-20", 9, now.version]]
    (entry,) = data["older"]["tremor"]
    assert (entry["words"], entry["changed"], entry["by"]["rev"]) == ("Quake, once", "2026-11-20", 9)
    without = page_versions("buildings", items, history, "buildings/")
    assert without["asof"]["rules"]["tremor"] == [["2026-11-20", 9, now.version]]


def test_a_book_kept_as_exports_has_no_revisions_to_name() -> None:
    span = as_of_span(committed_history())
    assert (span.since, span.revisions) == ("2026-12-01", None)
    assert (
        page_versions("buildings", build().anchored["buildings"], committed_history(), "buildings/")["asof"]["revs"]
        is None
    )


def test_card_addresses_are_short_and_stable() -> None:
    assert card_path(RuleRef("unit-types", "cavalry")) == "r/unit-types/cavalry/"


def test_a_pages_last_change_is_one_versions_day_and_revision() -> None:
    """The newest words were seen by a build (revision 0); another rule's older words came from
    revision 15: the page's last change is the day alone, not revision 15, which did not make
    those words. On one day, the later revision; a page of no rules has none."""
    assert last_change({"a": [["2026-12-03", 0, "x"]], "b": [["2026-11-20", 15, "y"]]}) == ("2026-12-03", 0)
    assert last_change({"a": [["2026-12-03", 15, "x"]], "b": [["2026-12-03", 16, "y"]]}) == ("2026-12-03", 16)
    assert last_change({"a": [["2026-11-01", 40, "x"], ["2026-11-02", 3, "y"]]}) == ("2026-11-02", 3)
    assert last_change({"a": []}) == ("", 0)
