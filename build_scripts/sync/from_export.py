"""A wiki's pages and revisions from a Special:Export XML file (schema 0.11), with mwxml.

For a maintainer who has an export but no API to reach (``make sync EXPORT=file.xml``).
The export must hold every revision (Special:Export with "Include all revisions", or
``dumpBackup.php --full``); each revision's SHA-1 (base 36 in the XML) is checked against its text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import mwxml  # type: ignore[import-untyped]

from build_scripts.sync.fetched import Fetched, check_revisions
from build_scripts.sync.model import Revision, SyncError

__all__ = ["fetch_from_export"]


def fetch_from_export(path: Path, titles: Sequence[str], since: Mapping[str, int]) -> Fetched:
    """Each page's revisions after ``since[title]`` (all when absent), oldest first, from the export at ``path``.

    Raises:
        SyncError: the file is missing, not an export, malformed or cut short; a page is
            not in it, or is a redirect.
    """
    found: dict[str, list[Revision]] = {}
    redirects: dict[str, str] = {}
    try:
        with path.open("rb") as stream:
            dump = mwxml.Dump.from_file(stream)
            base = str(dump.site_info.base or "")
            for page in dump:
                revisions = [_revision(page.title, r) for r in page]  # read to the page's end
                if page.title in titles:
                    if page.redirect:
                        redirects[page.title] = str(page.redirect)
                    found[page.title] = revisions
    except FileNotFoundError:
        raise SyncError(f"there is no export file {path}") from None
    except (ParseError, mwxml.errors.MalformedXML, ValueError, KeyError, AttributeError, AssertionError) as exc:
        # mwxml asserts the root element (an HTML page answers <html>)
        raise SyncError(f"{path} is not a whole MediaWiki export (malformed or cut short: {exc})") from None
    for title in titles:
        if title in redirects:
            raise SyncError(f"in {path}, {title!r} is a redirect to {redirects[title]!r}; name that page in wiki.toml")
        if title not in found:
            raise SyncError(f"{path} has no page {title!r}; export it (with every revision)")
    pages = {title: check_revisions(title, found[title], since.get(title, 0)) for title in titles}
    return Fetched("", _index_url(base), pages)


def _index_url(base: str) -> str:
    """``index.php``'s address from the export's ``<base>`` (``…/index.php/Main_Page`` or ``…/wiki/Main_Page``)."""
    if "index.php" in base:
        return base[: base.index("index.php") + len("index.php")]
    return base.rsplit("/", 2)[0] + "/index.php" if base.count("/") > 3 else ""


def _revision(title: str, raw: Any) -> Revision:  # noqa: ANN401 - mwxml's Revision is untyped
    deleted = raw.deleted is not None and raw.deleted.text
    sha1 = raw.sha1 or ""
    return Revision(
        page=title,
        rev=int(raw.id),
        parent=int(raw.parent_id or 0),
        time=raw.timestamp.strftime("%Y-%m-%dT%H:%M:%SZ"),
        user=str(raw.user.text if raw.user is not None and raw.user.text else ""),
        summary=str(raw.comment or ""),
        sha1=f"{int(sha1, 36):040x}" if sha1 else "",
        text=None if deleted else (raw.text or ""),
    )
