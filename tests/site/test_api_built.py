"""The rules as data in the built site (``api/v1/``) agree with its pages: the bulk file has
each rule a page shows, with the place the page gives it, and nothing else; every id the
anchors lock has published keeps a file; the book names the site and its pages; every file
is valid against the schema published beside it; and none is kept on a player's phone."""

from __future__ import annotations

import gzip
import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from harness.project import PROJECT, ROOT

API = "api/v1/"


def validator(site: Path, name: str) -> Draft202012Validator:
    schema = json.loads((site / API / "schemas" / f"{name}.schema.json").read_text("utf-8"))
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def lines(site: Path) -> list[dict[str, Any]]:
    data = gzip.decompress((site / API / "rules.jsonl.gz").read_bytes()).decode("utf-8")
    return [json.loads(line) for line in data.splitlines()]


def page_places(site: Path, page: str) -> dict[str, str]:
    html = (site / page / "index.html").read_text("utf-8")
    found = re.search(r"""id="rule-places" data-json='([^']*)'""", html)
    assert found, f"{page}/ carries no rule places"
    return dict(json.loads(unescape(found.group(1))))


def test_the_bulk_file_has_each_rule_of_each_page_with_the_pages_place(built_site: Path) -> None:
    found = lines(built_site)
    check = validator(built_site, "rule-line")
    for line in found:
        check.validate(line)
    for page, _ in PROJECT.options.rulebook_sections:
        places = page_places(built_site, page)
        mine = {line["anchor"]: line["place"] for line in found if line["page"] == page}
        assert mine == places, page


def test_every_published_id_keeps_a_file_valid_against_its_schema(built_site: Path) -> None:
    lock = json.loads((ROOT / PROJECT.options.anchors_lock).read_text("utf-8"))
    published = [(page, anchor) for page, anchors in lock["anchors"].items() for anchor in anchors]
    published += [tuple(old.split("#")) for old, _ in lock["aliases"]]
    check = validator(built_site, "rule")
    assert len(published) > 200
    for page, anchor in published:
        record = json.loads((built_site / API / "rules" / page / f"{anchor}.json").read_text("utf-8"))
        check.validate(record)
        assert record["id"] == f"{page}#{anchor}"


def test_the_book_and_the_changes_are_valid_and_name_the_site(built_site: Path, site_port: int) -> None:
    book = json.loads((built_site / API / "book.json").read_text("utf-8"))
    validator(built_site, "book").validate(book)
    assert book["site"] == {"name": PROJECT.site.name, "url": f"http://127.0.0.1:{site_port}/"}  # the build's SITE_URL
    assert [p["url"] for p in book["pages"]] == [f"{name}/" for name, _ in PROJECT.options.rulebook_sections]
    changes = json.loads((built_site / API / "changes.json").read_text("utf-8"))
    validator(built_site, "changes").validate(changes)
    assert changes["entries"], "the book's history has no entry"


def test_the_data_is_not_kept_on_a_players_phone(built_site: Path) -> None:
    assert "api/v1/" not in (built_site / "sw.js").read_text("utf-8")
    assert "api/v1" not in (built_site / "offline-book.json").read_text("utf-8")
