"""The search's records, read from the built pages: every rule is one record at its own
address, its words as the page shows them (a reference's help and the markers left out),
a chart row titled by its name, and the rules' words by length for "Did you mean"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from support import RULEBOOK_PAGES
from support.search_files import search_records

from build_scripts.finish.search.records import records
from build_scripts.finish.search.rule_text import PageRules, RuleText, page_rules
from harness.project import ROOT


def built(built_site: Path, page: str) -> PageRules:
    return page_rules((built_site / page / "index.html").read_text("utf-8"))


def test_every_rule_the_lock_names_is_read_from_its_built_page_once(built_site: Path) -> None:
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))["anchors"]
    for page in RULEBOOK_PAGES:
        ids = [rule.id for rule in built(built_site, page).rules]
        assert len(ids) == len(set(ids)), page
        assert sorted(ids) == sorted(lock[page]), page


def test_a_chart_row_is_its_roll_and_name_over_its_words(built_site: Path) -> None:
    rules = {rule.id: rule for rule in built(built_site, "buildings").rules}
    row = rules["total-collapse"]
    assert row.kind == "chart-row"
    assert row.name == "6: Total Collapse"
    assert row.text.startswith(
        'The occupying units suffer 2d6 S6 AP0 Ignores Cover hits. They must immediately flee 8"'
    )
    assert rules["buildings"] == RuleText("buildings", "heading", "Buildings", "", "Buildings")


def test_the_words_are_the_books_without_the_sites_help(built_site: Path) -> None:
    rules = {rule.id: rule for rule in built(built_site, "terrain").rules}
    flyers = rules["impassable-terrain-rules-impassable-terrain-cover-those"].text
    assert "things like Flyer units, (see page XX). Note that this category" in flyers
    assert "Unit Types › Flyer Units" not in flyers  # the reference's link, beside the words
    missing = rules["difficult-terrain-models-moving-into-through-out"].text
    assert (
        missing
        == "Models moving into, through or out of difficult terrain must take a Difficult Terrain test(see page XX)"
    )
    agreed = rules["difficult-terrain-note-part-move-through-difficult"].text
    assert agreed.endswith(
        "It is assumed that as part of their movement they scramble over, smash or open these obstacles."
    )
    assert "Agree" not in agreed  # the table's marker
    heading = rules["difficult-terrain"]
    assert (heading.name, heading.text) == ("Difficult Terrain", "")  # no permalink sign


def test_a_record_is_one_rule_at_its_address_titled_as_the_results_show_it(built_site: Path) -> None:
    page = built(built_site, "buildings")
    found = {r.url: r.html for r in records("buildings/", page)}
    assert len(found) == len(page.rules) + len(page.calculators)
    assert [c.id for c in page.calculators] == ["calc-building-damage"]
    row = found["buildings/#total-collapse"]
    assert "<h1>6: Total Collapse</h1><p>The occupying units" in row
    assert 'content="6: Total Collapse"' in row
    assert 'data-pagefind-filter="page:Buildings"' in row
    heading = found["buildings/#attacking-buildings"]
    assert "<body" in heading
    assert re.search(r'<body[^>]*><p data-pagefind-weight="0.5">Attacking Buildings</p></body>', heading)
    assert 'content="Attacking Buildings"' in heading
    paragraph = found["buildings/#buildings-vs-ruins-important-note-rules-cover-intact"]
    assert 'content="Buildings vs Ruins"' in paragraph  # titled by its heading, which it does not repeat
    assert "<h1>" not in paragraph
    assert "It&#39;s important to note" in paragraph  # escaped


def test_the_built_site_has_the_words_of_its_rules_by_length(built_site: Path) -> None:
    seven = json.loads((built_site / "search" / "words-7.json").read_text("utf-8"))
    assert "barrage" in seven
    assert "collapse" in json.loads((built_site / "search" / "words-8.json").read_text("utf-8"))
    assert all(len(word) == 7 for word in seven)
    theme = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    assert theme["docs"] == []  # the theme's index carries no documents: Pagefind answers
    entry = json.loads((built_site / "pagefind" / "pagefind-entry.json").read_text("utf-8"))
    pages = [built(built_site, p) for p in RULEBOOK_PAGES]
    assert entry["languages"]["en"]["page_count"] == sum(len(p.rules) + len(p.calculators) for p in pages)


def test_the_search_has_one_record_per_rule_at_its_address(built_site: Path) -> None:
    found = search_records(built_site)
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))["anchors"]
    rules = {url for url in found if "#calc-" not in url}
    assert sorted(rules) == sorted(f"{page}/#{rule}" for page in RULEBOOK_PAGES for rule in lock[page])
    # And one record per calculator, at its own address, found by its name.
    calculators = {url: record["meta"]["title"] for url, record in found.items() if "#calc-" in url}
    assert calculators == {
        "buildings/#calc-building-damage": "Building damage calculator",
        "ruins/#calc-ruin-movement": "Ruin movement calculator",
        "unit-types/#calc-hit-split-artillery": "Artillery hit split",
        "unit-types/#calc-charge-and-fall-back": "Charge and fall back calculator",
        "unit-types/#calc-hit-split-monstrous-cavalry": "Monstrous Cavalry hit split",
    }
    row = found["buildings/#total-collapse"]
    assert row["meta"]["title"] == "6: Total Collapse"
    assert row["filters"] == {"page": ["Buildings"]}
    assert row["content"].startswith("6: Total Collapse. The occupying units suffer 2d6")


def test_a_rules_record_holds_the_headings_it_sits_under(built_site: Path) -> None:
    found = search_records(built_site)
    shooting = found["unit-types/#monstrous-cavalry-shooting-creatures-can-fire-up-two"]
    # Pagefind ends each block of a record with a full stop.
    assert shooting["content"].rstrip(".").endswith("Unit Types Monstrous Cavalry Shooting:"), shooting["content"]
    barrage = found["ruins/#barrage-weapons-always-strike-highest-level-under"]
    assert barrage["content"].rstrip(".").endswith("Ruins Barrage Weapons"), barrage["content"]
