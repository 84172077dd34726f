"""The anchors lock: every rule id ever published, so that no shared link breaks.

``anchors.lock.json`` (committed) records each published id with a fingerprint and an
excerpt of its text. A build whose ids differ fails unless the lock explains it: a new
id is recorded (or, with the lock frozen in CI, refused); a published id that is gone
must have an entry in ``aliases`` (``"page#old-id": "page#new-id"``), and the page then
sends the old fragment to where the rule is now.

:class:`AnchorLock` loads, checks and writes the file; aliases are resolved once, when
the lock is made, and every other step asks :meth:`AnchorLock.follow`.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules
from build_scripts.rulebook.ids import fingerprint

__all__ = ["LOCK_VERSION", "AnchorLock", "LockCheck", "LockEntry", "follow_alias"]

LOCK_VERSION = 1
_EXCERPT = 60


@dataclass(frozen=True)
class LockEntry:
    """A published id's record: a fingerprint of its text and the text's start."""

    fingerprint: str
    text: str

    @classmethod
    def of(cls, block: AnchoredBlock) -> LockEntry:
        """The record of a block as it is now."""
        full = block.block.full_text
        flat = " ".join(full.split())
        excerpt = flat if len(flat) <= _EXCERPT else flat[: _EXCERPT - 1] + "…"
        return cls(fingerprint(full), excerpt)


def follow_alias(target: RuleRef, aliases: Mapping[RuleRef, RuleRef]) -> RuleRef:
    """Where a reference leads after following aliases (itself if it is not aliased)."""
    seen: set[RuleRef] = set()
    while target in aliases and target not in seen:
        seen.add(target)
        target = aliases[target]
    return target


@dataclass(frozen=True)
class AnchorLock:
    """The parsed lock: published ids per page, and the aliases of ids that moved."""

    anchors: Mapping[str, Mapping[str, LockEntry]] = field(default_factory=dict)
    #: Old reference → the reference written for it in the file (may itself be aliased).
    aliases: Mapping[RuleRef, RuleRef] = field(default_factory=dict)
    #: Old reference → where it finally leads (aliases followed), worked out once.
    resolved: Mapping[RuleRef, RuleRef] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "resolved", {old: follow_alias(old, self.aliases) for old in self.aliases})

    # ------------------------------------------------------------------ reading and writing

    @classmethod
    def loads(cls, text: str, name: str = "anchors.lock.json") -> AnchorLock:
        """Parse the lock file.

        Raises:
            RulebookError: for text that is not the lock's JSON, an unknown version, or
                an alias that is not ``page#id``.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RulebookError(f"{name}: not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("version") != LOCK_VERSION:
            version = data.get("version") if isinstance(data, dict) else None
            raise RulebookError(f"{name}: unknown lock version {version!r}; expected {LOCK_VERSION}")
        try:
            anchors = {
                page: {aid: LockEntry(entry["fingerprint"], entry["text"]) for aid, entry in ids.items()}
                for page, ids in data.get("anchors", {}).items()
            }
            aliases = {RuleRef.parse(old): RuleRef.parse(new) for old, new in data.get("aliases", {}).items()}
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise RulebookError(f"{name}: malformed entry ({exc})") from None
        return cls(anchors, aliases)

    def dumps(self) -> str:
        """The lock as text: one line per id, sorted, so a change reads well in a diff."""
        lines = ["{", f' "version": {LOCK_VERSION},', ' "anchors": {']
        pages = sorted(self.anchors.items())
        for p_index, (page, ids) in enumerate(pages):
            lines.append(f"  {json.dumps(page)}: {{")
            entries = sorted(ids.items())
            for i_index, (aid, entry) in enumerate(entries):
                comma = "," if i_index < len(entries) - 1 else ""
                record = json.dumps({"fingerprint": entry.fingerprint, "text": entry.text}, ensure_ascii=False)
                lines.append(f"   {json.dumps(aid)}: {record}{comma}")
            lines.append("  }" + ("," if p_index < len(pages) - 1 else ""))
        lines.append(" },")
        aliases = sorted((str(old), str(new)) for old, new in self.aliases.items())
        lines.append(' "aliases": {')
        lines.extend(
            f"  {json.dumps(old)}: {json.dumps(new)}{',' if n < len(aliases) - 1 else ''}"
            for n, (old, new) in enumerate(aliases)
        )
        lines.append(" }")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def with_aliases(self, more: Mapping[str, str]) -> AnchorLock:
        """The lock with more aliases (``"page#old": "page#new"``), as an editor would add them."""
        added = {RuleRef.parse(old): RuleRef.parse(new) for old, new in more.items()}
        return replace(self, aliases={**self.aliases, **added})

    def without_aliases(self, gone: Collection[RuleRef]) -> AnchorLock:
        """The lock with the aliases of ``gone`` taken back (their rules answer at their own ids again)."""
        return replace(self, aliases={old: new for old, new in self.aliases.items() if old not in gone})

    # ------------------------------------------------------------------ asking

    def follow(self, ref: RuleRef) -> RuleRef:
        """Where a reference leads now (itself unless an alias moved it)."""
        return self.resolved.get(ref, ref)

    def published(self) -> list[RuleRef]:
        """Every published reference, sorted."""
        return sorted(RuleRef(page, aid) for page, ids in self.anchors.items() for aid in ids)

    def entry(self, ref: RuleRef) -> LockEntry | None:
        """The published record of a reference, if it was published."""
        return self.anchors.get(ref.page, {}).get(ref.id)

    # ------------------------------------------------------------------ checking a build

    def check(
        self, current: Mapping[str, list[AnchoredBlock]], *, frozen: bool, name: str = "anchors.lock.json"
    ) -> LockCheck:
        """Check this build's ids against the published ones.

        Args:
            current: Page name → its anchored blocks in this build.
            frozen: A new or changed id is an error (CI: the committed lock must already
                describe the build); otherwise the returned lock records them.
            name: The lock's file name, for messages.

        Returns:
            The lock that describes this build, what changed, and per page where each
            aliased old id leads now.

        Raises:
            RulebookError: when a published id disappeared without an alias, an alias
                points nowhere or names a live id, or (frozen) the lock is out of date.
        """
        live = index_rules(current)
        for old in sorted(self.aliases):
            if old in live:
                raise RulebookError(f"{name}: alias {str(old)!r} names an id that exists in this build; remove it")
            if self.follow(old) not in live:
                raise RulebookError(f"{name}: alias {str(old)!r} → {str(self.aliases[old])!r} points to no rule")
        missing = [ref for ref in self.published() if ref not in live and ref not in self.aliases]
        if missing:
            raise RulebookError(_missing_message(missing, self, live, name))

        anchors: dict[str, dict[str, LockEntry]] = {page: dict(ids) for page, ids in self.anchors.items()}
        added: list[RuleRef] = []
        changed: list[RuleRef] = []
        for ref, block in live.items():
            now, before = LockEntry.of(block), self.entry(ref)
            if before is None:
                added.append(ref)
            elif before.fingerprint != now.fingerprint:
                changed.append(ref)
            anchors.setdefault(ref.page, {})[ref.id] = now
        if frozen and (added or changed):
            listed = ", ".join(str(ref) for ref in (added + changed)[:5])
            raise RulebookError(
                f"{name} is out of date ({len(added)} new, {len(changed)} changed ids: {listed}…); "
                "run `make build` and commit the lock"
            )
        moved: dict[str, dict[str, RuleRef]] = {}
        for old, now_at in self.resolved.items():
            moved.setdefault(old.page, {})[old.id] = now_at
        return LockCheck(replace(self, anchors=anchors), added, changed, moved)


