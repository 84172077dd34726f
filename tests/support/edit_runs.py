"""A wiki's runs of edits between syncs, told without a wiki, and synced by either schedule.

:class:`Story` is the rulebook page's history as a wiki keeps it: each edit a revision (its
text, when, who, why), a move of the page (its revision names the move, the title changes),
a revision hidden on the wiki. :meth:`Story.export` writes the Special:Export file of the
history as it stood after any edit (``tests/support/export_xml.py``), so a project can be
synced after every edit (``make sync EXPORT=…``, in process) or once after all of them, and
the files each schedule wrote compared (:func:`sync_files`).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

from build_scripts.sync.model import SyncError
from build_scripts.sync.run import sync
from harness.project import ROOT
from support.export_xml import ExportRevision, export_xml
from support.wiki import TITLE, rulebook_text

__all__ = ["SYNC_FILES", "Outcome", "Story", "fresh_project", "sync_export", "sync_files"]

#: What a sync writes, from the project's folder.
SYNC_FILES = ("wiki.toml", "anchors.lock.json", "rules.history.jsonl")
SYNCED = Path("docs/rulebook/wiki")


@dataclass
class Story:
    """The rulebook page's revisions, oldest first, each with the page's title after it."""

    revisions: list[ExportRevision] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    page_id: int = 7

    @classmethod
    def begun(cls) -> Story:
        """The page made from our exports, in one revision (as the test wiki makes it)."""
        story = cls()
        story._add(rulebook_text(), "The rulebook, from the section exports", TITLE)
        return story

    @property
    def text(self) -> str:
        """The page's words now (a hidden revision's are the ones before it)."""
        return next(r.text for r in reversed(self.revisions) if r.text is not None)

    @property
    def title(self) -> str:
        return self.titles[-1]

    def _add(self, text: str | None, summary: str, title: str) -> int:
        rev = len(self.revisions) + 1
        parent = rev - 1
        assert rev < 29, "a story of at most 28 revisions: one a day in November"
        time = f"2026-11-{1 + rev:02d}T10:00:00Z"
        self.revisions.append(ExportRevision(rev, parent, time, "Ann", summary, text))
        self.titles.append(title)
        return rev

    def edit(self, old: str, new: str, summary: str) -> int:
        """A revision changing the page's one ``old`` to ``new``."""
        assert self.text.count(old) == 1, f"{old!r} is in the page {self.text.count(old)} times"
        return self._add(self.text.replace(old, new), summary, self.title)

    def rewrite(self, text: str, summary: str) -> int:
        """A revision giving the page ``text``."""
        return self._add(text, summary, self.title)

    def move(self, new_title: str, reason: str = "a better name") -> int:
        """The page moved: its revision keeps the words and names the move, as MediaWiki writes it."""
        summary = f"Admin moved page [[{self.title}]] to [[{new_title}]]: {reason}"
        return self._add(self.text, summary, new_title)

    def vandalised_and_reverted(self, old: str, new: str) -> tuple[int, int]:
        """An edit the wiki hides (vandalism), then the revert that restores the words before it."""
        before = self.text
        vandal = self.edit(old, new, "lol")
        self.revisions[-1] = replace(self.revisions[-1], text=None, summary="")
        reverted = self._add(before, f"Reverted edits by vandal (revision {vandal})", self.title)
        return vandal, reverted

    def export(self, upto: int | None = None) -> bytes:
        """The Special:Export file of the page after its first ``upto`` revisions (all by default)."""
        count = len(self.revisions) if upto is None else upto
        return export_xml(self.titles[count - 1], self.revisions[:count], page_id=self.page_id)


def fresh_project(dest: Path) -> Path:
    """What a sync reads and writes, copied from the project: mkdocs.yml, wiki.toml, the lock, the history, the exports."""
    (dest / "docs").mkdir(parents=True)
    for name in ("mkdocs.yml", *SYNC_FILES):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "docs" / "rulebook", dest / "docs" / "rulebook")
    return dest


@dataclass(frozen=True)
class Outcome:
    """A sync's end: the lines it reported, or why it stopped (nothing written then)."""

    lines: tuple[str, ...] = ()
    stopped: str = ""


def sync_export(project: Path, export: bytes, *, aliases: bool = True) -> Outcome:
    """Sync ``project`` from an export (in process, as ``make sync EXPORT=…`` does)."""
    path = project.parent / f"{project.name}-export.xml"
    path.write_bytes(export)
    try:
        return Outcome(tuple(sync(project, export=path, aliases=aliases).lines()))
    except SyncError as exc:
        return Outcome(stopped=str(exc))
    finally:
        path.unlink()


def sync_files(project: Path) -> dict[str, str]:
    """Every file a sync writes, by its path in the project, with its text."""
    files = [project / name for name in SYNC_FILES]
    files += sorted(p for p in (project / SYNCED).rglob("*") if p.is_file())
    return {str(p.relative_to(project)): p.read_text("utf-8") for p in files}
