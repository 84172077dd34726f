"""The book to print (``print/rules.pdf``), read back as a reader's PDF viewer reads it: its
bookmarks are the pages' headings, every "page XX" the wiki never filled in is printed with
the page its rule is on in this PDF, every link inside it leads to a place it has, its title
page names the date of its words, and the home page and the offline book both have it."""

from __future__ import annotations

import gzip
import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pypdf
import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.finish.print.book import PrintWritten, write_print_book
from build_scripts.finish.print.parts import print_parts
from build_scripts.finish.print.reader import book_id
from harness.project import PROJECT

PDF = "print/rules.pdf"
PAGES = [f"{name}/" for name, _ in PROJECT.options.rulebook_sections]
_HEADING = re.compile(r'<h([1-6]) class="rule-heading" id="([^"]+)">(.*?)</h\1>', re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_OWN_LINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.DOTALL)
_XREF = re.compile(r'<span class="xref">page XX</span><(a|button) [^>]*?class="xref-help[^"]*"(?: href="([^"]*)")?')


@pytest.fixture(scope="module")
def book(built_site: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(built_site / PDF)


def built(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text("utf-8")


def outline(reader: pypdf.PdfReader, items: list[Any], level: int = 1) -> list[tuple[int, str, int]]:
    """Every bookmark: (level, title, page number from 1)."""
    found: list[tuple[int, str, int]] = []
    for item in items:
        if isinstance(item, list):
            found += outline(reader, item, level + 1)
        else:
            found.append((level, item.title, reader.get_destination_page_number(item) + 1))
    return found


def page_of(reader: pypdf.PdfReader, anchor: str) -> int:
    return reader.get_destination_page_number(reader.named_destinations[anchor]) + 1


def text(reader: pypdf.PdfReader) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)


def test_the_bookmarks_are_every_heading_of_every_page_in_order(built_site: Path, book: pypdf.PdfReader) -> None:
    expected = [
        (int(level), " ".join(unescape(_TAG.sub("", _OWN_LINK.sub("", words))).split()))
        for page in PAGES
        for level, _, words in _HEADING.findall(built(built_site, page))
    ]
    found = outline(book, book.outline)
    assert [(level, title) for level, title, _ in found] == expected
    assert len(found) > 40
    titles = [(title, at) for level, title, at in found if level == 1]
    assert [at for _, at in titles] == sorted(at for _, at in titles), "the pages are printed in the book's order"
    assert titles[0][1] == 3, "a title page and the contents come first"
    assert len({at for _, at in titles}) == len(PAGES), "each page starts a sheet of its own"


def test_every_page_xx_is_printed_with_the_page_its_rule_is_on(built_site: Path, book: pypdf.PdfReader) -> None:
    targets, missing = [], 0
    for page in PAGES:
        for kind, href in _XREF.findall(built(built_site, page)):
            if kind == "button":
                missing += 1
                continue
            url, _, fragment = href.partition("#")
            target = url.replace("../", "") or page
            assert target in PAGES, href
            targets.append(page_of(book, book_id(target, fragment)))
    words = text(book)
    assert "XX" not in words
    printed = [int(n) for n in re.findall(r"\bpage (\d+)", words)]
    assert printed == targets
    assert len(targets) >= 4
    assert words.count("a page not in these sections") == missing >= 3


def test_every_link_inside_the_book_leads_to_a_place_it_has(book: pypdf.PdfReader, site_port: int) -> None:
    names = set(book.named_destinations)
    inside, outside = 0, 0
    for page in book.pages:
        for annot in page.get("/Annots") or []:
            link = annot.get_object()
            if link.get("/Subtype") != "/Link":
                continue
            if "/Dest" in link:
                assert str(link["/Dest"]) in names
                inside += 1
            else:
                assert str(link["/A"]["/URI"]).startswith(f"http://127.0.0.1:{site_port}/")
                outside += 1
    assert inside > 100
    assert outside >= 1, "the title page links the site"


def test_the_contents_give_each_page_where_it_starts(book: pypdf.PdfReader) -> None:
    contents = " ".join((book.pages[1].extract_text() or "").split())
    for level, title, at in outline(book, book.outline):
        if level == 1:
            assert re.search(rf"{re.escape(title)}[ .]*{at}\b", contents), title


def test_the_title_page_names_the_date_of_the_words_and_the_site(
    built_site: Path, book: pypdf.PdfReader, site_port: int
) -> None:
    # The newest change of the book's rules, as the rules' data (api/v1/) has each: one rule's day and revision.
    rules = [
        json.loads(line) for line in gzip.decompress((built_site / "api/v1/rules.jsonl.gz").read_bytes()).splitlines()
    ]
    changes = [(rule["changed"]["date"], rule["changed"]["rev"] or 0) for rule in rules if f"{rule['page']}/" in PAGES]
    day, revision = max(changes)
    first = " ".join((book.pages[0].extract_text() or "").split())
    assert PROJECT.site.name in first
    assert f"The rules' words as of {day}" + (f", wiki revision {revision}" if revision else "") in first
    assert f"127.0.0.1:{site_port}" in first
    assert book.metadata is not None
    assert book.metadata.title == PROJECT.site.name


def test_the_sheets_carry_the_page_numbers_and_the_pages_title(book: pypdf.PdfReader) -> None:
    count = len(book.pages)
    for number, page in enumerate(book.pages[1:], start=2):
        assert f"{number} / {count}" in (page.extract_text() or "")
    starts = [(at, title) for level, title, at in outline(book, book.outline) if level == 1]
    for number in range(starts[0][0], count + 1):
        head = [title for at, title in starts if at <= number][-1]
        words = book.pages[number - 1].extract_text() or ""
        assert words.count(head) >= (2 if number in dict(starts) else 1), f"sheet {number}'s head names {head}"


def test_the_home_page_links_it_and_the_whole_book_keeps_it(built_site: Path) -> None:
    assert f'href="{PDF}"' in (built_site / "index.html").read_text("utf-8")
    kept = json.loads((built_site / "offline-book.json").read_text("utf-8"))
    assert PDF in [entry["url"] for entry in kept["files"]]


def small_site(folder: Path, words: str, *, foot: str = "") -> Path:
    for page, title in (("terrain/", "Terrain"), ("ruins/", "Ruins")):
        (folder / page).mkdir(parents=True, exist_ok=True)
        (folder / page / "index.html").write_text(
            f'<html><body><article><h1 class="rule-heading" id="{page[:-1]}">{title}</h1>'
            f'<p class="rule" id="a">{words} <span class="xref">page XX</span>'
            f'<a class="xref-help" href="../ruins/#ruins" data-help>Ruins</a></p></article>{foot}</body></html>',
            "utf-8",
        )
    return folder


def test_a_part_is_typeset_again_only_when_its_pages_words_change(tmp_path: Path) -> None:
    parts = print_parts([("terrain/", ()), ("ruins/", ())])
    cache = tmp_path / "cache"

    def build(words: str, foot: str = "") -> PrintWritten:
        site = small_site(tmp_path / "site", words, foot=foot)
        return write_print_book(
            site, parts, site_url="https://r.example/", site_name="S", cache_dir=cache, last_changes={}
        )

    first = build("Words.")
    assert first.typeset == 1
    assert set(first.files) == {"print/rules.pdf"}
    assert build("Words.", foot="<footer>build 2</footer>").typeset == 0, "outside the articles: not its words"
    assert build("Other words.").typeset == 1
    reader = pypdf.PdfReader(tmp_path / "site" / "print" / "rules.pdf")
    words = text(reader)
    assert "Other words. page 4" in words, "the reference is the page Ruins starts on: title, contents, Terrain"


def test_a_page_of_the_book_that_was_not_built_is_named(tmp_path: Path) -> None:
    parts = print_parts([("terrain/", ()), ("missing/", ())])
    small_site(tmp_path, "Words.")
    with pytest.raises(RulebookError, match=r"print: missing/ is in the printed book but was not built"):
        write_print_book(
            tmp_path, parts, site_url="https://r.example/", site_name="S", cache_dir=tmp_path / "c", last_changes={}
        )
