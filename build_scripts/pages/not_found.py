"""What the missing page (404) says: where the player is, and the way back into the rules.

The theme writes ``404.html`` with "404 - Not found" and nothing else; the finish stage puts
these words in their place (:func:`build_scripts.finish.generated_pages.not_found_words`). The
page is served at any address, so every link starts at the site's root. It lists the
navigation's top (a page, or a group by its first page), so it weighs the same whatever the
size of the book.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from build_scripts.core.model import page_url
from build_scripts.core.templates import environment
from build_scripts.pages.page_kinds import NotFoundWords

__all__ = ["SitePage", "render_not_found"]


class SitePage(Protocol):
    """A page of the navigation, as the plugin's options list it."""

    @property
    def name(self) -> str:
        """The page's file stem (``buildings``)."""

    @property
    def title(self) -> str:
        """Its title in the navigation."""

    @property
    def kind(self) -> str:
        """What makes it (``rulebook``, ``calculators``, …)."""

    @property
    def group(self) -> tuple[str, ...]:
        """The groups it sits in, outermost first."""


@dataclass(frozen=True)
class _Entry:
    title: str
    url: str


def render_not_found(pages: Sequence[SitePage], site_root: str) -> NotFoundWords:
    """The 404 page's words: a sentence, the search, the rulebook's pages (or groups), home and the calculators."""
    entries: list[_Entry] = []
    groups: set[str] = set()
    for page in pages:
        if page.kind != "rulebook":
            continue
        if not page.group:
            entries.append(_Entry(page.title, page_url(page.name)))
        elif page.group[0] not in groups:
            groups.add(page.group[0])
            entries.append(_Entry(page.group[0], page_url(page.name)))
    calculators = next((page_url(p.name) for p in pages if p.kind == "calculators"), "")
    html = (
        environment().get_template("not_found.html.j2").render(entries=entries, root=site_root, calculators=calculators)
    )
    return NotFoundWords(html)
