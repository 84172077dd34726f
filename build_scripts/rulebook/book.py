"""The rulebook's sources → the section each page shows: parse, merge, place.

Every section with rule text must be on exactly one page: a section that no page places
fails the build naming it (a wiki section nobody placed is never silently dropped).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import Section
from build_scripts.rulebook.merge import merge_exports
from build_scripts.rulebook.sections import build_tree
from build_scripts.rulebook.wikitext import decode, parse_blocks

__all__ = ["PageSpec", "read_book"]


@dataclass(frozen=True)
class PageSpec:
    """A page of the site: its name (file stem and URL) and the section it shows."""

    name: str
    section: str


def read_book(
    exports: Sequence[tuple[str, bytes]], pages: Sequence[PageSpec], *, banner: bool = True
) -> dict[str, Section]:
    """Parse and merge the sources, and find each page's section.

    Args:
        exports: ``(file name, bytes)`` of each source, in merge order.
        pages: The pages and the sections they show.
        banner: The sources are section exports, each opening with the wiki's page banner;
            ``False``: whole wiki pages as the wiki returns them (``make sync``), with none.

    Returns:
        Page name → the section it shows.

    Raises:
        RulebookError: for a source the parser refuses, a page whose section is not there
            exactly once, or a section on no page or on two.
    """
    trees = [
        (name, build_tree(parse_blocks(decode(data, name), name, banner=banner, strict=banner), name))
        for name, data in exports
    ]
    merged = merge_exports(trees)
    by_title: dict[str, list[Section]] = {}
    for section in merged.walk()[1:]:
        by_title.setdefault(section.title, []).append(section)
    sections = {spec.name: _find_page_section(by_title, spec) for spec in pages}
    _require_coverage(merged, sections)
    return sections


def _find_page_section(by_title: Mapping[str, list[Section]], spec: PageSpec) -> Section:
    matches = by_title.get(spec.section, [])
    if len(matches) != 1:
        raise RulebookError(
            f"page {spec.name!r} shows section {spec.section!r}, which the exports hold "
            f"{len(matches)} times; it must name exactly one section heading"
        )
    return matches[0]


def _require_coverage(root: Section, sections: dict[str, Section]) -> None:
    """Every section with rule text is on exactly one page; none is lost."""
    owner: dict[int, str] = {}
    for name, section in sections.items():
        for s in section.walk():
            if id(s) in owner:
                raise RulebookError(f"section {s.title!r} is on both page {owner[id(s)]!r} and page {name!r}")
            owner[id(s)] = name
    for s in root.walk()[1:]:
        if id(s) not in owner and s.blocks:
            raise RulebookError(
                f"section {s.title!r} is on no page; add a page for it in mkdocs.yml", source=s.heading.source
            )
