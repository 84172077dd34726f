"""What a source (the API or an export file) hands the sync: each page's new revisions."""

from __future__ import annotations

from dataclasses import dataclass

from build_scripts.sync.model import Revision, SyncError, revision_sha1

__all__ = ["Fetched", "check_revisions"]


@dataclass(frozen=True)
class Fetched:
    """The wiki's addresses and, for each page title asked for, its revisions after the last sync, oldest first."""

    api: str
    index: str
    pages: dict[str, list[Revision]]


def check_revisions(title: str, revisions: list[Revision], since: int) -> list[Revision]:
    """The revisions after ``since``, oldest first, each with its text, and that text the one the wiki hashed.

    Raises:
        SyncError: for a revision without text (hidden on the wiki) or whose text's SHA-1 is
            not the wiki's (a truncated or altered answer), naming the revision.
    """
    out = sorted((r for r in revisions if r.rev > since), key=lambda r: r.rev)
    for r in out:
        if r.text is None:
            raise SyncError(f"{r.label()} has no text (hidden on the wiki?); the sync needs every revision's words")
        if r.sha1 and revision_sha1(r.text) != r.sha1:
            raise SyncError(
                f"{r.label()}: its text is not the one the wiki hashed (SHA-1 {revision_sha1(r.text)}, "
                f"the wiki says {r.sha1}); the answer was cut or altered on the way"
            )
    if not out and since == 0:
        raise SyncError(f"the wiki gave no revision of {title!r}")
    return out
