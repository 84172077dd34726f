"""What a source (the API or an export file) hands the sync.

Each page's new revisions, and where the page is now: its wiki page id, its title after a move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from build_scripts.sync.model import Move, PageState, Revision, SyncError, revision_sha1

__all__ = [
    "Fetched",
    "PageFetch",
    "WikiPage",
    "check_revisions",
    "find_page",
    "move_revision",
    "moves_among",
    "titled",
]


@dataclass(frozen=True)
class PageFetch:
    """One page of the book as the wiki has it now.

    Its title (after a move), its page id, its revisions after the last sync (oldest first),
    the moves among them (:func:`moves_among`), and the page as the last sync left it
    (``None``: a page not synced yet), as :func:`find_page` found it.
    """

    title: str
    id: int
    revisions: list[Revision]
    moves: tuple[Move, ...] = ()
    synced: PageState | None = None


def latest_text(page: PageFetch, known: Mapping[str, str]) -> str | None:
    """The page's words now: its newest revision's, else what the last sync kept (``known``, by title)."""
    for revision in reversed(page.revisions):
        if revision.text is not None:
            return revision.text
    return known.get(page.synced.title) if page.synced else None


@dataclass(frozen=True)
class Fetched:
    """The wiki's addresses and, for each page title ``wiki.toml`` names, what the wiki has of it."""

    api: str
    index: str
    pages: dict[str, PageFetch]
    #: The pages the rulebook's links name that the wiki does not have (``None``: not asked, an export).
    missing: tuple[str, ...] | None = None
    #: The images the pages show, as the site keeps them, by name (``None``: not asked, an export).
    images: dict[str, bytes] | None = None
    #: The images the pages show that the site cannot keep, each with why.
    not_kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class WikiPage:
    """A page as a source found it: its id and title, and the title it redirects to ("" for none)."""

    id: int
    title: str
    redirect: str = ""


def find_page(
    title: str,
    synced: Sequence[PageState],
    by_title: Callable[[str], WikiPage | None],
    by_id: Callable[[int], WikiPage | None],
    *,
    where: str = "the wiki",
) -> tuple[WikiPage, PageState | None]:
    """Which page of the wiki ``title`` (from ``wiki.toml``) means, keyed by page id.

    A page synced before is found by its id wherever it moved (a redirect left at its old
    title, or none); a page not synced yet, by its title.

    Args:
        title: The title ``wiki.toml`` names.
        synced: The pages as the last sync left them (their titles and ids).
        by_title: The source's page of a title (``None`` when it has none).
        by_id: The source's page of an id (``None`` when it has none).
        where: The source, for messages ("the wiki", or the export file).

    Returns:
        The page, and the page as the last sync left it (``None``: not synced yet).

    Raises:
        SyncError: the title names no page, or a redirect to another page than the one
            synced, or another page now holds the synced page's title; the synced page is gone.
    """
    named = by_title(title)
    known = next((p for p in synced if p.title == title), None)
    if known is None and named is not None and not named.redirect:
        # wiki.toml already names the page's new title
        known = next((p for p in synced if p.id and p.id == named.id), None)
    if known is None or not known.id:
        if named is None:
            raise SyncError(f"{where} has no page {title!r}; check the title in wiki.toml")
        if named.redirect:
            raise SyncError(
                f"{where}'s page {title!r} is a redirect to {named.redirect!r}; name {named.redirect!r} in wiki.toml"
            )
        return named, known
    now = by_id(known.id)
    if now is None or now.redirect:
        raise SyncError(
            f"the page synced as {known.title!r} (page id {known.id}) is gone from {where} (deleted?); "
            "if the book moved to another page, name it in wiki.toml and empty the synced folder to sync it afresh"
        )
    if named is not None and not named.redirect and named.id != known.id:
        raise SyncError(
            f"{where}'s page {title!r} is now another page (id {named.id}) than the one synced (id {known.id}, "
            f"now {now.title!r}); name the page you mean in wiki.toml"
        )
    if named is not None and named.redirect and named.redirect != now.title:
        raise SyncError(
            f"{where}'s page {title!r} is a redirect to {named.redirect!r}, another page than the one synced "
            f"(id {known.id}, now {now.title!r}); name the page you mean in wiki.toml"
        )
    return now, known


_MOVED = re.compile(r"moved page \[\[(?P<old>[^\]]+)\]\] to \[\[(?P<new>[^\]]+)\]\]")


def move_revision(revisions: Iterable[Revision], old: str, new: str) -> Revision | None:
    """The revision a move of ``old`` to ``new`` made on the page (its summary says so), if among ``revisions``."""
    for r in revisions:
        found = _MOVED.search(r.summary)
        if found and found["old"] == old and found["new"] == new:
            return r
    return None


def moves_among(revisions: Sequence[Revision], synced: str, title: str) -> tuple[Move, ...]:
    """The page's moves in its new revisions, oldest first, each from the revision it made.

    A move's revision names it in its summary; when none does, one move from ``synced`` (its
    title at the last sync) to ``title`` (its title now). A page moved away and back between
    two syncs has both moves: the same as two syncs between the moves would record.
    """
    moves = tuple(
        Move(found["old"], found["new"], r.rev, r.time, r.user)
        for r in revisions
        if (found := _MOVED.search(r.summary))
    )
    if not moves and synced and synced != title:
        return (Move(synced, title),)
    return moves


def titled(revisions: Sequence[Revision], title: str) -> list[Revision]:
    """Each revision (oldest first) named by the page's title when it was made.

    ``title`` (the title now) back to the revision of its last move, the title before the move
    before that, and so on (a move's revision names both: "moved page [[Old]] to [[New]]"). So
    ``revisions.jsonl`` is the same whether a sync came between the edits and the move or not.
    """
    out: list[Revision] = []
    for r in reversed(revisions):
        out.append(r if r.page == title else replace(r, page=title))
        found = _MOVED.search(r.summary)
        if found and found["new"] == title:
            title = found["old"]
    return out[::-1]


def check_revisions(title: str, revisions: Sequence[Revision], since: int) -> list[Revision]:
    """The revisions after ``since``, oldest first, and each text the one the wiki hashed.

    A revision whose words the wiki hides has no text; the history passes over it. The
    latest revision always has its words (a wiki cannot hide the current text).

    Raises:
        SyncError: for a latest revision without text, or a text whose SHA-1 is not the
            wiki's (a truncated or altered answer), naming the revision.
    """
    out = sorted((r for r in revisions if r.rev > since), key=lambda r: r.rev)
    for r in out:
        if r.text is None:
            if not r.text_hidden:
                raise SyncError(f"{r.label()} came without its text; the answer was cut on the way")
            continue
        if r.sha1 and revision_sha1(r.text) != r.sha1:
            raise SyncError(
                f"{r.label()}: its text is not the one the wiki hashed (SHA-1 {revision_sha1(r.text)}, "
                f"the wiki says {r.sha1}); the answer was cut or altered on the way"
            )
    if out and out[-1].text is None:
        raise SyncError(f"{out[-1].label()} is the page's latest and has no text; the sync needs the page's words")
    if not out and since == 0:
        raise SyncError(f"the wiki gave no revision of {title!r}")
    return out
