"""Runs of wiki edits between syncs: one sync of many edits writes what a sync after each edit
writes (the pages, their revisions, the history and the lock), and stops only where a sync
after each edit would stop too, naming the same ids and doubts.

Told from export files (``support/edit_runs.py``: the page's history without a wiki, synced
in process as ``make sync EXPORT=…``), for each kind of run: a heading renamed then the rule
under it reworded (the nightly job stopped on this before), reworded then renamed, two
renames in a row, a rename reverted, a rule moved to another page, a move of the page
among them, a hidden revision in between; and, generated, any run of such edits
(``test_edit_runs_generated.py``). Against Debian's MediaWiki: ``test_edit_runs_on_a_wiki.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from support.edit_runs import Outcome, Story, fresh_project, sync_export, sync_files

from build_scripts.core.model import RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock

LAVA = "Lava is Difficult Terrain. It is treated as Lethal Terrain by units that are not Immune to Flame."
BOULDERS = "Steep rock formations are difficult terrain."


def schedules(story: Story, tmp_path: Path) -> tuple[Path, list[Outcome], Path, Outcome]:
    """Sync ``story`` after its first revision, then after each edit (one project) and once after
    all of them (another); give each project and what its syncs said."""
    each = fresh_project(tmp_path / "each")
    once = fresh_project(tmp_path / "once")
    for project in (each, once):
        first = sync_export(project, story.export(1))
        assert not first.stopped, first.stopped
    # After each edit the wiki shows: a revision the wiki hides was hidden before a sync saw it
    # (a wiki never hides its latest words), so no sync comes between it and the next edit.
    shown = [n for n in range(2, len(story.revisions) + 1) if story.revisions[n - 1].text is not None]
    outcomes = [sync_export(each, story.export(n)) for n in shown]
    return each, outcomes, once, sync_export(once, story.export())


def same_end(story: Story, tmp_path: Path) -> tuple[dict[str, str], Outcome]:
    """Both schedules end with the same files and neither stopped; those files, and the one sync's report."""
    each, outcomes, once, outcome = schedules(story, tmp_path)
    assert not outcome.stopped, outcome.stopped
    assert [o.stopped for o in outcomes if o.stopped] == []
    assert sync_files(each) == sync_files(once)
    return sync_files(once), outcome


def aliases(files: dict[str, str]) -> dict[str, str]:
    return dict(json.loads(files["anchors.lock.json"])["aliases"])


def rename_then_reword(story: Story) -> None:
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")
    story.edit(LAVA, "Lava flows are Difficult Terrain. It" + LAVA.split(". It", 1)[1], "reword")


def reword_then_rename(story: Story) -> None:
    story.edit(LAVA, "Lava flows are Difficult Terrain. It" + LAVA.split(". It", 1)[1], "reword")
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")


def two_renames(story: Story) -> None:
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")
    story.edit("'''Lava Flows'''", "'''Lava Fields'''", "Lava Fields")


def rename_reverted(story: Story) -> None:
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")
    story.edit("'''Lava Flows'''", "'''Lava'''", "Revert: Lava")


def rule_moved_to_another_page(story: Story) -> None:
    """The boulders' rule leaves Other Terrain for Terrain's Open Ground, words unchanged, then Open Ground's is reworded."""
    rule = "Steep rock formations are difficult terrain. The steepest of them are Impassable terrain; determine what is what beforehand."
    text = story.text.replace(f"{rule}\n\n", "", 1)
    text = text.replace("'''Open Ground'''\n\n", f"'''Open Ground'''\n\n{rule}\n\n", 1)
    story.rewrite(text, "boulders belong with open ground")
    story.edit("Open ground covers everything", "Open ground takes in everything", "reword")


def page_moved_among_them(story: Story) -> None:
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")
    story.move("Scrollhammer Rules")
    story.edit(LAVA, "Lava flows are Difficult Terrain. It" + LAVA.split(". It", 1)[1], "reword")


def hidden_in_between(story: Story) -> None:
    story.edit("'''Lava'''", "'''Lava Flows'''", "Lava Flows")
    story.vandalised_and_reverted("'''Boulders'''", "'''Boulders are for losers'''")
    story.edit(LAVA, "Lava flows are Difficult Terrain. It" + LAVA.split(". It", 1)[1], "reword")


