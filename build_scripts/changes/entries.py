"""The entries of the Changes page and the feed, newest first.

An entry is one wiki revision that changed rules' words (its date, editor, summary and the
rules it changed, each with the words before and after), or, for words a build saw in
hand-copied exports (no wiki revision), one day of builds. The revisions between two
entries that changed no rule's words (a section moved, a comment, a hidden revision) are
folded into the later entry's ``quiet`` list. Nothing here formats: :mod:`.pages` and
:mod:`.feed` do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from build_scripts.cards.rule_history import RuleHistory, Version, renamed_from
from build_scripts.cards.word_diff import Run, word_diff
from build_scripts.core.model import RuleRef
from build_scripts.sync.model import Revision

__all__ = ["Entry", "Quiet", "RuleChange", "changes"]

#: Past this many new rules in one entry (a book's first revision), they are counted, not listed.
MANY_NEW = 12


@dataclass(frozen=True)
class RuleChange:
    """One rule's words changed by an entry: where the rule is now, its place, the words before and after."""

    rule: RuleRef
    """The id the words were recorded under."""
    now: RuleRef
    """Where the rule is read now (the anchors lock's aliases followed)."""
    place: str
    before: str | None
    """The words before (``None``: a new rule)."""
    after: str
    version: str

    @property
    def diff(self) -> list[Run]:
        """The word difference (all inserted for a new rule)."""
        return word_diff(self.before or "", self.after)


@dataclass(frozen=True)
class Quiet:
    """A revision that changed no rule's words: its id, time, editor and summary, and what the wiki hides of it."""

    rev: int
    time: str
    user: str
    summary: str
    hidden: tuple[str, ...] = ()


@dataclass(frozen=True)
class Entry:
    """A wiki revision that changed rules' words (``rev``), or a day of builds (``rev`` 0)."""

    rev: int
    time: str
    """The revision's timestamp (``2026-11-03T10:15:00Z``), or the builds' day (``2026-12-01``)."""
    user: str
    summary: str
    hidden: tuple[str, ...]
    changed: tuple[RuleChange, ...]
    """The rules whose words changed, in the book's order of pages and ids."""
    new: tuple[RuleChange, ...]
    """The rules first recorded (listed when few, counted when many: :data:`MANY_NEW`)."""
    quiet: tuple[Quiet, ...] = field(default=())
    """The revisions after this entry (and before the next) that changed no rule's words, oldest first."""

    @property
    def key(self) -> str:
        """The entry's anchor on its page and its id in the feed: ``rev-1234`` or ``day-2026-12-01``."""
        return f"rev-{self.rev}" if self.rev else f"day-{self.time[:10]}"

    @property
    def date(self) -> str:
        """The entry's day, ``YYYY-MM-DD``."""
        return self.time[:10]

    @property
    def rules(self) -> int:
        """How many rules' words it changed or first recorded."""
        return len(self.changed) + len(self.new)

    def listed_new(self) -> tuple[RuleChange, ...]:
        """The new rules to list one by one (none when there are many: the entry counts them)."""
        return self.new if len(self.new) <= MANY_NEW else ()


def changes(
    history: RuleHistory,
    revisions: Iterable[Revision],
    aliases: Mapping[RuleRef, RuleRef],
    order: Mapping[str, int],
) -> list[Entry]:
    """Every entry, newest first.

    Args:
        history: The rules' history as this build recorded it.
        revisions: The synced wiki revisions (none for a book kept as exports).
        aliases: Each old rule id and where it leads now (the lock's aliases, followed): a
            renamed rule's first words under its new id are a change of the old id's last.
        order: Each rulebook page's place in the navigation (the rules of an entry in the book's order).
    """
    old_ids = renamed_from(aliases)

    def follow(rule: RuleRef) -> RuleRef:
        return aliases.get(rule, rule)

    def before_rename(rule: RuleRef, version: Version) -> Version | None:
        earlier = [v for old in old_ids.get(rule, ()) for v in history.versions.get(old, ()) if v.made <= version.made]
        return max(earlier, key=lambda v: v.made) if earlier else None

    groups: dict[tuple[str, int], list[tuple[Version, Version | None]]] = {}
    for versions in history.versions.values():
        for n, version in enumerate(versions):
            key = (f"rev-{version.edit.rev}", version.edit.rev) if version.edit else (f"day-{version.date}", 0)
            before = versions[n - 1] if n else before_rename(version.rule, version)
            if before is not None and before.words == version.words:
                continue  # the same words under a new id (its heading renamed): no change to show
            groups.setdefault(key, []).append((version, before))
    revisions = list(revisions)
    by_rev = {r.rev: r for r in revisions}
    entries: list[Entry] = []
    for (_key, rev), made in groups.items():
        first = made[0][0]
        wiki = by_rev.get(rev)
        rules = sorted(
            (
                RuleChange(v.rule, follow(v.rule), v.place, before.words if before else None, v.words, v.version)
                for v, before in made
            ),
            key=lambda c: (order.get(c.rule.page, len(order)), c.rule.page, c.rule.id),
        )
        entries.append(
            Entry(
                rev=rev,
                time=wiki.time if wiki else first.date,
                user=wiki.user if wiki else (first.edit.user if first.edit else ""),
                summary=wiki.summary if wiki else (first.edit.summary if first.edit else ""),
                hidden=wiki.hidden if wiki else (),
                changed=tuple(c for c in rules if c.before is not None),
                new=tuple(c for c in rules if c.before is None),
            )
        )
    made_by = {e.rev for e in entries}
    return _with_quiet(sorted(entries, key=_when, reverse=True), [r for r in revisions if r.rev not in made_by])


def _when(item: Entry | Revision) -> tuple[str, int]:
    """Oldest to newest: by time (a builds' day before any revision of that day), then revision.

    A day (``2026-12-01``) is the start of a timestamp of that day (``2026-12-01T10:15:00Z``),
    so it sorts before it as text, and after every timestamp of the days before.
    """
    return (item.time, item.rev)


def _with_quiet(entries: list[Entry], quiet: list[Revision]) -> list[Entry]:
    """Each entry with the quiet revisions that came after it (before the next entry), oldest first."""
    out: list[Entry] = []
    later: list[Quiet] = []
    pending = sorted(quiet, key=_when, reverse=True)
    for entry in entries:  # newest first
        while pending and _when(pending[0]) > _when(entry):
            r = pending.pop(0)
            later.insert(0, Quiet(r.rev, r.time, r.user, r.summary, r.hidden))
        out.append(replace(entry, quiet=tuple(later)))
        later = []
    return out  # (no revision comes before the first entry: the one that first recorded the rules)
