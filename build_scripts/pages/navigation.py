"""The site's navigation as nested groups, made from the one list of pages.

A page may sit in a group (``["Books 11–20", "Book 14"]``): consecutive pages that share a
group's path are listed under it, in the order of the list. With the theme's pruning, a
page then lists only the groups above it and its own group's pages, not every page of the
book, so what a page weighs does not grow with the book.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from build_scripts.core.errors import RulebookError

__all__ = ["NavPage", "nested_nav"]

#: A navigation entry as MkDocs reads ``nav``: ``{title: file}`` or ``{title: [entries]}``.
NavEntry = dict[str, "str | list[NavEntry]"]


@dataclass(frozen=True)
class NavPage:
    """A page of the navigation: its title, its Markdown file and the groups it sits in."""

    title: str
    file: str
    group: tuple[str, ...] = ()


def nested_nav(pages: Sequence[NavPage]) -> list[NavEntry]:
    """The navigation, with each run of pages that share a group listed under that group.

    Raises:
        RulebookError: when a group's pages are not next to each other in the list (the
            group would appear twice in the navigation), or a group's title is empty.
    """
    root: list[NavEntry] = []
    open_path: list[tuple[str, list[NavEntry]]] = []  # the groups the previous page sat in
    closed: set[tuple[str, ...]] = set()
    for page in pages:
        if any(not title.strip() for title in page.group):
            raise RulebookError(f"page {page.file!r}: a group's title is empty")
        shared = 0
        while shared < min(len(open_path), len(page.group)) and open_path[shared][0] == page.group[shared]:
            shared += 1
        for depth in range(shared, len(open_path)):
            closed.add(tuple(title for title, _ in open_path[: depth + 1]))
        del open_path[shared:]
        for depth in range(shared, len(page.group)):
            path = page.group[: depth + 1]
            if path in closed:
                raise RulebookError(
                    f"page {page.file!r} is in the group {' › '.join(path)!r}, whose pages must be next to each other"
                )
            children: list[NavEntry] = []
            (open_path[-1][1] if open_path else root).append({page.group[depth]: children})
            open_path.append((page.group[depth], children))
        (open_path[-1][1] if open_path else root).append({page.title: page.file})
    return root
