"""Runs of edits between syncs on a real MediaWiki (Debian's 1.39 on loopback): a project synced
after every edit, one synced after every second edit and one synced once after all of them
write the same pages, revisions, history and lock, with no person in between. The run holds
each kind of edit the nightly job meets: a heading renamed then its rule reworded, a rule
reworded then its heading renamed, two renames in a row, a rename reverted, a rule moved to
another page, the page moved, and vandalism hidden on the wiki before a sync saw it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.edit_runs import fresh_project, sync_files
from support.wiki import TITLE, Wiki, running_wiki, sync

LAVA = "Lava is Difficult Terrain. It is treated as Lethal Terrain by units that are not Immune to Flame."
BOULDERS = "Steep rock formations are difficult terrain."
DEBRIS = "Battlefield debris is difficult terrain."
MOVED = "Scrollhammer Rules"
OPEN_GROUND = "'''Open Ground'''"


@pytest.fixture
def wiki(tmp_path: Path) -> Iterator[Wiki]:
    with running_wiki(tmp_path / "wiki") as running:
        yield running


def synced(project: Path, api: str) -> str:
    proc = sync(project, "--api", api)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def run_of_edits(wiki: Wiki) -> list[Callable[[], object]]:
    """The edits, each a step after which the wiki shows a page a sync may read."""
    title = [TITLE]

    def edit(change: str, summary: str) -> Callable[[], object]:
        return lambda: wiki.edit(title[0], change, summary=summary)

    def move() -> None:
        wiki.move(title[0], MOVED, reason="a shorter name")
        title[0] = MOVED

    def rule_to_another_page() -> None:
        """Battlefield debris' rule, cut from Other Terrain and pasted under Open Ground, in one edit."""
        text = wiki.site.pages[title[0]].text().replace(f"{DEBRIS}\n\n", "", 1)
        moved = text.replace(f"{OPEN_GROUND}\n\n", f"{OPEN_GROUND}\n\n{DEBRIS}\n\n", 1)
        wiki.edit(title[0], text=moved, summary="debris belongs with open ground")

    def vandalised_hidden_and_reverted() -> None:
        before = wiki.site.pages[title[0]].text()
        vandal = wiki.edit(title[0], "'''Tall Grass and Hedges'''→'''LOL'''", summary="lol")
        wiki.edit(title[0], text=before, summary=f"Reverted edits (revision {vandal})")
        wiki.hide(vandal)

    return [
        edit("'''Lava'''→'''Lava Flows'''", "Lava Flows"),
        edit(f"{LAVA}→Lava flows are Difficult Terrain.{LAVA.split('Terrain.', 1)[1]}", "reword lava"),
        edit(f"{BOULDERS}→Steep rock formations truly are difficult terrain.", "reword boulders"),
        edit("'''Boulders'''→'''Rocks'''", "Rocks"),
        edit("'''Forests'''→'''Woods'''", "Woods"),
        edit("'''Woods'''→'''Woodlands'''", "Woodlands"),
        edit("'''Swamps and Marshes'''→'''Bogs'''", "Bogs"),
        edit("'''Bogs'''→'''Swamps and Marshes'''", "Revert: Bogs"),
        rule_to_another_page,
        move,
        vandalised_hidden_and_reverted,
        edit("Open ground covers everything→Open ground takes in everything", "reword open ground"),
    ]


def test_a_run_of_edits_synced_after_each_once_or_every_second_ends_alike(wiki: Wiki, tmp_path: Path) -> None:
    each, pairs, once = (fresh_project(tmp_path / name) for name in ("each", "pairs", "once"))
    for project in (each, pairs, once):
        synced(project, wiki.api)
    reports = []
    for n, step in enumerate(run_of_edits(wiki), start=1):
        step()
        reports.append(synced(each, wiki.api))
        if n % 2 == 0:
            synced(pairs, wiki.api)
    synced(pairs, wiki.api)
    report = synced(once, wiki.api)
    assert "revision(s) brought in" in report
    assert sync_files(each) == sync_files(once)
    assert sync_files(pairs) == sync_files(once)
    aliases = json.loads((once / "anchors.lock.json").read_text("utf-8"))["aliases"]
    assert aliases["other-terrain#lava"] == "other-terrain#lava-flows"
    assert aliases["other-terrain#forests"] == "other-terrain#woods"
    assert aliases["other-terrain#woods"] == "other-terrain#woodlands"
    assert "other-terrain#swamps-and-marshes" not in aliases, "back at its own id"
    assert aliases["other-terrain#bogs"] == "other-terrain#swamps-and-marshes"
    assert aliases["other-terrain#battlefield-debris-difficult-terrain"].startswith("terrain#open-ground-")
    state = json.loads((once / "docs" / "rulebook" / "wiki" / "wiki.json").read_text("utf-8"))
    assert [m["new"] for m in state["moves"]] == [MOVED]
    assert "alias taken back (the rule answers at its own id again): other-terrain#swamps-and-marshes" in reports[7]
    assert all("cannot be placed without a person" not in r for r in reports)
    hidden = [json.loads(line) for line in (once / "docs/rulebook/wiki/revisions.jsonl").read_text().splitlines()]
    assert any(r.get("hidden") for r in hidden), "the vandal's revision is recorded as hidden"
    assert "LOL" not in (once / "rules.history.jsonl").read_text("utf-8")
