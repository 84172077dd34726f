"""The rule cards as a link unfurler reads them: the HTML file alone, no scripts.

Every card of the built site is read twice: with the standard library's HTML parser (every
tag a chat app reads is there and says the right thing), and through ``linkpreview``, a
link-preview library of the kind chat apps use, which must find the title, the words and
the image.
"""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from linkpreview import link_preview
from PIL import Image
from support.rulebook_helpers import build, committed_lock
from support.search_files import search_records

from build_scripts.cards.card_image import CardFace, card_images
from build_scripts.cards.card_pages import DESCRIPTION_LIMIT, TWITTER_LIMIT, write_cards
from build_scripts.cards.rule_cards import card_path, page_words
from build_scripts.core.model import RuleRef
from calculators.registry import all_readings


class Head(HTMLParser):
    """The ``<meta>`` and ``<link>`` tags, the title and the scripts of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, list[str]] = {}
        self.links: dict[str, str] = {}
        self.title = ""
        self.scripts: list[str] = []
        self.root: dict[str, str | None] = {}
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.root = a
        elif tag == "meta":
            key = a.get("property") or a.get("name") or a.get("http-equiv")
            if key:
                self.meta.setdefault(key.lower(), []).append(a.get("content") or "")
        elif tag == "link" and a.get("rel"):
            self.links[str(a["rel"])] = a.get("href") or ""
        elif tag == "title":
            self._in_title = True
        elif tag == "script":
            self.scripts.append(a.get("src") or "(inline)")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def flat(text: str) -> str:
    return " ".join(text.split())


def rules() -> dict[RuleRef, tuple[str, str]]:
    result = build()
    return {RuleRef(page, item.id): page_words(item) for page, items in result.anchored.items() for item in items}


RULES = rules()
CARDS = sorted([*RULES, *committed_lock().resolved], key=card_path)


def site_url(built_site: Path) -> str:
    sitemap = (built_site / "sitemap.xml").read_text("utf-8")
    start = sitemap.index("<loc>") + len("<loc>")
    return sitemap[start : sitemap.index("</loc>", start)]


def read(built_site: Path, rule: RuleRef) -> tuple[Head, str]:
    html = (built_site / card_path(rule) / "index.html").read_text("utf-8")
    head = Head()
    head.feed(html)
    return head, html


def test_there_is_a_card_for_every_rule_alias_and_reading(built_site: Path) -> None:
    on_disk = {p.parent.relative_to(built_site).as_posix() + "/" for p in (built_site / "r").glob("*/*/index.html")}
    readings = {f"r/readings/{reading_id}/" for reading_id in all_readings()}
    assert on_disk == {card_path(rule) for rule in CARDS} | readings
    assert len(on_disk) >= 242


@pytest.mark.parametrize("reading_id", sorted(all_readings()))
def test_a_reading_s_card_reads_as_its_question_and_options_in_a_link_preview(
    built_site: Path, reading_id: str
) -> None:
    reading, _ = all_readings()[reading_id]
    rule = RuleRef("readings", reading_id)
    _head, html = read(built_site, rule)
    preview = link_preview(site_url(built_site) + card_path(rule), content=html, parser="html.parser")
    assert preview.title == f"Where the rules are silent › {reading.question}"
    assert preview.description is not None
    assert flat(reading.why).startswith(preview.description.removesuffix("…")[:100])
    assert preview.absolute_image == site_url(built_site) + card_path(rule) + "card.png"
    for words in reading.options.values():
        assert unescape(words) in unescape(html)
    assert f'data-target="../../../readings/#{reading_id}"' in html
    assert "These words since" not in html  # the site's words: no rulebook date


@pytest.mark.parametrize("rule", CARDS, ids=str)
def test_a_crawler_finds_every_tag_with_the_rules_place_words_and_image(built_site: Path, rule: RuleRef) -> None:
    head, html = read(built_site, rule)
    place, words = RULES[committed_lock().follow(rule)]
    meta = {key: values[0] for key, values in head.meta.items()}
    url = site_url(built_site) + card_path(rule)

    assert head.title.startswith(place)
    assert meta["og:title"] == place == meta["twitter:title"]
    for key, limit in (
        ("description", DESCRIPTION_LIMIT),
        ("og:description", DESCRIPTION_LIMIT),
        ("twitter:description", TWITTER_LIMIT),
    ):
        said = meta[key]
        assert len(said) <= limit, key
        if said.endswith("…"):
            kept = said[:-1]
            assert flat(words).startswith(kept), key
            # The words go on after what was kept with a space (or the punctuation the cut drops): not mid-word.
            assert flat(words)[len(kept)] in " ,;:—-", f"{key}: cut inside a word: {said[-20:]!r}"
        else:
            assert said == flat(words), key
    assert meta["og:url"] == url == head.links["canonical"]
    assert "#" not in meta["og:url"]
    assert meta["og:type"] == "article"
    assert meta["og:site_name"] == "Scrollhammer Rules"
    assert meta["theme-color"] == "#795548"
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["og:image"] == url + "card.png" == meta["twitter:image"]
    assert (meta["og:image:width"], meta["og:image:height"]) == ("1200", "630")
    assert meta["og:image:alt"].startswith(place)
    assert "refresh" not in head.meta, "a meta refresh makes Slack show a bare link"
    assert head.scripts == ["../../../assets/js/card.js"]
    assert head.meta["content-security-policy"][0].startswith("default-src 'self'")

    image = built_site / card_path(rule) / "card.png"
    assert image.stat().st_size <= 300_000
    with Image.open(image) as img:
        assert img.size == (1200, 630)
        assert img.format == "PNG"
    # With scripts off, the card itself shows the words, the place, the date and a way in.
    assert "Read it in the rulebook" in html or "no longer in the rulebook" in html
    assert f"These words since {meta['article:modified_time']}." in html or "no longer in the rulebook" in html
    shown = unescape(html)
    assert all(f"<p>{line}</p>" in shown for line in words.split("\n")), "the words, verbatim, line by line"


@pytest.mark.parametrize(
    "rule",
    [
        RuleRef("buildings", "total-collapse"),
        RuleRef("unit-types", "cavalry-special-rules"),
        RuleRef("terrain", "difficult-terrain"),
    ],
    ids=str,
)
def test_a_link_preview_library_finds_the_title_the_words_and_the_image(built_site: Path, rule: RuleRef) -> None:
    _head, html = read(built_site, rule)
    place, words = RULES[rule]
    url = site_url(built_site) + card_path(rule) + "?v=0123abcd"
    preview = link_preview(url, content=html, parser="html.parser")
    assert preview.title == place
    assert preview.description
    assert flat(words).startswith(preview.description.removesuffix("…"))
    assert preview.absolute_image == site_url(built_site) + card_path(rule) + "card.png"


def test_every_card_reads_through_the_link_preview_library(built_site: Path) -> None:
    for rule in CARDS:
        _head, html = read(built_site, rule)
        preview = link_preview(site_url(built_site) + card_path(rule), content=html, parser="html.parser")
        assert preview.title, rule
        assert preview.description, rule
        assert preview.absolute_image, rule


def test_cards_stay_out_of_the_search_the_sitemap_and_the_precache(built_site: Path) -> None:
    records = search_records(built_site)
    assert "buildings/#total-collapse" in records, "the search's records are read"
    assert not [url for url in records if url.startswith("r/")]
    assert "/r/" not in (built_site / "sitemap.xml").read_text("utf-8")
    sw = (built_site / "sw.js").read_text("utf-8")
    assert '"r/' not in sw
    assert "card.png" not in sw
    assert "assets/vendor/uqr.mjs" in sw, "Show's QR encoder works offline"


def test_the_images_are_drawn_once_and_then_come_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    face = CardFace(
        site="Scrollhammer Rules", place="Buildings › Total Collapse", words="6: Total Collapse", date="2026-12-02"
    )
    cache = tmp_path / "cache"
    first = card_images([face], cache_dir=cache)[face]
    assert first.made, "a new card is drawn"
    assert first.data.startswith(b"\x89PNG")
    assert sorted(p.name for p in cache.iterdir()) == [".locks", f"{face.key()}.png"]

    def no_drawing(_: CardFace) -> bytes:
        raise AssertionError("drawn again instead of copied from the cache")

    monkeypatch.setattr("build_scripts.cards.card_image.draw_card", no_drawing)
    second = card_images([face], cache_dir=cache)[face]
    assert not second.made, "the same card comes from the cache"
    assert second.data == first.data
    # Other words are another image: drawn, not taken from the cache.
    other = CardFace(site=face.site, place=face.place, words="5: Catastrophic Breach", date=face.date)
    with pytest.raises(AssertionError, match="drawn again"):
        card_images([face, other], cache_dir=cache)


def test_without_images_a_card_is_one_file_that_still_unfurls_with_its_words(tmp_path: Path) -> None:
    cards = build().cards[:3]
    written = write_cards(
        tmp_path,
        cards,
        site_url="https://rules.example.org/",
        site_name="Scrollhammer Rules",
        cache_dir=tmp_path / "c",
        images=False,
    )
    assert (written.count, written.drawn, written.image_bytes) == (3, 0, 0)
    for card in cards:
        folder = tmp_path / card.path
        assert [p.name for p in folder.iterdir()] == ["index.html"]
        html = (folder / "index.html").read_text("utf-8")
        head = Head()
        head.feed(html)
        assert "og:image" not in head.meta
        assert "twitter:image" not in head.meta
        assert head.meta["twitter:card"] == ["summary"]
        preview = link_preview("https://rules.example.org/" + card.path, content=html, parser="html.parser")
        assert preview.title
        assert preview.description
