"""What a sync knows: the wiki's revisions of the rulebook's pages, and the state on disk.

In the synced folder (``wiki.toml``'s ``into``):

- one ``.wiki`` file per page, its text exactly as the wiki returned it;
- ``revisions.jsonl``: every revision a sync has brought in, oldest first, one per line
  (``{"page", "rev", "parent", "time", "user", "summary", "sha1"}``, and ``"hidden"``:
  what the wiki hides of it, among ``text``, ``user`` and ``summary``, whose values are
  then empty);
- ``wiki.json``: where the wiki is (its ``api.php`` and ``index.php``, for links to a
  revision's diff), each page's title, wiki page id, file and last revision, the moves
  the sync followed, and the pages the rulebook's links name that the wiki does not have
  (``missing``: the site shows those links' words alone, as the wiki shows a red link).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "HIDDEN_PARTS",
    "REVISIONS_NAME",
    "STATE_NAME",
    "Move",
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
#: What a wiki can hide of a revision (revision deletion): its words, its editor, its summary.
HIDDEN_PARTS = ("text", "user", "summary")


class SyncError(Exception):
    """A sync that cannot go on: the message says why and what to do; nothing was written."""


@dataclass(frozen=True)
class Revision:
    """One revision of a wiki page: its id and parent, when, who, why, and the text's SHA-1.

    ``time`` is the wiki's timestamp (``2026-11-03T10:15:00Z``, UTC); ``text`` is the page's
    wikitext at this revision (not kept in ``revisions.jsonl``: the page file holds the last),
    ``None`` when the wiki hides it. ``hidden``: what the wiki hides (:data:`HIDDEN_PARTS`).
    """

    page: str
    rev: int
    parent: int
    time: str
    user: str
    summary: str
    sha1: str
    text: str | None = field(default=None, compare=False, repr=False)
    hidden: tuple[str, ...] = ()

    @property
    def text_hidden(self) -> bool:
        """Whether the wiki hides this revision's words (the history passes over it)."""
        return "text" in self.hidden

    @property
    def date(self) -> str:
        """The revision's day, ``YYYY-MM-DD`` (UTC)."""
        return self.time[:10]

    def line(self) -> str:
        """The revision as a line of ``revisions.jsonl`` (without its text; ``hidden`` only when some is)."""
        record: dict[str, object] = {k: v for k, v in asdict(self).items() if k not in ("text", "hidden")}
        if self.hidden:
            record["hidden"] = list(self.hidden)
        return json.dumps(record, ensure_ascii=False)

    def label(self) -> str:
        """How a message names it: ``revision 7 of 'Scrollhammer Rulebook' (2026-11-03, Ann: 'typo')``."""
        if self.hidden:
            what = ", ".join(HIDDEN_NAMES[h] for h in self.hidden)
            user = f", {self.user}" if "user" not in self.hidden else ""
            summary = f": {self.summary!r}" if "summary" not in self.hidden else ""
            shown = user + summary
            return f"revision {self.rev} of {self.page!r} ({self.date}{shown}; the wiki hides its {what})"
        return f"revision {self.rev} of {self.page!r} ({self.date}, {self.user}: {self.summary!r})"


#: How a report names each hidden part.
HIDDEN_NAMES = {"text": "words", "user": "editor", "summary": "summary"}


@dataclass(frozen=True)
class Move:
    """A move of a synced page that a sync followed: the old and new title, and the move's revision.

    ``rev``: the revision the move made on the page (its summary names the move), 0 when the
    sync could not tell which; ``time``: the move's timestamp ("" when unknown).
    """

    old: str
    new: str
    rev: int = 0
    time: str = ""
    user: str = ""
    reason: str = ""

    def label(self) -> str:
        """How a report names it."""
        made = f"revision {self.rev}, " if self.rev else ""
        when = f"{made}{self.time[:10]}" if self.time else made.rstrip(", ")
        by = f"{self.user}: {self.reason!r}" if self.user else ""
        detail = ", ".join(x for x in (when, by) if x)
        return f"{self.old!r} → {self.new!r}" + (f" ({detail})" if detail else "")


@dataclass(frozen=True)
class PageState:
    """A synced page: its title, its file in the synced folder, its last revision, its wiki page id.

    ``id`` is 0 when unknown (a state a sync wrote before pages were kept by id).
    """

    title: str
    file: str
    rev: int
    id: int = 0


@dataclass(frozen=True)
class SyncState:
    """``wiki.json``: the wiki's addresses and each synced page, in merge order."""

    api: str
    index: str
    pages: tuple[PageState, ...]
    moves: tuple[Move, ...] = ()
    missing: tuple[str, ...] = ()

    def dumps(self) -> str:
        """The file's text."""
        data: dict[str, object] = {"api": self.api, "index": self.index, "pages": [asdict(p) for p in self.pages]}
        if self.moves:
            data["moves"] = [asdict(m) for m in self.moves]
        if self.missing:
            data["missing"] = list(self.missing)
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def loads(cls, text: str, name: str = STATE_NAME) -> SyncState:
        """Parse ``wiki.json``.

        Raises:
            SyncError: naming the file, when it is not what a sync writes.
        """
        try:
            data: Any = json.loads(text)
            pages = tuple(
                PageState(str(p["title"]), str(p["file"]), int(p["rev"]), int(p.get("id", 0))) for p in data["pages"]
            )
            moves = tuple(
                Move(**{k: m[k] for k in ("old", "new", "rev", "time", "user", "reason")})
                for m in data.get("moves", [])
            )
            missing = tuple(str(t) for t in data.get("missing", []))
            return cls(str(data["api"]), str(data["index"]), pages, moves, missing)
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
        if not isinstance(data, dict) or sorted(set(data) - {"hidden"}) != sorted(_REVISION_KEYS):
            raise SyncError(f"{name}:{number}: not a revision (expected the keys {', '.join(_REVISION_KEYS)})")
        hidden = data.get("hidden", [])
        if not isinstance(hidden, list) or not set(hidden) <= set(HIDDEN_PARTS):
            raise SyncError(f"{name}:{number}: hidden must list some of {', '.join(HIDDEN_PARTS)}")
        out.append(Revision(**{k: data[k] for k in _REVISION_KEYS}, hidden=tuple(hidden)))
    return out


def revision_sha1(text: str) -> str:
    """The SHA-1 MediaWiki gives a revision's text (hex, of its UTF-8 bytes)."""
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def file_name(title: str) -> str:
    """A page's file in the synced folder: its title with ``_`` for spaces and ``/``, ``.wiki``."""
    return title.replace(" ", "_").replace("/", "_") + ".wiki"
