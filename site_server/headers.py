"""What the site's server sends for each path.

Its Content-Type and its Cache-Control: the README's header table, which real hosts follow
through ``deploy/``.
"""

from __future__ import annotations

import posixpath
import re

__all__ = [
    "API_PREFIX",
    "BOOK_MARK_COOKIE",
    "BOOK_MARK_PATH",
    "IMMUTABLE",
    "REVALIDATE",
    "allow_origin",
    "cache_control",
    "content_type",
]

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".pdf": "application/pdf",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".gz": "application/gzip",
    ".webmanifest": "application/manifest+json",
}
IMMUTABLE = "public, max-age=31536000, immutable"
#: The rules as data: any page may read them (``Access-Control-Allow-Origin: *``).
API_PREFIX = "/api/"
REVALIDATE = "no-cache"
#: The file whose answer marks a book kept on the phone, and the mark: a cookie a server set
#: outlives Safari's clearing of a site's storage (docs/assets/js/book-mark.mjs).
BOOK_MARK_PATH = "/book-kept.txt"
BOOK_MARK_COOKIE = "scrollhammer-book=kept; Path=/; Max-Age=34560000; SameSite=Strict"
# Content-hashed names (Material's bundles and their source maps, the calculators archive,
# the search's chunks and fragments and its metadata) and the Pyodide files, which live
# under their pinned version's folder.
_HASHED = re.compile(
    r"(\.[0-9a-f]{8,}\.min\.(js|css)(\.map)?$)|(/calculators-[0-9a-f]{12}\.zip$)|(^/assets/pyodide/[^/]+/)"
    r"|(^/pagefind/(index|fragment)/)|(^/pagefind/pagefind\.[\w-]+\.pf_meta$)"
)


def content_type(path: str) -> str:
    """The Content-Type for a file name."""
    return _TYPES.get(posixpath.splitext(path)[1].lower(), "application/octet-stream")


def cache_control(url_path: str) -> str:
    """Long-lived for hashed or version-pinned assets, revalidate for the rest (the book's mark: never stored)."""
    if url_path == BOOK_MARK_PATH:
        return "no-store"
    return IMMUTABLE if _HASHED.search(url_path) else REVALIDATE


def allow_origin(url_path: str) -> str | None:
    """``*`` for the rules as data (a bot's page or a tool elsewhere reads them), none for the rest."""
    return "*" if url_path.startswith(API_PREFIX) else None
