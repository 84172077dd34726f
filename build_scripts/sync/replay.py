"""The rules' history from the wiki's revisions, each version naming the edit that made it.

Each revision is read as a build reads the sources (parse, merge, place each page's
section, ids from the words), and the rules whose words it changed get a version dated
that day and naming it. Ids come from the words, not from the lock, so an intermediate
revision needs no lock entry; the lock is checked once, against the last revision, which
is what the next build publishes (a rule id that revision drops needs an alias, as today).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from build_scripts.cards.rule_cards import page_words
from build_scripts.cards.rule_history import Edit, RuleHistory, Version
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import AnchoredBlock, RuleRef
from build_scripts.rulebook.anchor_lock import AnchorLock, LockCheck
from build_scripts.rulebook.book import PageSpec, read_book
from build_scripts.rulebook.ids import assign_ids
from build_scripts.sync.model import Revision, SyncError, file_name

__all__ = ["Replayed", "keep_older", "replay"]


@dataclass(frozen=True)
class Replayed:
    """The history after the revisions, the lock for the last one, and what was passed over."""

    history: RuleHistory
    lock: LockCheck
    #: Revisions the build refuses, each named with its id and the line (the next good one carries their change).
    refused: list[str] = field(default_factory=list)
    #: How many new versions of rules' words the revisions made.
    versions: int = 0


def replay(
    titles: Sequence[str],
    texts: Mapping[str, str],
    revisions: Sequence[Revision],
    pages: Sequence[PageSpec],
    *,
    history: RuleHistory,
    lock: AnchorLock,
    lock_name: str = "anchors.lock.json",
) -> Replayed:
    """Replay ``revisions`` (any pages, oldest first once sorted) on ``history``.

    Args:
        titles: The wiki pages, in merge order.
        texts: Each page's text before the first of ``revisions`` (a first sync: none).
        revisions: The new revisions, each with its text.
        pages: The site's rulebook pages and the sections they show.
        history: The history so far.
        lock: The anchors lock, checked against the last revision.
        lock_name: The lock's file name, for messages.

    Raises:
        SyncError: the last revision is refused by the build, or drops a published id
            that the lock does not alias.
    """
    now = dict(texts)
    ordered = sorted(revisions, key=lambda r: (r.time, r.rev))
    refused: list[str] = []
    added = 0
    last: dict[str, list[AnchoredBlock]] | None = None
    for n, rev in enumerate(ordered):
        now[rev.page] = rev.text or ""
        if any(title not in now for title in titles):
            continue  # another page of the book is not on the wiki yet
        sources = [(file_name(title), now[title].encode("utf-8")) for title in titles]
        try:
            anchored = {name: assign_ids(section) for name, section in read_book(sources, pages, banner=False).items()}
        except RulebookError as exc:
            if n == len(ordered) - 1:
                raise SyncError(f"{rev.label()} is refused by the build: {exc}") from None
            refused.append(f"{rev.label()}: {exc}")
            continue
        words = {RuleRef(page, item.id): page_words(item) for page, items in anchored.items() for item in items}
        edit = Edit(rev.rev, rev.user, rev.summary)
        check = history.record(words, today=rev.date, frozen=False, edit=edit)
        history, added, last = check.history, added + len(check.added), anchored
    if last is None:
        raise SyncError("no revision gives every page of the book; nothing to build from")
    try:
        checked = lock.check(last, frozen=False, name=lock_name)
    except RulebookError as exc:
        raise SyncError(f"{ordered[-1].label()}: {exc}; add the aliases to {lock_name}, then sync again") from None
    return Replayed(history, checked, refused, added)


def keep_older(rebuilt: RuleHistory, before: RuleHistory) -> tuple[RuleHistory, list[str]]:
    """A first sync's history: the wiki's versions, after the versions builds saw before that the wiki never had.

    A version from before (its ``?v=`` is in links already shared) is kept when it is older
    than the rule's first version on the wiki; one that is not cannot be placed among the
    wiki's and is listed (returned) instead of being kept.
    """
    versions: dict[RuleRef, tuple[Version, ...]] = dict(rebuilt.versions)
    dropped: list[str] = []
    for rule, old in before.versions.items():
        wiki = versions.get(rule, ())
        known = {v.version for v in wiki}
        first = wiki[0].date if wiki else "9999-12-31"
        kept = [v for v in old if v.version not in known and v.date <= first]
        dropped += [f"{rule} v={v.version} ({v.date})" for v in old if v.version not in known and v.date > first]
        if kept:
            merged: list[Version] = []
            for v in (*kept, *wiki):
                if not merged or merged[-1].version != v.version:
                    merged.append(v)
            versions[rule] = tuple(merged)
    return RuleHistory(versions), dropped
