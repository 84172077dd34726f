"""The sync's images: which files the pages show, what the site keeps of each, what it writes and removes.

The wiki's side is a stand-in here (its answers as MediaWiki 1.39 gives them); the real wiki
is ``tests/browser/test_wiki_markup.py``'s.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from support.png import png

from build_scripts.sync.images import PHONE_WIDTH, fetch_images, image_files, images_named
from build_scripts.sync.model import SyncError
from build_scripts.sync.run import SyncReport

BIG, SMALL = png(1200, 800), png(64, 48)
PHONE = png(PHONE_WIDTH, 549)


def test_the_pages_images_are_named_as_the_wiki_names_them() -> None:
    texts = [
        "==R==\n[[File:shield icon.png|thumb|A]] and [[Image:Map.png]]\n<gallery>\nB.png|b\n</gallery>\n",
        "==S==\nA note.<ref>[[File:In a note.png]]</ref>\n",
        "not a page the build reads: it has no heading",
    ]
    assert images_named(texts) == {"Shield_icon.png", "Map.png", "B.png", "In_a_note.png"}


@dataclass
class _Answer:
    status_code: int
    content: bytes


@dataclass
class _Site:
    """MediaWiki's answers to ``prop=imageinfo`` and to the files' addresses."""

    pages: dict[str, dict[str, Any]]
    files: dict[str, bytes]
    asked: list[str] = field(default_factory=list)

    def post(self, action: str, **params: Any) -> dict[str, Any]:
        assert (action, params["prop"], params["iiurlwidth"]) == ("query", "imageinfo", PHONE_WIDTH)
        titles = params["titles"].split("|")
        return {"query": {"pages": {str(-n): self.pages[t] for n, t in enumerate(titles, 1)}}}

    @property
    def connection(self) -> _Site:
        return self

    def get(self, url: str, timeout: float) -> _Answer:
        assert timeout > 0
        self.asked.append(url)
        return _Answer(200, self.files[url]) if url in self.files else _Answer(404, b"")


def _info(name: str, data: bytes, width: int, mime: str = "image/png", **more: Any) -> dict[str, Any]:
    return {
        "title": f"File:{name}",
        "imageinfo": [
            {
                "url": f"http://w/{name}",
                "sha1": hashlib.sha1(data).hexdigest(),  # noqa: S324 - the wiki's checksum
                "width": width,
                "mime": mime,
                **more,
            }
        ],
    }


def test_a_wide_picture_is_kept_as_the_wikis_phone_copy_a_small_one_as_it_is() -> None:
    site = _Site(
        {
            "File:Map.png": _info("Map.png", BIG, 1200, thumburl="http://w/thumb/Map.png"),
            "File:Mark.png": _info("Mark.png", SMALL, 64, thumburl="http://w/Mark.png"),
            "File:Lost.png": {"title": "File:Lost.png", "missing": ""},
        },
        {"http://w/Map.png": BIG, "http://w/thumb/Map.png": PHONE, "http://w/Mark.png": SMALL},
    )
    kept, not_kept = fetch_images(site, ["Map.png", "Mark.png", "Lost.png"])
    assert kept == {"Map.png": PHONE, "Mark.png": SMALL}
    assert not_kept == ["File:Lost.png: the wiki has no such file; its words are shown"]
    assert "http://w/Map.png" not in site.asked, "the whole file is not fetched when the phone's copy is"


def test_a_picture_the_wiki_cannot_scale_is_kept_whole() -> None:
    site = _Site(
        {"File:Map.png": _info("Map.png", BIG, 1200, thumburl="x", thumberror="no scaler")}, {"http://w/Map.png": BIG}
    )
    assert fetch_images(site, ["Map.png"]) == ({"Map.png": BIG}, [])


def test_an_svg_is_kept_as_the_picture_the_wiki_draws_of_it_or_not_at_all() -> None:
    svg = b"<svg xmlns='http://www.w3.org/2000/svg'/>"
    drawn = _Site(
        {"File:Icon.svg": _info("Icon.svg", svg, 100, "image/svg+xml", thumburl="http://w/Icon.svg.png")},
        {"http://w/Icon.svg.png": SMALL, "http://w/Icon.svg": svg},
    )
    assert fetch_images(drawn, ["Icon.svg"]) == ({"Icon.svg": SMALL}, [])
    undrawn = _Site({"File:Icon.svg": _info("Icon.svg", svg, 100, "image/svg+xml")}, {"http://w/Icon.svg": svg})
    assert fetch_images(undrawn, ["Icon.svg"]) == (
        {},
        ["File:Icon.svg: not a picture a browser shows (image/svg+xml); its words are shown"],
    )
    assert undrawn.asked == [], "an SVG is never fetched to be kept: it may hold a script"


def test_a_file_that_does_not_match_its_sha1_stops_the_sync() -> None:
    site = _Site({"File:Mark.png": _info("Mark.png", SMALL, 64)}, {"http://w/Mark.png": SMALL[:-1] + b"!"})
    with pytest.raises(SyncError, match=re.escape("File:Mark.png the wiki gave does not match its SHA-1")):
        fetch_images(site, ["Mark.png"])


def test_a_file_the_wiki_does_not_serve_stops_the_sync() -> None:
    site = _Site({"File:Mark.png": _info("Mark.png", SMALL, 64)}, {})
    with pytest.raises(SyncError, match=re.escape("the wiki answered 404 for the file File:Mark.png")):
        fetch_images(site, ["Mark.png"])


def test_new_and_changed_images_are_written_and_those_no_page_shows_removed(tmp_path: Path) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    (folder / "Same.png").write_bytes(SMALL)
    (folder / "Changed.png").write_bytes(SMALL)
    (folder / "Gone.png").write_bytes(SMALL)
    out = image_files(folder, {"Same.png": SMALL, "Changed.png": BIG, "New.png": BIG})
    assert out == {folder / "Changed.png": BIG, folder / "New.png": BIG, folder / "Gone.png": None}
    assert image_files(tmp_path / "none", {"New.png": BIG}) == {tmp_path / "none" / "New.png": BIG}


def test_the_report_names_a_changed_image_when_no_words_changed() -> None:
    report = SyncReport(written=["docs/rulebook/wiki/files/Mark.png"], removed=["docs/rulebook/wiki/files/Old.png"])
    assert report.lines() == [
        "sync: in step with the wiki's words; its images changed",
        "sync: wrote docs/rulebook/wiki/files/Mark.png",
        "sync: removed docs/rulebook/wiki/files/Old.png",
    ]
    assert SyncReport().lines() == ["sync: in step with the wiki; nothing to bring in"]
