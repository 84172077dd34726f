"""The wiki's footnotes (``<ref>``, ``<ref name=…>``, ``<references />``), numbered as the wiki numbers them.

Each new ``<ref>`` of a page takes the next number and leaves a mark (``[1]``) where it
stands; a ``<ref name="x" />`` (or a second ``<ref name="x">``) is the same note, the same
number. The notes are listed where ``<references />`` stands, and the notes after it are
numbered from 1 again, as the wiki numbers them; the notes no ``<references />`` listed
are listed at the page's end. Each listed note is
a ``footnote`` block: a rule with its id, card and history, whose mark links to it
(:mod:`build_scripts.rulebook.wikilinks`). A group's notes (``group="g"``) are numbered apart
(``[g 1]``) and listed by its own ``<references group="g" />``; a named note's words may be
given inside ``<references>``. A note ``follow="x"`` adds its words to note ``x``'s (listed
unnumbered, number 0, when ``x`` is not given before it) and leaves no mark. A footnote
Cite refuses (:mod:`build_scripts.rulebook.wiki_cite`) leaves Cite's message instead of a mark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeGuard

from mwparserfromhell.nodes import Node, Tag

from build_scripts.core.model import Inline
from build_scripts.rulebook.wiki_cite import CITE_ERROR, DUPLICATE_KEY, arguments, ref_fault

__all__ = ["Note", "Notes", "is_ref", "is_references", "listed_group"]


@dataclass
class Note:
    """A footnote: its number, its name ("" for none), its runs, the line they come from, whether listed, its group."""

    number: int
    name: str
    key: str = ""
    runs: list[Inline] = field(default_factory=list)
    line: int = 0
    listed: bool = False
    group: str = ""
    #: Its words as written, to tell a second definition of other words.
    written: str = ""


#: What reads a note's words: its nodes → its runs.
Words = Callable[[list[Node]], list[Inline]]


@dataclass
class Notes:
    """A page's footnotes so far, numbered in each group."""

    file: str
    notes: list[Note] = field(default_factory=list)
    by_name: dict[tuple[str, str], Note] = field(default_factory=dict)
    #: How many notes each group has numbered since its last list.
    counts: dict[str, int] = field(default_factory=dict)

    def mark(self, node: Tag, line: int, words: Words, tags: tuple[str, ...]) -> Inline:
        """The mark a ``<ref>`` leaves (``[1]``, ``[g 1]`` in a group); its words (``words`` reads them) kept.

        A footnote Cite refuses leaves Cite's message (a run noted ``cite-error``); one that
        follows another (``follow="x"``) adds its words to that one's and leaves no mark.
        """
        fault = ref_fault(node, None, self._used, self._grouped)
        if fault:
            return Inline("text", CITE_ERROR + fault, note="cite-error", tags=tags)
        given = arguments(node)
        name, group, follow = given.get("name", ""), given.get("group", ""), given.get("follow", "")
        parent = self.by_name.get((group, follow)) if follow else None
        if parent is not None:
            if node.contents is not None and str(node.contents).strip():
                parent.runs = [*parent.runs, Inline("text", " "), *words(list(node.contents.nodes))]
            return Inline("text", "", tags=tags)
        if follow:  # the note it follows is not given before it: listed unnumbered (0), as the wiki lists it
            orphan = Note(0, "", f"{self.file}#{len(self.notes) + 1}", line=line, group=group)
            self.notes.append(orphan)
            self._words(orphan, node, line, words)
            return Inline("text", "", tags=tags)
        note = self.by_name.get((group, name)) if name else None
        if note is None:
            self.counts[group] = self.counts.get(group, 0) + 1
            note = Note(self.counts[group], name, f"{self.file}#{len(self.notes) + 1}", line=line, group=group)
            self.notes.append(note)
            if name:
                self.by_name[group, name] = note
        self._words(note, node, line, words)
        mark = f"[{group} {note.number}]" if group else f"[{note.number}]"
        return Inline("footnote", mark, label=note.key, tags=tags)

    def define(self, node: Tag, group: str, line: int, words: Words) -> str:
        """A named note's words given inside its ``<references>`` (``<ref name="x">words</ref>``).

        Returns:
            Cite's message when it refuses the definition ("" when it does not).
        """
        fault = ref_fault(node, group, self._used, self._grouped)
        if not fault:
            self._words(self.by_name[group, _attribute(node, "name")], node, line, words)
        return fault

    def _used(self, group: str, name: str) -> bool:
        return (group, name) in self.by_name

    def _grouped(self, group: str) -> bool:
        return any(n.group == group and not n.listed for n in self.notes)

    @staticmethod
    def _words(note: Note, node: Tag, line: int, words: Words) -> None:
        written = str(node.contents).strip() if node.contents is not None else ""
        if written and not note.runs:
            note.runs, note.line, note.written = words(list(node.contents.nodes)), line, written
        elif written and written != note.written:  # the wiki adds its message to the first words
            note.runs = [*note.runs, Inline("text", " " + CITE_ERROR + DUPLICATE_KEY.format(note.name))]

    def unlisted(self, group: str | None = None) -> list[Note]:
        """The group's notes not listed yet, in their order (``None``: every group's, at the page's end).

        The unnumbered ones (which follow a note not given before them) first, as Cite sorts them.

        The group's next notes are numbered from 1 again, as after a ``<references />``.
        """
        out = sorted((n for n in self.notes if not n.listed and group in (None, n.group)), key=lambda n: n.number > 0)
        for note in out:
            note.listed = True
        for done in set(self.counts) if group is None else {group}:
            self.counts.pop(done, None)
            self.by_name = {key: note for key, note in self.by_name.items() if key[0] != done}
        return out


def _attribute(node: Tag, name: str) -> str:
    """A tag's attribute as the wiki reads it (:func:`~build_scripts.rulebook.wiki_cite.arguments`); "" when none."""
    return arguments(node).get(name, "")


def is_ref(node: Node) -> TypeGuard[Tag]:
    """Whether the node is a footnote (``<ref>…</ref>`` or ``<ref name="x" />``)."""
    return isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "ref"


def is_references(node: Node) -> TypeGuard[Tag]:
    """Whether the node is where the notes are listed (``<references />``)."""
    return isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "references"


def listed_group(node: Tag) -> str:
    """The group a ``<references />`` lists ("" for the notes of no group)."""
    return _attribute(node, "group")
