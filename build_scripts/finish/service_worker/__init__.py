"""The service worker: Workbox's ``injectManifest`` writes ``site/sw.js`` from ``workbox_source.js``.

Workbox is an npm package, so the build runs :file:`inject_manifest.mjs` (beside this
file) in Node. It stores two tiers: the core (precached on the first visit: the shell,
the runtime, the search and the core rulebook's pages) and the book (every other page,
listed in ``offline-book.json``, stored when the player keeps the whole book).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from build_scripts.core.node import run_node_script

__all__ = ["Precache", "write_service_worker"]

_INJECT = Path(__file__).with_name("inject_manifest.mjs")


@dataclass(frozen=True)
class Precache:
    """What the service worker stores: the core's files and bytes (a first visit), the book's (on request)."""

    count: int
    size: int
    book_count: int = 0
    book_size: int = 0


def write_service_worker(
    site_dir: Path,
    build_id: str,
    *,
    project_dir: Path,
    extra: Sequence[str] = (),
    book: Sequence[str] = (),
    never: Sequence[str] = (),
) -> Precache:
    """Write ``sw.js`` into the built site, its cache named by ``build_id``.

    The rule cards (``r/``) are left out, but for ``extra`` (paths from the site root:
    the cards of rules that are gone, which the worker cannot answer from a page).
    ``book``: the pages of the second tier (globs from the site root, ``b07-ruins/**``).
    ``never``: pages in neither tier, kept only when read (globs: the older changes).

    Raises:
        RulebookError: when Node is missing or Workbox fails (with its message).
    """
    options = json.dumps({"extra": list(extra), "book": list(book), "never": list(never)})
    stats = run_node_script(
        _INJECT, [str(site_dir), build_id, options], cwd=project_dir, what="service worker: Workbox"
    )
    return Precache(int(stats["count"]), int(stats["size"]), int(stats["bookFiles"]), int(stats["bookBytes"]))