@dataclass
class LockCheck:
    """What checking a build's ids against the lock found."""

    #: The lock that describes this build (write it when :attr:`is_updated`).
    lock: AnchorLock
    added: list[RuleRef] = field(default_factory=list)
    changed: list[RuleRef] = field(default_factory=list)
    #: Page → old id → where the rule is now; each page carries its own to follow in the browser.
    moved: dict[str, dict[str, RuleRef]] = field(default_factory=dict)
    #: Aliases ``make sync`` wrote for this build (renamed rules): old → (new, why).
    aliased: dict[RuleRef, tuple[RuleRef, str]] = field(default_factory=dict)
    #: Aliases ``make sync`` took back: their old ids answer again (a rename reverted).
    taken_back: list[RuleRef] = field(default_factory=list)

    @property
    def is_updated(self) -> bool:
        """Whether the lock must be rewritten to describe this build."""
        return bool(self.added or self.changed or self.aliased or self.taken_back)


# ----------------------------------------------------------------------------- helping an editor


def _missing_message(missing: list[RuleRef], lock: AnchorLock, live: Mapping[RuleRef, AnchoredBlock], name: str) -> str:
    lines = [f"{len(missing)} published rule id(s) disappeared; a link someone shared would break:"]
    guesses = _guess_new_ids(missing, lock, live)
    for ref in missing:
        entry = lock.entry(ref)
        was = entry.text if entry else ""
        if ref in guesses:
            new, why = guesses[ref]
            lines.append(f"  {ref} (was {was!r}): {why} {str(new)!r}")
            continue
        cover = covering_heading(ref, live)
        where = f"; if it was removed, alias it to the rule that now covers it, e.g. {str(cover)!r}" if cover else ""
        lines.append(f"  {ref} (was {was!r}): no rule has that text now{where}")
    lines.append(f'Add each old id to "aliases" in {name}, mapped to where the rule is now.')
    if guesses:
        lines.append("Suggested (check each):")
        lines.extend(f"  {json.dumps(str(old))}: {json.dumps(str(new))}," for old, (new, _why) in guesses.items())
    return "\n".join(lines)


