"""The wiki's markup as its editors write it, end to end, against Debian's MediaWiki 1.39.

A run of edits, each adding one thing editors write every day (a link to a section, to
another page of the wiki, to one it lacks, out of it; italics and bold mixed; a numbered
list with a nested item; a definition list; a ``<br>``; ``<sup>``, ``<small>``,
``<nowiki>``; a template; a fourth-level heading; a category, a behaviour switch, a
comment; a table with a caption, header cells and spans, then one of its rows reworded; a
footnote; preformatted lines; an image in a box, one in the words, a gallery, one the wiki
lacks; a horizontal rule; and a formula, which the site cannot show yet), then one sync with the nightly
job's command and a frozen build. The sync must go on unattended, naming what the site
shows as written; the page must show each construct with the words and the structure
MediaWiki's own ``action=parse`` gives the same page (a phone at 360 px, light and dark).
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page
from support import build_site, copy_project
from support.png import png
from support.visitors import Phones
from support.wiki import TITLE, running_wiki, sync

from build_scripts.finish.print.reader import Link, print_page
from build_scripts.finish.search.rule_text import page_rules
from build_scripts.rulebook.wiki_files import picture_size
from build_scripts.sync.images import PHONE_WIDTH
from harness.network import free_port
from harness.project import ROOT
from harness.wiki_shape import Shape, page_shape, wiki_shape
from site_server import serving

SHOTS = ROOT / "test-results" / "screenshots"
OTHER = "===Other Terrain Types==="
FAQ, ERRATA = "Scrollhammer FAQ", "Scrollhammer Errata"

TABLE = (
    '{| class="wikitable"\n|+ Levels by roll\n! Roll !! Levels\n|-\n| 1-2 || no vertical movement, but may still move horizontally\n'
    '|-\n| rowspan="2" | 3-4 || one level up\n|-\n| or one down\n|-\n| colspan="2" | 5-6: two levels\n|}'
)
REWORDED = ("move horizontally\n", "move horizontally on its level\n")
#: Each edit: what it adds at the end of the Ruins section (nothing above moves), and its summary.
EDITS = [
    ("See [[Scrollhammer Rulebook#Buildings|the rules for buildings]] and [[#Unit Types]].", "link to sections"),
    (f"The [[{FAQ}]] answers questions; the [[{ERRATA}|errata]] are still to come.", "link to other pages"),
    ("The publisher's [https://example.org/scrollhammer web site] and https://example.org/faq too.", "external"),
    ("''Ruins are '''never''' safe'' for the 2<sup>nd</sup> time <small>(mostly)</small>.", "italics, sup"),
    ("# Roll a D6.\n# Move up to the result.\n#* Flyers ignore this roll.\n# Stop.", "numbered steps"),
    ("; Ruin level\n: A floor of a ruin.", "a definition"),
    ("First line of the note.<br />Second line of the note.", "a line break"),
    ("Write <nowiki>[[Ruins]]</nowiki> to link. {{Keyword|Fearless}} units never flee.", "nowiki and template"),
    ("==== Ruin Levels ====\nLevels are counted from the ground.", "a fourth-level heading"),
    ("Hidden things stay hidden. <!-- editors' note -->\n[[Category:Rules]] __NOTOC__", "category, switch, comment"),
    (TABLE, "a table"),
    (":{|\n! Cover !! Save\n|-\n| Ruin wall || 5+\n|}", "a table set in"),
    ("Counted as printed.<ref>As in the first edition.</ref>\n\n<references />", "a footnote"),
    (
        'Cover saves.<ref></ref> Walls stand.<ref follow="walls">Unless hit twice.</ref>\n\n<references />',
        "a footnote Cite refuses, one that follows another",
    ),
    (" Roll a D6 for each level.\n Move that far.", "preformatted lines"),
    ("A ruin's map:\n[[File:Ruin map.png|thumb|alt=A map of a ruin|The ruin's floors, by level]]", "an image"),
    ("Ruins hide a [[File:Shield icon.png|20px|alt=shield]] cover save.", "an image in the words"),
    ("<gallery>\nFile:Ruin map.png|Ground floor\nShield icon.png|The cover mark\n</gallery>", "a gallery"),
    ("[[File:Lost plan.png|thumb|The lost plan]]", "an image the wiki lacks"),
    ("Above the line.\n----\nBelow the line.", "a horizontal rule"),
    ("<math>E = mc^2</math>", "a formula"),
]
#: The wiki's files: a map wider than a phone needs, and a small mark.
FILES = {"Ruin map.png": png(1200, 800), "Shield icon.png": png(64, 48, (40, 90, 160))}
#: The mark's new version, uploaded after the sync without an edit of the page.
NEW_MARK = png(64, 48, (30, 120, 60))


@dataclass(frozen=True)
class Synced:
    """The built site, the sync's report, and MediaWiki's own parse of the page at the end."""

    url: str
    report: str
    returncode: int
    wiki_html: str
    index: str
    before_reword: int
    site: Path
    project: Path
    later: tuple[str, str]


@pytest.fixture(scope="module")
def synced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synced]:
    folder = tmp_path_factory.mktemp("wiki-markup")
    project = copy_project(folder / "project")
    with running_wiki(folder / "wiki") as wiki:
        wiki.edit(FAQ, text="Questions and answers.", summary="the FAQ")
        wiki.edit("Template:Keyword", text="'''{{{1}}}'''", summary="a keyword, in bold")
        for name, data in FILES.items():
            wiki.upload(name, data, summary=f"the {name}")
        first = sync(project, "--api", wiki.api)
        assert first.returncode == 0, first.stderr
        for added, summary in EDITS:
            before_reword = wiki.edit(TITLE, f"{OTHER}→{added}\n\n{OTHER}", summary=summary)
        wiki.edit(TITLE, "→".join(REWORDED), summary="reword a row")
        done = sync(project, "--api", wiki.api)
        wiki.upload("Shield icon.png", NEW_MARK, summary="the mark, redrawn")  # a new version, no edit of the page
        redrawn = sync(project, "--api", wiki.api)
        steady = sync(project, "--api", wiki.api)
        parsed = wiki.site.get("parse", page=TITLE, prop="text", disablelimitreport=1, disableeditsection=1)
        wiki_html = str(parsed["parse"]["text"]["*"])
        index = wiki.index
    port = free_port()
    site = folder / "site"
    if done.returncode == 0:
        build_site(project, site, port=port, frozen=True)
    with serving(site, port=port):
        url = f"http://127.0.0.1:{port}/"
        report = done.stdout + done.stderr
        later = (redrawn.stdout + redrawn.stderr, steady.stdout + steady.stderr)
        yield Synced(url, report, done.returncode, wiki_html, index, before_reword, site, project, later)


def ruins_on_a_phone(synced: Synced, returning_phone: Phones, scheme: str = "light") -> tuple[BrowserContext, Page]:
    """A returning visitor's phone (twice the pixels), light or dark, at the page the edits went to."""
    context = returning_phone(synced.url, device_scale_factor=2, color_scheme=scheme)
    page = context.new_page()
    page.goto(synced.url + "ruins/")
    return context, page


