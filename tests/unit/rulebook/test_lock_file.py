"""The anchors lock's file: each of its three refusals names the file and what is wrong, and a
lock written and read back is the same lock, byte for byte for the committed one."""

from __future__ import annotations

import json

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock
from harness.project import PROJECT

COMMITTED = PROJECT.path(PROJECT.options.anchors_lock).read_text("utf-8")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "lock.json: not valid JSON"),
        ('{"version": 99, "anchors": {}}', "lock.json: unknown lock version 99; expected 1"),
        ("[1]", "lock.json: unknown lock version None"),
        ('{"version": 1, "anchors": {"buildings": {"breach": {"text": "no fingerprint"}}}}', "malformed entry"),
        ('{"version": 1, "anchors": {}, "aliases": {"breach": "buildings#breach"}}', "malformed entry"),
        ('{"version": 1, "anchors": {"buildings": ["breach"]}}', "malformed entry"),
    ],
)
def test_a_bad_lock_is_refused_naming_the_file_and_the_fault(text: str, says: str) -> None:
    with pytest.raises(RulebookError, match=says):
        AnchorLock.loads(text, "lock.json")


def test_the_committed_lock_reads_and_writes_back_byte_for_byte() -> None:
    lock = AnchorLock.loads(COMMITTED)
    assert lock.dumps() == COMMITTED
    assert AnchorLock.loads(lock.dumps()) == lock


def test_aliases_survive_the_round_trip_and_are_followed_to_their_end() -> None:
    data = json.loads(COMMITTED)
    data["aliases"] = {"buildings#old-breach": "buildings#older-breach", "buildings#older-breach": "buildings#breach"}
    lock = AnchorLock.loads(json.dumps(data))
    again = AnchorLock.loads(lock.dumps())
    assert again == lock
    assert again.resolved[RuleRef.parse("buildings#old-breach")] == RuleRef.parse("buildings#breach")


def test_a_lock_of_its_version_alone_is_empty_and_a_refusal_names_the_default_file() -> None:
    assert AnchorLock.loads('{"version": 1}') == AnchorLock({}, {})
    with pytest.raises(RulebookError, match=r"^anchors\.lock\.json: not valid JSON"):
        AnchorLock.loads("{")


def test_a_cycle_of_aliases_ends_where_it_would_loop() -> None:
    a, b = RuleRef.parse("buildings#a"), RuleRef.parse("buildings#b")
    assert AnchorLock({}, {a: b, b: a}).resolved == {a: a, b: b}
