"""Where each of the wiki's links leads on the site, decided as the wiki decides it.

A footnote's mark (``[1]``) leads to its note; an image is shown from the file the project
keeps (:mod:`build_scripts.rulebook.wiki_files`).

A link to a section of the rulebook (``[[Scrollhammer Rulebook#Ruins|…]]``, ``[[#Ruins]]``)
leads to that section's heading on the site, matched as the wiki matches a section link
(the heading's words, ``_`` for a space, the second heading of the same words as
``Words_2``); to the rulebook's page without a section it leads to the book's first rule.
A link to another page of the wiki leads to that page on the wiki (``index.php?title=…``),
unless the last sync found the wiki has no such page (the wiki shows it as a red link that
creates the page; the site shows its words alone), or the build knows no wiki (a build
from the exports). External links were made safe by the reader and are left as they are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import quote

import mwparserfromhell

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, Image, Inline, RuleRef
from build_scripts.rulebook.wiki_files import FILES_FOLDER, KeptImage, shown_size
from build_scripts.rulebook.wiki_images import FILE_NAMESPACES
from build_scripts.rulebook.wiki_urls import shown_title

__all__ = ["WikiLinks", "link_targets", "resolve_links", "title_key"]

_SPACES = re.compile(r"[\s_]+")
#: Namespaces whose links show a thing in the page (a file) or put it somewhere (a category).
_SHOWN_HERE = frozenset({"category", "media", *FILE_NAMESPACES})


@dataclass(frozen=True)
class WikiLinks:
    """What a build knows of the wiki: the rulebook's page titles, its ``index.php``, the pages it lacks.

    ``images``: the images kept with the project, by their name on the wiki; ``synced``: the
    pages are the sync's (an image the wiki did not give shows its words), not exports (an
    image not kept stops the build).
    """

    titles: tuple[str, ...] = ()
    index: str = ""
    missing: frozenset[str] = frozenset()
    images: Mapping[str, KeptImage] = field(default_factory=dict)
    synced: bool = False


def title_key(title: str) -> str:
    """A page title as the wiki compares them.

    Unicode's composed form, ``_`` and runs of spaces one space, the first letter upper-case.
    """
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", title)).strip()
    return text[:1].upper() + text[1:]


def link_targets(texts: Iterable[str]) -> set[str]:
    """The pages the wikitexts link to (``[[Page]]``, ``[[Page#Section|…]]``), as :func:`title_key` gives them.

    Not a category the page is put in nor a file shown in it (a namespace and no leading
    ``:``); a link to such a page (``[[:Category:Rules]]``) is one.
    """
    out = set()
    for text in texts:
        for link in mwparserfromhell.parse(text).filter_wikilinks():
            written = str(link.title).strip()
            title = shown_title(written.removeprefix(":")).partition("#")[0]
            shown_here = title.partition(":")[0].strip().lower() in _SHOWN_HERE if ":" in title else False
            if title.strip() and "{" not in title and (written.startswith(":") or not shown_here):
                out.add(title_key(title))
    return out


def _anchor_key(fragment: str) -> str:
    return _SPACES.sub(" ", fragment).strip()


def _sections(pages: Mapping[str, list[AnchoredBlock]]) -> dict[str, RuleRef]:
    """Each wiki heading by the words a section link names it by (the second of the same words ``Words 2``)."""
    sections: dict[str, RuleRef] = {}
    seen: dict[str, int] = {}
    for page, items in pages.items():
        for item in items:
            if item.block.kind == "heading" and item.block.style == "wiki":
                words = _anchor_key(item.block.text)
                seen[words] = seen.get(words, 0) + 1
                sections.setdefault(words if seen[words] == 1 else f"{words} {seen[words]}", RuleRef(page, item.id))
    return sections


def resolve_links(pages: Mapping[str, list[AnchoredBlock]], wiki: WikiLinks) -> dict[str, list[AnchoredBlock]]:
    """Every page with its wiki links given their place: ``href`` (a rule), ``url`` (the wiki), or neither."""
    sections = _sections(pages)
    first = next((RuleRef(page, items[0].id) for page, items in pages.items() if items), None)
    notes = {
        a.block.key: RuleRef(page, a.id) for page, items in pages.items() for a in items if a.block.kind == "footnote"
    }
    book = {title_key(t) for t in wiki.titles}
    missing = {title_key(t) for t in wiki.missing}

    def lead(run: Inline, where: Source) -> Inline:
        if run.kind == "image" and run.image is not None:
            return _shown(run, run.image, wiki, where)
        if run.kind == "footnote":
            return replace(run, href=notes.get(run.label or ""))
        if run.kind != "link" or run.url is not None or run.label is None:
            return run
        title, _, fragment = run.label.partition("#")
        key = title_key(title)
        if not key or key in book:
            target = sections.get(_anchor_key(fragment)) if fragment else None
            return replace(run, href=target or (first if key else None))
        if key in missing or not wiki.index:
            return run
        address = f"{wiki.index}?title={quote(key.replace(' ', '_'))}"
        anchor = _anchor_key(fragment).replace(" ", "_")
        return replace(run, url=address + (f"#{quote(anchor)}" if anchor else ""))

    def runs(inlines: Iterable[Inline], where: Source) -> tuple[Inline, ...]:
        return tuple(lead(r, where) for r in inlines)

    def placed(item: AnchoredBlock) -> AnchoredBlock:
        block = item.block
        body = runs(block.body, block.body_source or block.source)
        return replace(item, block=replace(block, inlines=runs(block.inlines, block.source), body=body))

    return {page: [placed(a) for a in items] for page, items in pages.items()}


def _shown(run: Inline, image: Image, wiki: WikiLinks, where: Source) -> Inline:
    """An image with the file the site keeps and the size the wiki shows it at.

    Raises:
        RulebookError: in a build from the exports, when the file is not kept with them.
    """
    kept = wiki.images.get(image.file)
    if kept is not None:
        width, height = shown_size(image, kept)
        return replace(run, url=kept.path, image=replace(image, width=width, height=height))
    if not wiki.synced:
        raise RulebookError(
            f"the image File:{image.file} is not kept with the rulebook; put the file in the "
            f"{FILES_FOLDER}/ folder beside the exports (make sync keeps the wiki's own)",
            source=where,
        )
    return run