def _guess_new_ids(
    missing: list[RuleRef], lock: AnchorLock, live: Mapping[RuleRef, AnchoredBlock]
) -> dict[RuleRef, tuple[RuleRef, str]]:
    """Old reference → (new reference, why) where the rule can be found again.

    The same text (fingerprint) is certain; a heading whose paragraphs all moved under one
    new heading follows them; a very similar text is offered as a likely match.
    """
    by_print: dict[str, list[RuleRef]] = {}
    for ref, anchored in live.items():
        by_print.setdefault(fingerprint(anchored.block.full_text), []).append(ref)
    taken = set(live) & set(lock.published())  # still answering their own published links
    guesses: dict[RuleRef, tuple[RuleRef, str]] = {}
    for ref in missing:
        claimed = {new for new, _why in guesses.values()}
        entry = lock.entry(ref)
        same = [r for r in by_print.get(entry.fingerprint if entry else "", []) if r not in claimed]
        if len(same) == 1:
            guesses[ref] = (same[0], "the same text is now at")
    for ref in missing:
        if ref in guesses:
            continue
        heading = heading_followed_by_children(ref, guesses, live)
        if heading:
            guesses[ref] = (heading, "its paragraphs moved under")
            continue
        entry = lock.entry(ref)
        close = _closest(entry.text if entry else "", live, cutoff=0.8)
        if close and close not in taken:
            guesses[ref] = (close, "a very similar text is at")
    return guesses


def heading_followed_by_children(
    ref: RuleRef, guesses: Mapping[RuleRef, tuple[RuleRef, str]], live: Mapping[RuleRef, AnchoredBlock]
) -> RuleRef | None:
    """If every moved block under the old heading id now shares one new prefix, that heading."""
    prefixes = set()
    for old, (new, _why) in guesses.items():
        if old.page == ref.page and old.id.startswith(ref.id + "-"):
            suffix = old.id[len(ref.id) :]
            if not new.id.endswith(suffix):
                return None
            prefixes.add(RuleRef(new.page, new.id[: -len(suffix)]))
    if len(prefixes) == 1:
        (prefix,) = prefixes
        if prefix in live and live[prefix].block.kind == "heading":
            return prefix
    return None


def covering_heading(ref: RuleRef, live: Mapping[RuleRef, AnchoredBlock]) -> RuleRef | None:
    """The live heading on the same page whose id begins the missing id (its old section)."""
    headings = [
        r for r, a in live.items() if r.page == ref.page and a.block.kind == "heading" and ref.id.startswith(r.id + "-")
    ]
    return max(headings, key=lambda r: len(r.id)) if headings else None


def _closest(text: str, live: Mapping[RuleRef, AnchoredBlock], *, cutoff: float) -> RuleRef | None:
    by_text = {LockEntry.of(a).text: ref for ref, a in live.items()}
    best = difflib.get_close_matches(text, list(by_text), n=1, cutoff=cutoff)
    return by_text[best[0]] if best else None
