"""The parts of the printed book: which pages each PDF holds, and where it is written.

A book without navigation groups is one PDF (``print/rules.pdf``). A book in groups prints
the pages at the navigation's top as that one (the first part, whatever it holds, is that
file: the home page links it) and each group (named by its innermost name, ``Book 14``, or
by its whole path where another group has that name too, ``Core › Appendix``) as its own
PDF (``print/book-14.pdf``, ``print/core-appendix.pdf``): a part is typeset on its own, so an edit
typesets its part again, not the whole book (at 50 times today's rules, one PDF would take
a minute of every build).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from build_scripts.core.errors import RulebookError

__all__ = ["FIRST_PART", "PrintPart", "print_parts"]

#: The file of the part printed first (the pages at the navigation's top): the home page links it.
FIRST_PART = "print/rules.pdf"
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class PrintPart:
    """One PDF: its name (``""``: the book's own), its file from the site root, its pages' addresses."""

    name: str
    file: str
    pages: tuple[str, ...]

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> PrintPart:
        """A part from its record (``name``, ``file``, ``pages``), as ``dataclasses.asdict`` wrote it."""
        return cls(str(record["name"]), str(record["file"]), tuple(str(url) for url in record["pages"]))


def _file(name: str) -> str:
    slug = _NOT_SLUG.sub("-", name.lower()).strip("-")
    return f"print/{slug or 'part'}.pdf"


def print_parts(pages: Iterable[tuple[str, tuple[str, ...]]]) -> list[PrintPart]:
    """The parts, in the navigation's order, from each rulebook page's address and groups.

    Raises:
        RulebookError: when two groups' names make the same file name.
    """
    by_group: dict[tuple[str, ...], list[str]] = {}  # in the navigation's order
    for url, group in pages:
        by_group.setdefault(tuple(group), []).append(url)
    # A group is one part: two groups with one innermost name (Core › Appendix, Expansion ›
    # Appendix) are two parts, each named by its whole path.
    innermost = Counter(group[-1] for group in by_group if group)
    names = [(group[-1] if innermost[group[-1]] == 1 else " › ".join(group)) if group else "" for group in by_group]
    parts = [
        PrintPart(name, _file(name) if i else FIRST_PART, tuple(urls))
        for i, (name, urls) in enumerate(zip(names, by_group.values(), strict=True))
    ]
    seen: dict[str, str] = {}
    for part in parts:
        if part.file in seen:
            raise RulebookError(
                f"mkdocs.yml: the groups {seen[part.file]!r} and {part.name!r} would both be printed as "
                f"{part.file}: rename one"
            )
        seen[part.file] = part.name
    return parts
