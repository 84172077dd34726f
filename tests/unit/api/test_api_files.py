"""The rules as data (``api/v1/``), made from the committed book: every file valid against the
schema published with it; the bulk file one line per rule of the book, its words verbatim; a
rule's file every version with the word difference to the one before, its old ids and, for
an id that left the book, where it went; the bytes the same build after build."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from support.rulebook_helpers import build, committed_history

from build_scripts.api import records
from build_scripts.api.files import API_ROOT, BULK, SCHEMAS, ApiBook, api_files
from build_scripts.cards.rule_cards import AsOfSpan, Card
from build_scripts.cards.rule_history import Edit, RuleHistory, Version, version_of
from build_scripts.core.model import RuleRef
from harness.project import PROJECT

RULE = RuleRef.parse("buildings#total-collapse")
OLD = RuleRef.parse("buildings#collapse")  # an old id of the chart row (moved)
GONE = RuleRef.parse("buildings#rubble")  # words no longer in the book, covered now by Breach!
BREACH = RuleRef.parse("buildings#breach")


def version(rule: RuleRef, words: str, date: str, rev: int = 0) -> Version:
    edit = Edit(rev, "Ann", f"edit {rev}") if rev else None
    return Version(rule, date, version_of(words), f"Buildings › {rule.id}", words, edit)


@pytest.fixture(scope="module")
def files() -> dict[str, str | bytes]:
    return api_files(the_book())


def the_book() -> ApiBook:
    result = build()
    history = committed_history()
    now = history.versions[RULE][-1]
    extra = {
        OLD: (version(OLD, "6: Total Collapse\nThe building falls.", "2026-11-01", 7),),
        RULE: (replace(now, date="2026-11-20", edit=Edit(9, "Bo", "reword the chart")),),
        GONE: (version(GONE, "Rubble is difficult terrain.", "2026-11-01", 7),),
    }
    history = RuleHistory({**history.versions, **extra})
    live = next(c for c in result.cards if c.rule == RULE)
    cards = [
        *result.cards,
        Card(OLD, "moved", live.place, live.words, live.date, live.version, RULE, live.place),
        Card(
            GONE,
            "gone",
            "Buildings › rubble",
            "Rubble is difficult terrain.",
            "2026-11-01",
            version_of("Rubble is difficult terrain."),
            BREACH,
            "Breach!",
        ),
    ]
    return ApiBook(
        anchored=result.anchored,
        sections=dict(PROJECT.options.rulebook_sections),
        titles={p.name: p.title for p in PROJECT.options.pages},
        cards=cards,
        history=history,
        aliases={OLD: RULE, GONE: BREACH},
        entries=[],
        changes_page="changes",
        latest=20,
        span=AsOfSpan("2026-11-01", (7, 9)),
        site_name="Scrollhammer Rules",
        site_url="https://rules.example.org/",
        wiki_index="https://wiki.example.org/index.php",
        date="2026-12-06",
    )


def schema(files: dict[str, str | bytes], name: str) -> Draft202012Validator:
    text = files[f"{API_ROOT}schemas/{SCHEMAS[name]}.schema.json"]
    assert isinstance(text, str)
    return Draft202012Validator(json.loads(text), format_checker=Draft202012Validator.FORMAT_CHECKER)


def bulk(files: dict[str, str | bytes]) -> list[dict[str, Any]]:
    data = files[API_ROOT + BULK]
    assert isinstance(data, bytes)
    return [json.loads(line) for line in gzip.decompress(data).decode().splitlines()]


def rule_file(files: dict[str, str | bytes], rule: RuleRef) -> dict[str, Any]:
    return dict(json.loads(files[f"{API_ROOT}rules/{rule.page}/{rule.id}.json"]))


def test_every_file_is_valid_against_its_published_schema(files: dict[str, str | bytes]) -> None:
    for schema_name in SCHEMAS.values():
        Draft202012Validator.check_schema(json.loads(files[f"{API_ROOT}schemas/{schema_name}.schema.json"]))
    schema(files, "book").validate(json.loads(files[API_ROOT + "book.json"]))
    schema(files, "changes").validate(json.loads(files[API_ROOT + "changes.json"]))
    for line in bulk(files):
        schema(files, "rules").validate(line)
    rule_files = [name for name in files if name.startswith(API_ROOT + "rules/")]
    assert len(rule_files) > 200
    for name in rule_files:
        schema(files, "rule").validate(json.loads(files[name]))


def test_a_schema_refuses_what_it_does_not_describe(files: dict[str, str | bytes]) -> None:
    line = bulk(files)[0]
    errors = list(schema(files, "rules").iter_errors({**line, "kind": "sidebar"}))
    assert errors, "a kind the book has not was accepted"
    assert list(schema(files, "rules").iter_errors({k: v for k, v in line.items() if k != "words"}))


def test_the_bulk_file_has_each_rule_of_the_book_once_with_its_words_verbatim(files: dict[str, str | bytes]) -> None:
    result = build()
    lines = bulk(files)
    expected = [f"{page}#{item.id}" for page, items in result.anchored.items() for item in items]
    assert [line["id"] for line in lines] == expected
    by_id = {line["id"]: line for line in lines}
    item = next(i for i in result.anchored["buildings"] if i.id == "total-collapse")
    row = by_id["buildings#total-collapse"]
    assert row["words"] == item.block.full_text
    assert row["kind"] == "chart_row"
    assert row["headings"] == ["Buildings", "Attacking Buildings"]
    assert row["url"] == "buildings/#total-collapse"
    assert row["card"] == "r/buildings/total-collapse/"
    assert row["changed"] == {"date": "2026-11-20", "rev": 9, "user": "Bo", "summary": "reword the chart"}
    assert "Area Terrain" in row["terms"]


def test_a_rules_file_has_every_version_with_its_diff_and_the_old_ids_leading_to_it(
    files: dict[str, str | bytes],
) -> None:
    found = rule_file(files, RULE)
    assert found["status"] == "live"
    assert found["old_ids"] == [str(OLD)]
    assert rule_file(files, BREACH)["old_ids"] == [str(GONE)]
    versions = found["versions"]
    assert [v["recorded_as"] for v in versions] == [str(OLD), str(RULE)]
    old, new = versions
    assert "".join(text for op, text in new["diff"] if op != "ins") == old["words"]
    assert "".join(text for op, text in new["diff"] if op != "del") == new["words"]
    assert old["diff"] == [["ins", old["words"]]]
    assert (new["rev"], new["summary"]) == (9, "reword the chart")


def test_versions_of_one_day_are_in_the_order_their_revisions_made_them() -> None:
    """Two edits on one day, given newest first: the file lists revision 8, then 9, each with
    its difference to the one before, as the Changes order them (by day, then revision)."""
    card = next(c for c in the_book().cards if c.rule == RULE)
    later = version(RULE, "6: Total Collapse\nThe building falls flat.", "2026-11-20", 9)
    earlier = version(RULE, "6: Total Collapse\nThe building falls.", "2026-11-20", 8)
    found = records.rule_file(card, [later, earlier], [])
    assert [v["rev"] for v in found["versions"]] == [8, 9]
    diff = found["versions"][1]["diff"]
    assert "".join(text for op, text in diff if op != "ins") == earlier.words, "from the one made before it"
    assert "".join(text for op, text in diff if op != "del") == later.words


def test_an_old_id_keeps_its_file_and_says_where_it_went(files: dict[str, str | bytes]) -> None:
    moved, gone = rule_file(files, OLD), rule_file(files, GONE)
    assert (moved["status"], moved["leads_to"], moved["url"]) == ("moved", str(RULE), "buildings/#total-collapse")
    assert (gone["status"], gone["leads_to"]) == ("gone", str(BREACH))
    assert gone["words"] == "Rubble is difficult terrain."


def test_the_book_names_its_pages_span_and_files(files: dict[str, str | bytes]) -> None:
    book = json.loads(files[API_ROOT + "book.json"])
    assert [p["name"] for p in book["pages"]] == [name for name, _ in PROJECT.options.rulebook_sections]
    assert book["wiki"] == {"index": "https://wiki.example.org/index.php", "first_rev": 7, "last_rev": 9}
    assert book["files"]["rules"] == BULK
    assert sum(p["rules"] for p in book["pages"]) == len(bulk(files))


def test_the_same_book_gives_the_same_bytes(files: dict[str, str | bytes]) -> None:
    """Every file, built again from the book read again, is byte for byte the same (a hosts'
    cache and the service worker's revisions see no change), the gzipped bulk file too."""
    again = api_files(the_book())
    assert sorted(again) == sorted(files)
    assert [name for name in files if again[name] != files[name]] == []
    data = files[API_ROOT + BULK]
    assert isinstance(data, bytes)
    assert data[4:8] == b"\0\0\0\0", "the gzip header carries a time"


def test_without_rule_files_the_bulk_keeps_every_rule_and_the_book_says_so() -> None:
    lean = api_files(the_book(), rule_files=False)
    assert not [name for name in lean if name.startswith(API_ROOT + "rules/")]
    book = json.loads(lean[API_ROOT + "book.json"])
    schema(lean, "book").validate(book)
    assert book["files"]["rule"] is None
    assert len(bulk(lean)) == sum(p["rules"] for p in book["pages"])
