"""The rules' history from the wiki's revisions, each version naming the edit that made it.

Each revision is read as a build reads the sources (parse, merge, place each page's
section, ids from the words), and the rules whose words it changed get a version dated
that day and naming it. The lock is checked against each revision in turn, carried from
one to the next, as a sync after every edit would check it: a rule id a revision drops
needs an alias, which the sync writes itself where the rule is found beyond doubt
(:mod:`build_scripts.rulebook.whereabouts`; ``make sync ALIASES=ask`` stops instead), and it
stops naming the ids in doubt. What one revision placed (an alias, a heading followed, the
ids it published) is there for the next: a heading renamed in one edit and the paragraph
under it reworded in the next are each placed, and one sync of many edits writes the same
history and lock as a sync after each. An id an alias sent elsewhere that a later revision
brings back (a rename reverted) answers at its own id again: its alias is taken back.

A revision whose words the wiki hides is passed over: the next visible revision carries its
change, and it is named in the report.
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
from build_scripts.rulebook.whereabouts import whereabouts
from build_scripts.sync.model import Revision, SyncError, file_name

__all__ = ["Replayed", "keep_older", "replay"]


@dataclass(frozen=True)
class Replayed:
    """The history after the revisions, the lock for the last one, and what was passed over."""

    history: RuleHistory
    #: The lock after every revision: the ids they published, the aliases written (and taken back).
    lock: LockCheck
    #: Revisions the build refuses, each named with its id and the line (the next good one carries their change).
    refused: list[str] = field(default_factory=list)
    #: How many new versions of rules' words the revisions made.
    versions: int = 0
    #: Revisions whose words the wiki hides, each named (the next visible one carries their change).
    hidden: list[str] = field(default_factory=list)


def replay(
    titles: Sequence[str],
    texts: Mapping[str, str],
    revisions: Sequence[Revision],
    pages: Sequence[PageSpec],
    *,
    history: RuleHistory,
    lock: AnchorLock,
    lock_name: str = "anchors.lock.json",
    aliases: bool = True,
    page_of: Mapping[int, str] | None = None,
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
        aliases: Write the aliases of dropped ids found beyond doubt (else stop, as for those in doubt).
        page_of: Each revision's page, by the title in ``titles`` (a revision made before a
            move names the page's title then); by default the title the revision names.

    Raises:
        SyncError: the last revision is refused by the build, or drops a published id
            that the lock does not alias and that is not found beyond doubt; or no revision
            gives every page of the book and no last sync left one (a revision the wiki hides
            leaves the book as the last sync left it).
    """
    now = dict(texts)
    ordered = sorted(revisions, key=lambda r: (r.time, r.rev))
    refused: list[str] = []
    hidden = [f"{rev.label()}" for rev in ordered if rev.text_hidden]
    added = 0
    last: dict[str, list[AnchoredBlock]] | None = _book(titles, now, pages)
    carried = lock
    aliased: dict[RuleRef, tuple[RuleRef, str]] = {}
    for n, rev in enumerate(ordered):
        if rev.text_hidden:
            continue  # the next visible revision carries its change
        now[(page_of or {}).get(rev.rev, rev.page)] = rev.text or ""
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
        history, added = check.history, added + len(check.added)
        step = _checked_lock(carried, anchored, rev, lock_name, aliases=aliases, before=last)
        for old in set(aliased) - set(step.lock.aliases):
            del aliased[old]  # taken back: the rule answers at its own id again
        carried, last = step.lock, anchored
        aliased.update(step.aliased)
    if last is None:  # (the book as the last sync left it, when no revision here gives it)
        raise SyncError("no revision gives every page of the book; nothing to build from")
    return Replayed(history, _since(lock, carried, aliased, last, lock_name), refused, added, hidden)


