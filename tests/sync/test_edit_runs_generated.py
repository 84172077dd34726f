"""Any run of wiki edits, generated (Hypothesis, a state machine of edits on the real rulebook):
headings renamed and renames reverted, rules' first words reworded, rules moved to another
page, the page moved, vandalism hidden on the wiki and reverted. Whatever the run, syncing
after every edit and syncing once after all of them end alike: the same pages, revisions,
history and lock, every published id live or aliased; or, where one stops, both stop at the
same revision, naming the same ids and doubts (a stop only where a sync after each edit
stops too).

Derandomized (the same runs each time, so CI is steady); ``EDIT_RUNS=200`` runs more.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule, run_state_machine_as_test
from support.edit_runs import Story, fresh_project, sync_export, sync_files

from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.book import PageSpec, read_book
from build_scripts.rulebook.ids import assign_ids
from build_scripts.sync.model import file_name
from harness.project import PROJECT

#: Where the other pages begin in the page's text: a rule from there may move to Terrain.
OTHER_PAGES = "===Other Terrain Types==="
#: Where a moved rule lands: under Open Ground, on Terrain.
LANDING = "'''Open Ground'''\n\n"
TITLES = ("Scrollhammer Rules", "The Scrollhammer Rulebook", "Scrollhammer Rulebook")


def unique(lines: list[str], text: str) -> list[str]:
    return [line for line in lines if text.count(line) == 1]


def headings(text: str) -> list[str]:
    """The bold headings the page has once (the unit types repeat "Movement:", "Shooting:"…)."""
    return unique(re.findall(r"(?m)^'''[A-Z][A-Za-z ,]+'''$", text), text)


def rules(text: str, start: int = 0) -> list[str]:
    """Plain paragraphs of some words, each once in the page, from ``start``."""
    found = re.findall(r"(?m)^[A-Z][a-z]+ [^\n=*';]{40,}$", text[start:])
    return unique(found, text)


class EditRuns(RuleBasedStateMachine):
    """A run of edits on the rulebook page, told as :class:`support.edit_runs.Story`."""

    def __init__(self) -> None:
        super().__init__()
        self.story = Story.begun()
        self.renamed: list[tuple[str, str]] = []

    def room(self) -> bool:
        return len(self.story.revisions) < 26

    @precondition(room)
    @rule(data=st.data(), word=st.sampled_from(["Flows", "Fields", "Proper", "Grounds"]))
    def rename_a_heading(self, data: st.DataObject, word: str) -> None:
        old = data.draw(st.sampled_from(headings(self.story.text)))
        new = f"{old[:-3]} {word}'''"
        if new in self.story.text:
            return
        self.story.edit(old, new, f"rename {old}")
        self.renamed.append((old, new))

    @precondition(lambda self: self.renamed and self.room())
    @rule()
    def revert_the_last_rename(self) -> None:
        old, new = self.renamed.pop()
        if self.story.text.count(new) == 1 and old not in self.story.text:
            self.story.edit(new, old, f"Revert: {old}")

    @precondition(room)
    @rule(data=st.data())
    def reword_a_rules_first_words(self, data: st.DataObject) -> None:
        line = data.draw(st.sampled_from(rules(self.story.text)))
        first, rest = line.split(" ", 1)
        self.story.edit(line, f"{first} truly {rest}", "reword")

    @precondition(room)
    @rule(data=st.data())
    def move_a_rule_to_another_page(self, data: st.DataObject) -> None:
        text = self.story.text
        line = data.draw(st.sampled_from(rules(text, text.index(OTHER_PAGES))))
        if LANDING not in text:
            return
        moved = text.replace(f"{line}\n\n", "", 1).replace(LANDING, f"{LANDING}{line}\n\n", 1)
        self.story.rewrite(moved, "moved a rule")

    @precondition(room)
    @rule(title=st.sampled_from(TITLES))
    def move_the_page(self, title: str) -> None:
        if title != self.story.title:
            self.story.move(title)

    @precondition(lambda self: len(self.story.revisions) < 25)
    @rule(data=st.data())
    def vandalism_hidden_and_reverted(self, data: st.DataObject) -> None:
        old = data.draw(st.sampled_from(headings(self.story.text)))
        self.story.vandalised_and_reverted(old, "'''LOL'''")

    def teardown(self) -> None:
        if len(self.story.revisions) > 1:
            with tempfile.TemporaryDirectory() as folder:
                assert_same_end(self.story, Path(folder))


#: A project synced at the story's first revision (the same for every run), made once.
_FIRST: list[Path] = []


def first_synced(dest: Path) -> Path:
    """A copy of a project synced at the rulebook's first revision."""
    if not _FIRST:
        made = fresh_project(Path(tempfile.mkdtemp()) / "first")
        assert not sync_export(made, Story.begun().export(1)).stopped
        _FIRST.append(made)
    shutil.copytree(_FIRST[0], dest)
    return dest


def assert_same_end(story: Story, folder: Path) -> None:
    """Both schedules end alike (see the module's docstring)."""
    each, once = first_synced(folder / "each"), first_synced(folder / "once")
    shown = [n for n in range(2, len(story.revisions) + 1) if story.revisions[n - 1].text is not None]
    stops = [stop for n in shown if (stop := sync_export(each, story.export(n)).stopped)]
    outcome = sync_export(once, story.export())
    if outcome.stopped or stops:
        assert stops, f"one sync stopped where a sync after each edit did not: {outcome.stopped}"
        assert outcome.stopped == stops[0], "not the stop a sync after each edit met"
        return
    assert sync_files(each) == sync_files(once)
    lock = AnchorLock.loads((once / "anchors.lock.json").read_text("utf-8"))
    sources = [(file_name(story.title), story.text.encode("utf-8"))]
    pages = [PageSpec(name, section) for name, section in PROJECT.options.rulebook_sections]
    book = {name: assign_ids(section) for name, section in read_book(sources, pages, banner=False).items()}
    lock.check(book, frozen=True)  # every published id live or aliased, nothing new: the build publishes it


def test_any_run_of_edits_ends_alike_by_either_schedule() -> None:
    examples = int(os.environ.get("EDIT_RUNS", "12"))
    run_state_machine_as_test(
        EditRuns,
        settings=settings(
            max_examples=examples,
            stateful_step_count=5,
            deadline=None,
            derandomize=examples <= 12,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
