"""The wiki's footnotes (``<ref>``, ``<ref name=…>``, ``<references />``), numbered as the wiki numbers them.

Each new ``<ref>`` of a page takes the next number and leaves a mark (``[1]``) where it
stands; a ``<ref name="x" />`` (or a second ``<ref name="x">``) is the same note, the same
number. The notes are listed where ``<references />`` stands, and the notes after it are
numbered from 1 again, as the wiki numbers them; the notes no ``<references />`` listed
are listed at the page's end. Each listed note is
a ``footnote`` block: a rule with its id, card and history, whose mark links to it
(:mod:`build_scripts.rulebook.wikilinks`). Groups (``group="…"``) are read as one list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeGuard

from mwparserfromhell.nodes import Node, Tag

from build_scripts.core.model import Inline

__all__ = ["Note", "Notes", "is_ref", "is_references"]


@dataclass
class Note:
    """A footnote: its number, its name ("" for none), its runs, the line they come from, whether listed."""

    number: int
    name: str
    key: str = ""
    runs: list[Inline] = field(default_factory=list)
    line: int = 0
    listed: bool = False


@dataclass
class Notes:
    """A page's footnotes so far."""

    file: str
    notes: list[Note] = field(default_factory=list)
    by_name: dict[str, Note] = field(default_factory=dict)
    #: Where the notes not listed yet start.
    since: int = 0

    def mark(self, node: Tag, line: int, words: Callable[[list[Node]], list[Inline]], tags: tuple[str, ...]) -> Inline:
        """The mark a ``<ref>`` leaves (``[1]``); its words (``words`` reads them) kept for its note."""
        name = str(node.get("name").value).strip().strip("\"'") if node.has("name") else ""
        note = self.by_name.get(name) if name else None
        if note is None:
            note = Note(len(self.notes) - self.since + 1, name, f"{self.file}#{len(self.notes) + 1}", line=line)
            self.notes.append(note)
            if name:
                self.by_name[name] = note
        if node.contents is not None and str(node.contents).strip() and not note.runs:
            note.runs, note.line = words(list(node.contents.nodes)), line
        return Inline("footnote", f"[{note.number}]", label=note.key, tags=tags)

    def unlisted(self) -> list[Note]:
        """The notes not listed yet, in their order (a ``<references />``); the next are numbered from 1."""
        out = self.notes[self.since :]
        for note in out:
            note.listed = True
        self.since, self.by_name = len(self.notes), {}
        return out


def is_ref(node: Node) -> TypeGuard[Tag]:
    """Whether the node is a footnote (``<ref>…</ref>`` or ``<ref name="x" />``)."""
    return isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "ref"


def is_references(node: Node) -> bool:
    """Whether the node is where the notes are listed (``<references />``)."""
    return isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "references"