def _since(
    before: AnchorLock,
    after: AnchorLock,
    aliased: dict[RuleRef, tuple[RuleRef, str]],
    last: dict[str, list[AnchoredBlock]],
    lock_name: str,
) -> LockCheck:
    """What the revisions did to the lock, as one check.

    The ids they added, those whose words changed, the aliases they wrote and took back, and
    (from the last revision) where each aliased id leads.
    """
    final = after.check(last, frozen=False, name=lock_name)
    published = set(before.published())
    added = [ref for ref in after.published() if ref not in published]
    changed = [ref for ref in before.published() if before.entry(ref) != after.entry(ref)]
    taken_back = sorted(set(before.aliases) - set(after.aliases))
    return LockCheck(after, added, changed, final.moved, dict(aliased), taken_back)


def _book(
    titles: Sequence[str], texts: Mapping[str, str], pages: Sequence[PageSpec]
) -> dict[str, list[AnchoredBlock]] | None:
    """The book as the last sync left it (``None``: a first sync, or a book its build refuses)."""
    if any(title not in texts for title in titles):
        return None
    sources = [(file_name(title), texts[title].encode("utf-8")) for title in titles]
    try:
        return {name: assign_ids(section) for name, section in read_book(sources, pages, banner=False).items()}
    except RulebookError:
        return None


def _checked_lock(
    lock: AnchorLock,
    last: dict[str, list[AnchoredBlock]],
    rev: Revision,
    lock_name: str,
    *,
    aliases: bool,
    before: dict[str, list[AnchoredBlock]] | None = None,
) -> LockCheck:
    """The lock checked against one revision, with the aliases of the ids found beyond doubt written.

    An alias whose old id the revision has again is taken back first (a rename reverted).
    """
    back = [old for old in lock.aliases if any(old.page == page and old.id in ids for page, ids in _ids(last).items())]
    if back:
        lock = lock.without_aliases(back)
    try:
        return lock.check(last, frozen=False, name=lock_name)
    except RulebookError as exc:
        found = whereabouts(lock, last, before=before, returned=back)
        if not aliases or not (found.found or found.doubtful):
            raise SyncError(f"{rev.label()}: {exc}; add the aliases to {lock_name}, then sync again") from None
        if found.doubtful:
            count = len(found.doubtful)
            lines = [f"{rev.label()}: {count} published rule id(s) disappeared and cannot be placed without a person:"]
            lines += [f"  {old}: {why}" for old, why in found.doubtful.items()]
            lines.append(
                f'Add each to "aliases" in {lock_name}, mapped to where the rule is now, then sync again '
                f"(the sync writes the {len(found.found)} other(s) itself)"
            )
            raise SyncError("\n".join(lines)) from None
    written = {str(old): str(new) for old, (new, _why) in found.found.items()}
    try:
        checked = lock.with_aliases(written).check(last, frozen=False, name=lock_name)
    except RulebookError as exc:
        raise SyncError(f"{rev.label()}: {exc}; add the aliases to {lock_name}, then sync again") from None
    checked.aliased = dict(found.found)
    return checked


def _ids(anchored: Mapping[str, list[AnchoredBlock]]) -> dict[str, set[str]]:
    return {page: {item.id for item in items} for page, items in anchored.items()}


def keep_older(rebuilt: RuleHistory, before: RuleHistory) -> tuple[RuleHistory, list[str]]:
    """A first sync's history: the wiki's versions, with the versions builds saw before that the wiki does not give.

    A version from before (its ``?v=`` is in links already shared) is kept, in its place by
    date among the wiki's: words a build saw in hand-copied exports before the wiki existed,
    or words of a revision the wiki hides now. Returns the history and what was kept.
    """
    versions: dict[RuleRef, tuple[Version, ...]] = dict(rebuilt.versions)
    kept: list[str] = []
    for rule, old in before.versions.items():
        wiki = versions.get(rule, ())
        known = {v.version for v in wiki}
        extra = [v for v in old if v.version not in known]
        if not extra:
            continue
        kept += [f"{rule} v={v.version} ({v.date})" for v in extra if wiki and v.date >= wiki[0].date]
        merged: list[Version] = []
        for v in sorted((*extra, *wiki), key=lambda v: (v.date, v.edit.rev if v.edit else 0)):
            if not merged or merged[-1].version != v.version:
                merged.append(v)
        versions[rule] = tuple(merged)
    return RuleHistory(versions), kept
