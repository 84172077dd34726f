"""A wiki's pages and revisions through its Action API, with mwclient.

``prop=revisions`` (``rvdir=newer``, ``rvslots=main``) gives every revision after the last
sync with its id, parent, timestamp, user, summary, SHA-1 and text, or says what the wiki
hides of it (``texthidden``, ``sha1hidden``, ``userhidden``, ``commenthidden``);
``prop=info`` gives a page's id and whether a title is a redirect. A synced page is found
by its id, so a move is followed; the move log names who moved it and why. Every way the
wiki can refuse ends in a :class:`SyncError`.

Templates and parser functions are the wiki's to expand: a revision whose words use one
(``{{…}}``) is kept as ``action=expandtemplates`` gives it, in the revision's own context,
so the site keeps the words the wiki made and a build needs no wiki. The pages the latest
words link to are looked up (``prop=info``): those the wiki lacks are named in ``wiki.json``,
and the site shows such a link's words alone, as the wiki shows a red link. The images they
show are fetched for the site to keep (:mod:`build_scripts.sync.images`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import mwclient  # type: ignore[import-untyped]
import requests
from mwclient import errors as mw_errors

from build_scripts.rulebook.wikilinks import link_targets, title_key
from build_scripts.sync.fetched import (
    Fetched,
    PageFetch,
    WikiPage,
    check_revisions,
    find_page,
    latest_text,
    moves_among,
    titled,
)
from build_scripts.sync.images import fetch_images, images_named
from build_scripts.sync.model import Move, PageState, Revision, SyncError

__all__ = ["fetch_from_api", "missing_pages"]

_PROPS = "ids|timestamp|user|comment|content|sha1"
USER_AGENT = "scrollhammer-sync/1 (make sync; https://www.mediawiki.org/wiki/API:Etiquette)"


def fetch_from_api(
    api: str,
    titles: Sequence[str],
    synced: Sequence[PageState],
    *,
    retries: int = 2,
    known: Mapping[str, str] | None = None,
) -> Fetched:
    """Each page's revisions after the last sync (all of them for a page not synced yet), oldest first.

    Args:
        api: The wiki's ``api.php`` address.
        titles: The pages, as ``wiki.toml`` names them.
        synced: The pages as the last sync left them (their ids and last revisions).
        retries: How often to try again after a dropped connection or a 5xx answer.
        known: The synced pages' words as the last sync kept them, by title (whose links to
            look up when the wiki has no new revision of a page).

    Raises:
        SyncError: the wiki cannot be reached, is not a MediaWiki API, asks for a login or
            rate-limits, or a page is missing, a redirect to another page, or gone.
    """
    try:
        site = _connect(api, retries)
        index = _index_url(getattr(site, "site", None) or {}, api)  # unset when reading is closed
        pages = {title: _page(site, title, synced) for title in titles}
        texts = [latest_text(p, known or {}) for p in pages.values()]
        missing = missing_pages(site, texts, [p.title for p in pages.values()])
        images, not_kept = fetch_images(site, images_named(t for t in texts if t))
    except SyncError:
        raise
    except mw_errors.APIError as exc:
        raise SyncError(_api_error(api, exc)) from None
    except requests.HTTPError as exc:
        raise SyncError(_http_error(api, exc)) from None
    except (requests.ConnectionError, requests.Timeout, mw_errors.MaximumRetriesExceeded) as exc:
        raise SyncError(
            f"the wiki at {api} cannot be reached ({type(exc).__name__}); check the address and the network"
        ) from None
    except (mw_errors.InvalidResponse, ValueError) as exc:
        raise SyncError(
            f"{api} did not answer as a MediaWiki API ({str(exc)[:120]}); is it the wiki's api.php?"
        ) from None
    return Fetched(api, index, pages, missing, images, tuple(not_kept))


def _connect(api: str, retries: int) -> mwclient.Site:
    parts = urlsplit(api)
    if parts.scheme not in ("http", "https") or not parts.path.endswith(".php"):
        raise SyncError(
            f"{api!r} is not the address of a wiki's api.php (for example https://wiki.example.org/w/api.php)"
        )
    folder, _, script = parts.path.rpartition("/")
    if script != "api.php":
        raise SyncError(f"{api!r} is not the address of a wiki's api.php")
    return mwclient.Site(
        parts.netloc,
        path=folder + "/",
        scheme=parts.scheme,
        max_retries=retries,
        retry_timeout=1,
        clients_useragent=USER_AGENT,
        force_login=False,
    )


def _index_url(general: Mapping[str, Any], api: str) -> str:
    """``index.php``'s address, from the wiki's own siteinfo (``server`` + ``script``)."""
    server, script = str(general.get("server", "")), str(general.get("script", ""))
    if server.startswith("//"):
        server = f"{urlsplit(api).scheme}:{server}"
    return server + script if server and script else api.rsplit("/", 1)[0] + "/index.php"


def _page(site: mwclient.Site, title: str, synced: Sequence[PageState]) -> PageFetch:
    """The page ``title`` means (found by its id once synced), and its revisions since the last sync."""
    pages: dict[str | int, mwclient.page.Page] = {}

    def look(key: str | int) -> WikiPage | None:
        page = pages.setdefault(key, site.pages[key])
        if not page.exists:
            return None
        redirect = page.resolve_redirect().name if page.redirect else ""
        return WikiPage(int(page.pageid), str(page.name), redirect)

    found, known = find_page(title, synced, look, look)
    since = known.rev if known else 0
    page = pages.get(found.id) or pages[title]
    if since and page.revision == since:
        return PageFetch(found.title, found.id, [], synced=known)
    raw = page.revisions(startid=since + 1 if since else None, dir="newer", prop=_PROPS, slots="main")
    revisions = titled(check_revisions(found.title, [_revision(found.title, r) for r in raw], since), found.title)
    revisions = [_expanded(site, r) for r in revisions]
    moves = tuple(_logged(site, m) for m in moves_among(revisions, known.title, found.title)) if known else ()
    return PageFetch(found.title, found.id, revisions, moves, known)


def _expanded(site: mwclient.Site, revision: Revision) -> Revision:
    """The revision with its templates and parser functions expanded by the wiki (its words checked already)."""
    if revision.text is None or "{{" not in revision.text:
        return revision
    answer = site.post("expandtemplates", text=revision.text, title=revision.page, revid=revision.rev, prop="wikitext")
    return replace(revision, text=str(answer["expandtemplates"]["wikitext"]))


def missing_pages(site: mwclient.Site, texts: Sequence[str | None], own: Sequence[str]) -> tuple[str, ...]:
    """The pages ``texts`` link to that the wiki does not have (the rulebook's own pages left out)."""
    asked = sorted(link_targets(t for t in texts if t) - {title_key(t) for t in own})
    missing: set[str] = set()
    for start in range(0, len(asked), 50):
        answer = site.post("query", titles="|".join(asked[start : start + 50]), prop="info")
        pages = answer.get("query", {}).get("pages", [])  # none at all comes as an empty list
        for page in pages.values() if isinstance(pages, Mapping) else pages:
            if "missing" in page or "invalid" in page:
                missing.add(title_key(str(page.get("title", ""))))
        for norm in answer.get("query", {}).get("normalized", []):
            if title_key(str(norm.get("to", ""))) in missing:
                missing.add(title_key(str(norm.get("from", ""))))
    return tuple(sorted(missing))


def _logged(site: mwclient.Site, move: Move) -> Move:
    """A move as the wiki's move log tells it (who, why, when), with the revision it made."""
    for entry in site.logevents(type="move", title=move.old):
        if entry.get("params", {}).get("target_title") == move.new:
            when = time.strftime("%Y-%m-%dT%H:%M:%SZ", entry["timestamp"])
            user = str(entry.get("user", "")) if "userhidden" not in entry else ""
            reason = str(entry.get("comment", "")) if "commenthidden" not in entry else ""
            return Move(move.old, move.new, move.rev, when, user, reason)
    return move


def _revision(title: str, raw: Mapping[str, Any]) -> Revision:
    slot = raw.get("slots", {}).get("main", {})
    hidden = tuple(
        part
        for part, flag in (
            ("text", "texthidden" in slot),
            ("user", "userhidden" in raw),
            ("summary", "commenthidden" in raw),
        )
        if flag
    )
    return Revision(
        page=title,
        rev=int(raw["revid"]),
        parent=int(raw.get("parentid", 0)),
        time=time.strftime("%Y-%m-%dT%H:%M:%SZ", raw["timestamp"]),
        user="" if "user" in hidden else str(raw.get("user", "")),
        summary="" if "summary" in hidden else str(raw.get("comment", "")),
        sha1="" if "text" in hidden or "sha1hidden" in raw else str(raw.get("sha1", "")),
        text=None if "text" in hidden else slot.get("*"),
        hidden=hidden,
    )


def _api_error(api: str, exc: mw_errors.APIError) -> str:
    code, info = exc.code, exc.info
    if code in ("readapidenied", "permissiondenied") or "login" in str(info).lower():
        return (
            f"the wiki at {api} asks for a login to read ({code}: {info}); "
            "the sync reads without one: let anonymous readers read the rulebook's pages"
        )
    if code in ("ratelimited", "maxlag"):
        return f"the wiki at {api} asks us to slow down ({code}: {info}); try again later"
    return f"the wiki at {api} refused the request ({code}: {info})"


def _http_error(api: str, exc: requests.HTTPError) -> str:
    status = exc.response.status_code if exc.response is not None else 0
    if status == 429:
        after = exc.response.headers.get("Retry-After", "") if exc.response is not None else ""
        wait = f" (it says: retry after {after} s)" if after else ""
        return f"the wiki at {api} rate-limits us: 429 Too Many Requests{wait}; try again later"
    if status in (401, 403):
        return f"the wiki at {api} refuses us ({status}): it asks for a login, which the sync does not do"
    if status == 404:
        return f"{api} is not found (404); is it the wiki's api.php?"
    return f"the wiki at {api} answered {status}; try again later"
