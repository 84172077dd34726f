"""The history of the rules' words (``rules.history.jsonl``): read, checked, appended."""

from __future__ import annotations

import datetime as dt
import json
import time

import pytest
from support import EXPORTS, RULEBOOK
from support.rulebook_helpers import build, committed_history, committed_lock

from build_scripts.cards.rule_history import Edit, RuleHistory, Version, today, version_of
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from harness.project import ROOT

TREMOR = RuleRef("buildings", "tremor")


def line(**changes: str) -> str:
    record = {
        "rule": "buildings#tremor",
        "date": "2026-12-01",
        "v": version_of("Tremor"),
        "place": "Buildings",
        "words": "Tremor",
    }
    record.update(changes)
    return json.dumps(record)


def test_the_committed_history_has_the_words_of_every_rule_of_the_build() -> None:
    result = build()
    history = committed_history()
    assert not result.history.is_updated
    for page, items in result.anchored.items():
        for item in items:
            latest = history.latest(RuleRef(page, item.id))
            assert latest is not None, f"{page}#{item.id} has no words in rules.history.jsonl"
            assert latest.words == item.block.full_text


def test_the_file_round_trips_exactly() -> None:
    text = (ROOT / "rules.history.jsonl").read_text("utf-8")
    assert RuleHistory.loads(text).dumps() == text


def edited(old: bytes, new: bytes) -> dict[str, bytes]:
    """Every export that has ``old``, with it replaced (the exports overlap and must agree)."""
    out = {name: (RULEBOOK / name).read_bytes() for name in EXPORTS}
    changed = {name: data.replace(old, new) for name, data in out.items() if old in data}
    assert changed, old
    return changed


def test_changed_words_get_a_new_version_dated_today_and_the_old_ones_stay() -> None:
    overrides = edited(b"reduced by d3 for the remainder of the battle", b"reduced by d3 for the rest of the battle")
    result = build(overrides, lock=committed_lock(), frozen=False, today="2027-01-15")
    assert result.history.added, "an edited rule must get a new version"
    for rule in result.history.added:
        versions = result.history.history.versions[rule]
        assert len(versions) == 2
        assert versions[0] == committed_history().latest(rule)
        assert versions[1].date == "2027-01-15"
        assert "the rest of the battle" in versions[1].words


def test_a_frozen_build_refuses_words_that_have_no_version_naming_the_rule_and_the_file() -> None:
    history = committed_history()
    without = RuleHistory({rule: vs for rule, vs in history.versions.items() if rule != TREMOR})
    with pytest.raises(RulebookError, match=r"rules\.history\.jsonl is out of date.*buildings#tremor"):
        build(history=without, frozen=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", r"history\.jsonl:1: not a JSON object"),
        ("[1, 2]", r":1: not a JSON object"),
        (line() + "\n" + json.dumps({"rule": "buildings#tremor"}), r":2: expected the keys"),
        (line(extra="x"), r":1: expected the keys .*unknown \['extra'\]"),
        (
            line(extra="x"),
            (
                r":1: expected the keys rule, date, v, place, words, and either all of rev, user, summary or none "
                r"\(missing \[\], unknown \['extra'\]\)$"
            ),
        ),
        (line(rev=3), r":1: expected the keys .* \(missing \['user', 'summary'\], unknown \[\]\)$"),  # type: ignore[arg-type]
        (line(rev=3, user="Ann", summary=5), r":1: every value but rev must be a string$"),  # type: ignore[arg-type]
        (line(rule="tremor"), r":1: 'tremor' is not a rule reference"),
        (line(date="1 Dec 2026"), r":1: date '1 Dec 2026' is not YYYY-MM-DD"),
        (line(date="2026-02-30"), r":1: date '2026-02-30' is not a day of the calendar"),
        (line(v="XYZ"), r":1: v 'XYZ' is not 8 hex digits"),
        (line(v="00000000"), r":1: v '00000000' is not the fingerprint of its words"),
        (line() + "\n" + line(), r":2: buildings#tremor: version .* repeats the line before"),
        (
            line(date="2026-12-05") + "\n" + line(date="2026-12-01", words="Tremors", v=version_of("Tremors")),
            r":2: buildings#tremor: dated 2026-12-01, before its previous version \(2026-12-05\)",
        ),
    ],
)
def test_a_malformed_history_fails_naming_file_and_line(text: str, message: str) -> None:
    with pytest.raises(RulebookError, match=message):
        RuleHistory.loads(text, "rules.history.jsonl")


def test_words_that_come_back_are_a_new_line_and_find_gives_the_latest() -> None:
    a, b = (
        Version(TREMOR, "2026-12-01", version_of("A"), "p", "A"),
        Version(TREMOR, "2026-12-02", version_of("B"), "p", "B"),
    )
    history = RuleHistory({TREMOR: (a, b)})
    back = history.record({TREMOR: ("p", "A")}, today="2026-12-03", frozen=False).history
    assert [v.words for v in back.versions[TREMOR]] == ["A", "B", "A"]
    assert RuleHistory.loads(back.dumps()).versions == back.versions
    found = back.find(TREMOR, version_of("A"))
    assert found is not None
    assert found.date == "2026-12-03"


def test_the_builds_date_is_source_date_epoch_when_set() -> None:
    assert today({"SOURCE_DATE_EPOCH": "1798675200"}) == "2026-12-31"
    assert len(today({})) == 10


def test_a_version_keeps_the_edit_that_made_it_and_the_first_revision_is_one() -> None:
    edit = Edit(1, "Ann", "first words")
    history = (
        RuleHistory().record({TREMOR: ("Buildings", "Tremor")}, today="2026-12-01", frozen=False, edit=edit).history
    )
    (made,) = history.versions[TREMOR]
    assert made.edit == edit
    assert RuleHistory.loads(history.dumps()).versions[TREMOR][0].edit == edit, "rev 1 is a revision id"
    with pytest.raises(RulebookError, match=r":1: rev 0 is not a revision id"):
        RuleHistory.loads(line(rev=0, user="Ann", summary=""), "rules.history.jsonl")  # type: ignore[arg-type]


def test_find_of_a_rule_the_history_does_not_have_is_none() -> None:
    assert RuleHistory().find(TREMOR, version_of("Tremor")) is None


def test_a_frozen_build_lists_five_of_the_rules_it_refuses_and_says_what_to_do() -> None:
    current = {RuleRef("buildings", f"rule-{n}"): ("Buildings", f"Words {n}") for n in range(6)}
    with pytest.raises(RulebookError) as refused:
        RuleHistory().record(current, today="2026-12-01", frozen=True, name="h.jsonl")
    assert str(refused.value) == (
        "h.jsonl is out of date: the words of 6 rule(s) have no version in it (buildings#rule-0, buildings#rule-1, "
        "buildings#rule-2, buildings#rule-3, buildings#rule-4…); run `make build` and commit the file"
    )


def test_the_builds_date_is_the_day_in_utc_wherever_the_build_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """2026-12-31 23:30 UTC is already 2027-01-01 in Kiribati (UTC+14), and the build says the 31st."""
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    try:
        assert today({"SOURCE_DATE_EPOCH": "1798759800"}) == "2026-12-31"
        assert today({}) == dt.datetime.now(dt.UTC).date().isoformat()
    finally:
        monkeypatch.undo()
        time.tzset()
