"""What a sync knows: the wiki's revisions of the rulebook's pages, and the state on disk.

In the synced folder (``wiki.toml``'s ``into``):

- one ``.wiki`` file per page, its text exactly as the wiki returned it;
- ``revisions.jsonl``: every revision a sync has brought in, oldest first, one per line
  (``{"page", "rev", "parent", "time", "user", "summary", "sha1"}``);
- ``wiki.json``: where the wiki is (its ``api.php`` and ``index.php``, for links to a
  revision's diff), and each page's file and last revision.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "REVISIONS_NAME",
    "STATE_NAME",
    "PageState",
    "Revision",
    "SyncError",
    "SyncState",
    "file_name",
    "load_revisions",
    "revision_sha1",
]

REVISIONS_NAME = "revisions.jsonl"
STATE_NAME = "wiki.json"
_REVISION_KEYS = ("page", "rev", "parent", "time", "user", "summary", "sha1")


class SyncError(Exception):
    """A sync that cannot go on: the message says why and what to do; nothing was written."""


@dataclass(frozen=True)
class Revision:
    """One revision of a wiki page: its id and parent, when, who, why, and the text's SHA-1.

    ``time`` is the wiki's timestamp (``2026-11-03T10:15:00Z``, UTC); ``text`` is the page's
    wikitext at this revision (not kept in ``revisions.jsonl``: the page file holds the last).
    """

    page: str
    rev: int
    parent: int
    time: str
    user: str
    summary: str
    sha1: str
    text: str | None = field(default=None, compare=False, repr=False)

    @property
    def date(self) -> str:
        """The revision's day, ``YYYY-MM-DD`` (UTC)."""
        return self.time[:10]

    def line(self) -> str:
        """The revision as a line of ``revisions.jsonl`` (without its text)."""
        record = {k: v for k, v in asdict(self).items() if k != "text"}
        return json.dumps(record, ensure_ascii=False)

    def label(self) -> str:
        """How a message names it: ``revision 7 of 'Scrollhammer Rulebook' (2026-11-03, Ann: 'typo')``."""
        return f"revision {self.rev} of {self.page!r} ({self.date}, {self.user}: {self.summary!r})"


@dataclass(frozen=True)
class PageState:
    """A synced page: its title, its file in the synced folder, its last revision."""

    title: str
    file: str
    rev: int


@dataclass(frozen=True)
class SyncState:
    """``wiki.json``: the wiki's addresses and each synced page, in merge order."""

    api: str
    index: str
    pages: tuple[PageState, ...]

    def dumps(self) -> str:
        """The file's text."""
        data = {"api": self.api, "index": self.index, "pages": [asdict(p) for p in self.pages]}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def loads(cls, text: str, name: str = STATE_NAME) -> SyncState:
        """Parse ``wiki.json``.

        Raises:
            SyncError: naming the file, when it is not what a sync writes.
        """
        try:
            data: Any = json.loads(text)
            pages = tuple(PageState(str(p["title"]), str(p["file"]), int(p["rev"])) for p in data["pages"])
            return cls(str(data["api"]), str(data["index"]), pages)
        except (ValueError, KeyError, TypeError) as exc:
            raise SyncError(f"{name} is not a sync's state ({exc}); sync again into an empty folder") from None


def load_revisions(text: str, name: str = REVISIONS_NAME) -> list[Revision]:
    """Parse ``revisions.jsonl``.

    Raises:
        SyncError: naming ``file:line`` for a line that is not a revision.
    """
    out: list[Revision] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise SyncError(f"{name}:{number}: not a revision ({exc})") from None
        if not isinstance(data, dict) or sorted(data) != sorted(_REVISION_KEYS):
            raise SyncError(f"{name}:{number}: not a revision (expected the keys {', '.join(_REVISION_KEYS)})")
        out.append(Revision(**{k: data[k] for k in _REVISION_KEYS}))
    return out


def revision_sha1(text: str) -> str:
    """The SHA-1 MediaWiki gives a revision's text (hex, of its UTF-8 bytes)."""
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def file_name(title: str) -> str:
    """A page's file in the synced folder: its title with ``_`` for spaces and ``/``, ``.wiki``."""
    return title.replace(" ", "_").replace("/", "_") + ".wiki"