def shot(page: Page, name: str) -> None:
    """The phone's screen as it is, kept to be looked at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def shot_of(page: Page, seen: Locator, name: str) -> None:
    """The phone's screen with ``seen`` in view, the page never wider than the phone, kept to be looked at."""
    seen.scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways ({width} px)"
    shot(page, name)


def test_the_sync_goes_on_and_names_what_the_site_shows_as_written(synced: Synced) -> None:
    assert synced.returncode == 0, synced.report
    named = [line for line in synced.report.splitlines() if "shown as written" in line]
    assert not any("a table" in line for line in named), "the site shows tables: " + synced.report
    assert any("the tag <math> '<math>E = mc^2</math>'" in line for line in named), synced.report
    assert not any("<ref" in line for line in named), "the site shows footnotes: " + synced.report
    assert not any("template" in line for line in named), "the wiki expanded the template: " + synced.report


def ruins_shape(shape: list[Shape]) -> list[Shape]:
    """The part of a page's shape the edits added: from their first rule to the end of the Ruins section."""
    start = next(i for i, s in enumerate(shape) if s.words.startswith("See the rules for buildings"))
    end = next((i for i, s in enumerate(shape) if s.words == "Other Terrain Types"), len(shape))
    return shape[start:end]


def test_the_page_shows_each_construct_as_the_wiki_does(synced: Synced, returning_phone: Phones) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone)
    site = ruins_shape(page_shape(page.content()))
    wiki = ruins_shape(wiki_shape(synced.wiki_html))
    unshown = {s.words for s in site if s.kind == "unshown"}
    assert unshown == {"<math>E = mc^2</math>"}, "the formula, kept as written (this wiki has no Math either)"
    shown = [s for s in site if s.kind != "unshown"]
    theirs = [s for s in wiki if s.words not in unshown]
    assert [s.key() for s in shown] == [s.key() for s in theirs], "\n".join(
        f"{a}\n{b}\n" for a, b in zip(shown, theirs, strict=False)
    )
    context.close()