RUNS: dict[str, Callable[[Story], None]] = {
    "rename then reword": rename_then_reword,
    "reword then rename": reword_then_rename,
    "two renames in a row": two_renames,
    "a rename reverted": rename_reverted,
    "a rule moved to another page": rule_moved_to_another_page,
    "a move of the page among them": page_moved_among_them,
    "a hidden revision in between": hidden_in_between,
}


@pytest.mark.parametrize("run", list(RUNS))
def test_one_sync_of_a_run_writes_what_a_sync_after_each_edit_writes(tmp_path: Path, run: str) -> None:
    story = Story.begun()
    RUNS[run](story)
    files, _ = same_end(story, tmp_path)
    lock = AnchorLock.loads(files["anchors.lock.json"])
    assert all(lock.follow(ref) in set(lock.published()) for ref in lock.published())


def test_a_heading_renamed_then_its_rule_reworded_is_placed_without_a_person(tmp_path: Path) -> None:
    """The nightly job's stop of issue 52: "other-terrain#lava: no rule has that text now"."""
    story = Story.begun()
    rename_then_reword(story)
    files, outcome = same_end(story, tmp_path)
    assert aliases(files)["other-terrain#lava"] == "other-terrain#lava-flows"
    # The rule under the heading took the heading's new name with the rename, and kept that id
    # when reworded (the same rule, new words): its old id leads there, a live id of the book.
    old = RuleRef.parse("other-terrain#lava-difficult-terrain-treated-lethal-terrain")
    now = RuleRef.parse("other-terrain#lava-flows-difficult-terrain-treated-lethal-terrain")
    assert aliases(files)[str(old)] == str(now)
    lock = AnchorLock.loads(files["anchors.lock.json"])
    assert lock.follow(old) == now
    assert now in set(lock.published())
    assert str(now) not in aliases(files), "where the rule is now, not another alias"
    assert any("other-terrain#lava → other-terrain#lava-flows" in line for line in outcome.lines)


def test_two_renames_chain_and_a_reverted_rename_answers_at_its_own_id_again(tmp_path: Path) -> None:
    story = Story.begun()
    two_renames(story)
    chained = aliases(same_end(story, tmp_path / "two")[0])
    assert chained["other-terrain#lava"] == "other-terrain#lava-flows"
    assert chained["other-terrain#lava-flows"] == "other-terrain#lava-fields"
    story = Story.begun()
    rename_reverted(story)
    files, _ = same_end(story, tmp_path / "reverted")
    back = aliases(files)
    assert "other-terrain#lava" not in back, "the rule answers at its own id again"
    assert back["other-terrain#lava-flows"] == "other-terrain#lava"
    _, outcomes, _, _ = schedules(story, tmp_path / "reported")
    assert "sync: alias taken back (the rule answers at its own id again): other-terrain#lava" in outcomes[-1].lines


def test_a_stop_in_one_sync_is_the_stop_a_sync_after_each_edit_meets(tmp_path: Path) -> None:
    """A rule whose words go to two places in one edit is in doubt: both schedules stop at that
    edit, naming the same id and doubt, and write nothing."""
    story = Story.begun()
    story.edit("'''Boulders'''", "'''Rocks'''", "Rocks")
    story.edit("'''Lava'''", f"'''Magma'''\n\n{LAVA}\n\n'''Lava Flows'''", "Lava, twice")
    story.edit("Open ground covers everything", "Open ground takes in everything", "reword")
    each, outcomes, once, outcome = schedules(story, tmp_path)
    assert outcome.stopped
    assert "other-terrain#lava-difficult-terrain-treated-lethal-terrain: its words are now at" in outcome.stopped
    first_stop = next(o.stopped for o in outcomes if o.stopped)
    assert first_stop == outcome.stopped
    assert outcomes[0].stopped == ""  # the rename before it is placed by the sync after it
    assert sync_files(once)["anchors.lock.json"] != sync_files(each)["anchors.lock.json"]  # each wrote the rename
