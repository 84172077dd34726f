"""A wiki's pages and revisions from a Special:Export XML file (schema 0.11), with mwxml.

For a maintainer who has an export but no API to reach (``make sync EXPORT=file.xml``).
The export must hold every revision (Special:Export with "Include all revisions", or
``dumpBackup.php --full``); each revision's SHA-1 (base 36 in the XML) is checked against its
text. What the wiki hides of a revision is marked ``deleted="deleted"`` (its text, its
contributor, its comment). Pages are matched by their ``<id>``, so an export made after a
move is followed as the API's answer is (it has no move log: the move's revision names it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import mwxml  # type: ignore[import-untyped]

from build_scripts.sync.fetched import Fetched, PageFetch, WikiPage, check_revisions, find_page, moves_among, titled
from build_scripts.sync.model import PageState, Revision, SyncError

__all__ = ["fetch_from_export"]


def fetch_from_export(path: Path, titles: Sequence[str], synced: Sequence[PageState]) -> Fetched:
    """Each page's revisions after the last sync (all for a page not synced yet), oldest first, from ``path``.

    Raises:
        SyncError: the file is missing, not an export, malformed or cut short; a page is
            not in it, a redirect to another page, or gone.
    """
    pages: dict[int, WikiPage] = {}
    revisions: dict[int, list[Revision]] = {}
    try:
        with path.open("rb") as stream:
            dump = mwxml.Dump.from_file(stream)
            base = str(dump.site_info.base or "")
            for page in dump:
                read = [_revision(page.title, r) for r in page]  # read to the page's end
                pages[int(page.id)] = WikiPage(int(page.id), str(page.title), str(page.redirect or ""))
                revisions[int(page.id)] = read
    except FileNotFoundError:
        raise SyncError(f"there is no export file {path}") from None
    except (ParseError, mwxml.errors.MalformedXML, ValueError, KeyError, AttributeError, AssertionError) as exc:
        # mwxml asserts the root element (an HTML page answers <html>)
        raise SyncError(f"{path} is not a whole MediaWiki export (malformed or cut short: {exc})") from None
    by_title = {p.title: p for p in pages.values()}
    out: dict[str, PageFetch] = {}
    for title in titles:
        try:
            found, known = find_page(title, synced, by_title.get, pages.get, where=str(path))
        except SyncError as exc:
            if title not in by_title and not any(p.title == title for p in synced):
                raise SyncError(f"{path} has no page {title!r}; export it (with every revision)") from None
            raise exc from None
        own = [replace(r, page=found.title) for r in revisions[found.id]]
        fresh = titled(check_revisions(found.title, own, known.rev if known else 0), found.title)
        moves = moves_among(fresh, known.title, found.title) if known else ()
        out[title] = PageFetch(found.title, found.id, fresh, moves, known)
    return Fetched("", _index_url(base), out)


def _index_url(base: str) -> str:
    """``index.php``'s address from the export's ``<base>`` (``…/index.php/Main_Page`` or ``…/wiki/Main_Page``)."""
    if "index.php" in base:
        return base[: base.index("index.php") + len("index.php")]
    return base.rsplit("/", 2)[0] + "/index.php" if base.count("/") > 3 else ""


def _revision(title: str, raw: Any) -> Revision:  # noqa: ANN401 - mwxml's Revision is untyped
    deleted = raw.deleted
    hidden = tuple(
        part
        for part, flag in (
            ("text", deleted is not None and deleted.text),
            ("user", deleted is not None and deleted.user),
            ("summary", deleted is not None and deleted.comment),
        )
        if flag
    )
    sha1 = "" if "text" in hidden else (raw.sha1 or "")
    user = raw.user.text if raw.user is not None and raw.user.text and "user" not in hidden else ""
    return Revision(
        page=title,
        rev=int(raw.id),
        parent=int(raw.parent_id or 0),
        time=raw.timestamp.strftime("%Y-%m-%dT%H:%M:%SZ"),
        user=str(user),
        summary="" if "summary" in hidden else str(raw.comment or ""),
        sha1=f"{int(sha1, 36):040x}" if sha1 else "",
        text=None if "text" in hidden else (raw.text or ""),
        hidden=hidden,
    )