def test_links_lead_where_the_wiki_says(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    links = {a.inner_text(): a.evaluate("a => a.href") for a in page.locator("article a.wiki-link").all()}
    assert links["the rules for buildings"] == synced.url + "buildings/#buildings"
    assert links["#Unit Types"] == synced.url + "unit-types/#unit-types"
    assert links[FAQ] == f"{synced.index}?title=Scrollhammer_FAQ"
    assert "errata" not in links, "a page the wiki lacks is its words alone"
    assert page.locator("article", has_text="the errata are still to come").count() == 1
    assert links["web site"] == "https://example.org/scrollhammer"
    assert links["https://example.org/faq"] == "https://example.org/faq"
    outside = page.locator('article a.wiki-link--out[href^="http"]').all()
    assert outside
    assert all(a.get_attribute("rel") == "nofollow noopener noreferrer" for a in outside)


def test_every_new_rule_has_its_id_and_menu(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    for words in ("Roll a D6.", "Flyers ignore this roll.", "Ruin level", "A floor of a ruin."):
        rule = page.locator(".rule", has_text=words).first
        rule_id = rule.get_attribute("id")
        assert rule_id
        assert re.fullmatch(r"[a-z0-9-]+", rule_id), words
        assert rule.locator("a.rule-link").count() == 1, words
    steps = page.locator("ol.rule-list:not(.rule-notes)").all()
    assert [s.get_attribute("start") for s in steps] == [None, "3"]
    assert page.locator("ul.rule-list--depth-2 > li.rule", has_text="Flyers ignore").count() == 1
    assert page.locator("article h2", has_text="Ruin Levels").count() == 1  # under the page's own title, h1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_shows_the_wiki_markup(synced: Synced, returning_phone: Phones, scheme: str) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone, scheme)
    shot_of(page, page.locator("ol.rule-list").first, f"wiki-markup-360-{scheme}")
    page.locator(".wiki-unshown").first.scroll_into_view_if_needed()
    shot(page, f"wiki-markup-unshown-360-{scheme}")
    context.close()


def test_a_nested_item_is_indented_under_its_list(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    step = page.locator("ol.rule-list > li.rule", has_text="Move up to the result.").bounding_box()
    nested = page.locator("li.rule", has_text="Flyers ignore this roll.").bounding_box()
    assert step
    assert nested
    assert nested["x"] >= step["x"] + 16, "a nested item starts to the right of its list's items"


def test_a_tables_rows_are_rules_and_it_scrolls_in_its_own_box(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    table = page.locator("table.rule-table").first
    assert table.locator("caption.rule").inner_text().startswith("Levels by roll")
    rows = table.locator("tr.rule").all()
    assert [r.locator("th, td").count() for r in rows] == [2, 2, 2, 1, 1]
    assert rows[2].locator("td").first.get_attribute("rowspan") == "2"
    assert rows[4].locator("td").first.get_attribute("colspan") == "2"
    for row in rows:
        assert row.locator("a.rule-link").count() == 1
    assert rows[1].inner_text().split("\t")[:2] == [
        "1-2",
        "no vertical movement, but may still move horizontally on its level",
    ]
    box = page.locator(".rule-table-scroll").first.evaluate("e => getComputedStyle(e).overflowX")
    assert box == "auto"


def test_a_tables_row_as_of_before_its_rewording(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(f"{synced.url}ruins/?as-of={synced.before_reword}")
    row = page.locator("tr.rule", has_text="1-2")
    row.locator(".sh-asof-since").wait_for()
    cells = row.locator("td").all()
    assert cells[0].evaluate("c => c.firstChild.textContent") == "1-2"
    assert cells[1].evaluate("c => c.firstChild.textContent") == "no vertical movement, but may still move horizontally"
    assert row.locator("a.rule-link").count() == 1, "the row keeps its #"


def test_no_word_of_a_table_is_broken_on_a_phone(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    for cell in page.locator("table.rule-table").locator("th, td").all():
        first_word = cell.evaluate("c => c.firstChild.textContent.trim().split(' ')[0]")
        lines = cell.evaluate(
            """c => { const r = document.createRange(); const t = c.firstChild;
                const w = t.textContent.trim().split(' ')[0]; const at = t.textContent.indexOf(w);
                r.setStart(t, at); r.setEnd(t, at + w.length); return r.getClientRects().length; }"""
        )
        assert lines == 1, f"{first_word!r} is broken over {lines} lines"


def test_a_footnotes_mark_leads_to_its_note_a_rule_of_its_own(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    mark = page.locator("sup.wiki-note-mark > a", has_text="[1]")
    note = page.locator("ol.rule-notes").first.locator("li.rule")
    assert note.count() == 1
    assert note.get_attribute("value") == "1"
    assert mark.evaluate("a => a.hash") == f"#{note.get_attribute('id')}"
    assert note.inner_text().startswith("As in the first edition.")
    assert note.locator("a.rule-link").count() == 1


def test_preformatted_lines_keep_their_line_ends(synced: Synced, returning_phone: Phones) -> None:
    page = returning_phone(synced.url).new_page()
    page.goto(synced.url + "ruins/")
    pre = page.locator("pre.rule")
    assert pre.count() == 1
    assert pre.evaluate("p => p.firstChild.textContent") == "Roll a D6 for each level.\nMove that far."
    assert pre.locator("a.rule-link").count() == 1


def test_every_new_kind_of_rule_has_an_api_line_a_card_a_search_record_and_a_printed_place(synced: Synced) -> None:
    lines = [json.loads(x) for x in gzip.decompress((synced.site / "api/v1/rules.jsonl.gz").read_bytes()).splitlines()]
    new = {line["kind"]: line for line in lines if line["page"] == "ruins" and "ruin-levels" in line["anchor"]}
    new |= {"bullet": next(x for x in lines if x["words"] == "Flyers ignore this roll.")}
    assert set(new) >= {"table_row", "footnote", "preformatted", "bullet"}
    html = (synced.site / "ruins" / "index.html").read_text("utf-8")
    searched = {r.id for r in page_rules(html).rules}
    printed = print_page(html, page="ruins/", place=lambda _path, _id: Link(), address=str).html
    for kind, line in new.items():
        assert (synced.site / line["card"] / "index.html").is_file(), kind
        assert line["anchor"] in searched, kind
        assert f'id="ruins--{line["anchor"]}"' in printed, kind
    assert '<td rowspan="2">3-4</td>' in printed
    assert '<td colspan="2">5-6: two levels</td>' in printed
    assert " hide a [shield] cover save." in printed, "a picture in the words prints its alt text"
    assert "The ruin&#39;s floors, by level" in printed, "a boxed one its caption"


def test_the_sync_keeps_the_wikis_images_a_phones_copy_of_a_wide_one(synced: Synced) -> None:
    files = synced.project / "docs" / "rulebook" / "wiki" / "files"
    assert sorted(p.name for p in files.iterdir()) == ["Ruin_map.png", "Shield_icon.png"]
    assert picture_size((files / "Ruin_map.png").read_bytes()) == (PHONE_WIDTH, 549), "the wiki's own scaling"
    assert (files / "Shield_icon.png").read_bytes() == NEW_MARK, "a small file as it is, its newest version"
    assert "image not kept: File:Lost_plan.png: the wiki has no such file" in synced.report


def test_a_new_version_of_a_file_is_kept_though_no_page_changed(synced: Synced) -> None:
    redrawn, steady = synced.later
    assert "sync: in step with the wiki's words; its images changed" in redrawn, redrawn
    assert "sync: wrote docs/rulebook/wiki/files/Shield_icon.png" in redrawn, redrawn
    assert "Ruin_map.png" not in redrawn, "an unchanged file is not written again"
    assert "sync: in step with the wiki; nothing to bring in" in steady, steady


def test_the_site_serves_its_images_itself_kept_with_the_book(synced: Synced, returning_phone: Phones) -> None:
    context = returning_phone(synced.url, device_scale_factor=2)
    page = context.new_page()
    hosts: set[str] = set()
    page.on("request", lambda r: hosts.add(r.url.split("/")[2]))
    page.goto(synced.url + "ruins/")
    images = page.locator("article img.wiki-image")
    assert images.count() == 4
    for image in images.all():
        image.scroll_into_view_if_needed()
        image.evaluate("i => i.decode()")
        assert image.evaluate("i => i.currentSrc").startswith(synced.url + "wiki-files/")
        assert image.evaluate("i => i.naturalWidth") > 0
        assert image.bounding_box()["width"] <= 360  # type: ignore[index]
    figure = page.locator(".wiki-figure--thumb")
    assert figure.locator("img").get_attribute("alt") == "A map of a ruin"
    assert figure.locator(".wiki-figure__caption").inner_text() == "The ruin's floors, by level"
    assert figure.locator("a").evaluate("a => a.href") == synced.url + "wiki-files/Ruin_map.png"
    assert hosts == {synced.url.split("/")[2]}, "no request leaves the site"
    book = json.loads((synced.site / "offline-book.json").read_text("utf-8"))
    assert {"wiki-files/Ruin_map.png", "wiki-files/Shield_icon.png"} <= {f["url"] for f in book["files"]}
    missing = page.locator(".rule", has_text="The lost plan")
    assert missing.locator(".wiki-image-missing").inner_text() == "The lost plan"
    assert "The wiki has no image File:Lost plan.png" in missing.locator("[data-help]").inner_text()
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_horizontal_rule_is_a_line_between_rules(synced: Synced, returning_phone: Phones, scheme: str) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone, scheme)
    line = page.locator("article hr.wiki-rule")
    assert line.count() == 1
    above = page.locator("p.rule", has_text="Above the line.").bounding_box()
    below = page.locator("p.rule", has_text="Below the line.").bounding_box()
    drawn = line.bounding_box()
    assert above
    assert below
    assert drawn
    assert above["y"] < drawn["y"] < below["y"]
    assert page.locator("p.rule", has_text="Below the line.").get_attribute("id"), "the rule below keeps its id"
    line.scroll_into_view_if_needed()
    shot(page, f"wiki-rule-360-{scheme}")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_footnote_cite_refuses_shows_its_message_and_a_following_note_no_number(
    synced: Synced, returning_phone: Phones, scheme: str
) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone, scheme)
    rule = page.locator("p.rule", has_text="Cover saves.")
    error = rule.locator(".wiki-cite-error")
    assert error.inner_text() == "Cite error: Invalid <ref> tag; refs with no name must have content"
    assert error.evaluate("e => getComputedStyle(e).color") != rule.evaluate("e => getComputedStyle(e).color")
    assert rule.locator("sup.wiki-note-mark").count() == 0, "neither footnote leaves a mark"
    note = page.locator("ol.rule-notes > li.wiki-note--unnumbered")
    assert note.inner_text().startswith("Unless hit twice.")
    assert note.evaluate("e => getComputedStyle(e).listStyleType") == "none"
    assert note.locator("a.rule-link").count() == 1, "a rule like any other, with its #"
    shot_of(page, rule, f"wiki-cite-360-{scheme}")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_table_set_in_by_a_colon_is_indented_as_on_the_wiki(
    synced: Synced, returning_phone: Phones, scheme: str
) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone, scheme)
    first = page.locator("table.rule-table").first.bounding_box()
    set_in = page.locator("dd.wiki-implied table.rule-table")
    assert set_in.count() == 1
    row = set_in.locator("tr.rule", has_text="Ruin wall")
    assert row.get_attribute("id"), "its rows are rules, each with its id"
    assert row.locator("a.rule-link").count() == 1
    box = set_in.bounding_box()
    assert first
    assert box
    assert box["x"] >= first["x"] + 16, "set in to the right, as the wiki sets it"
    assert box["x"] + box["width"] <= 360
    shot_of(page, set_in, f"wiki-table-set-in-360-{scheme}")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_shows_the_wikis_images(synced: Synced, returning_phone: Phones, scheme: str) -> None:
    context, page = ruins_on_a_phone(synced, returning_phone, scheme)
    figure = page.locator(".wiki-figure--thumb")
    figure.scroll_into_view_if_needed()
    figure.locator("img").evaluate("i => i.decode()")
    shot_of(page, figure, f"wiki-images-360-{scheme}")
    gallery = page.locator(".wiki-figure--gallery").first
    gallery.scroll_into_view_if_needed()
    gallery.locator("img").evaluate("i => i.decode()")
    shot(page, f"wiki-gallery-360-{scheme}")
    context.close()
