"""Where a rule went: the published ids a build dropped, found again where that is beyond doubt.

``make sync`` writes an alias itself for each id found (a heading renamed, a paragraph's
first words reworded) and stops, naming them, only for the ids in doubt. The build never
guesses: it refuses a dropped id without an alias (:meth:`AnchorLock.check`).
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules
from build_scripts.rulebook.anchor_lock import AnchorLock, LockEntry, covering_heading, heading_followed_by_children
from build_scripts.rulebook.ids import fingerprint

__all__ = ["Whereabouts", "whereabouts"]


@dataclass(frozen=True)
class Whereabouts:
    """Dropped ids: those found beyond doubt (old → (new, why)), and why each other one is in doubt."""

    found: dict[RuleRef, tuple[RuleRef, str]] = field(default_factory=dict)
    doubtful: dict[RuleRef, str] = field(default_factory=dict)


#: How close a reworded rule's text must be to its old words (difflib's ratio), and by how
#: much closer than the next text, to be taken for it without a person.
_SIMILAR, _CLEAR_LEAD = 0.8, 0.1


def whereabouts(
    lock: AnchorLock,
    current: Mapping[str, list[AnchoredBlock]],
    *,
    before: Mapping[str, list[AnchoredBlock]] | None = None,
    returned: Collection[RuleRef] = (),
) -> Whereabouts:
    """Where each published id a build dropped (and no alias covers) is now, when that is beyond doubt.

    Beyond doubt: its very words at one place (a renamed heading moves its paragraphs so);
    a heading whose paragraphs all moved under one new heading; one text much closer to its
    words than any other (its first words reworded); with ``before`` (the book as the last
    revision left it), a heading whose rules are all under one new heading now, wherever
    each went (a heading renamed whose rule's id did not change). In doubt: its words at
    several places, two texts about as close, two dropped ids at one place, or none (the
    rule left the book). ``returned``: ids answering again at their own place after their
    alias was taken back (a rename reverted): a dropped id may be found there.
    """
    live = index_rules(current)
    missing = [ref for ref in lock.published() if ref not in live and ref not in lock.aliases]
    # still answering their own published links (but for those back at their place)
    taken = (set(live) & set(lock.published())) - set(returned)
    found, doubtful = _same_words(missing, lock, live, taken)
    for ref in missing:
        if ref not in found and ref not in doubtful:
            heading = heading_followed_by_children(ref, found, live)
            if heading:
                found[ref] = (heading, "its paragraphs moved under")
    claimed = {new for new, _why in found.values()}
    # A list, not a dict by text: two places whose (shortened) texts are the same are two candidates.
    candidates = [(LockEntry.of(a).text, r) for r, a in live.items() if r not in taken and r not in claimed]
    for ref in missing:
        if ref not in found and ref not in doubtful:
            _closest_words(ref, lock, live, candidates, found, doubtful)
    if before is not None:
        _headings_followed(missing, lock, current, before, found, doubtful)
    for old, (new, _why) in list(found.items()):
        if sum(1 for n, _ in found.values() if n == new) > 1:
            doubtful[old] = f"{str(new)!r} is where more than one dropped id seems to be"
    return Whereabouts({old: at for old, at in found.items() if old not in doubtful}, doubtful)


def _same_words(
    missing: list[RuleRef], lock: AnchorLock, live: Mapping[RuleRef, AnchoredBlock], taken: set[RuleRef]
) -> tuple[dict[RuleRef, tuple[RuleRef, str]], dict[RuleRef, str]]:
    """The dropped ids whose very words are at one place now, and those whose words are at several."""
    by_print: dict[str, list[RuleRef]] = {}
    for ref, anchored in live.items():
        by_print.setdefault(fingerprint(anchored.block.full_text), []).append(ref)
    found: dict[RuleRef, tuple[RuleRef, str]] = {}
    doubtful: dict[RuleRef, str] = {}
    for ref in missing:
        entry = lock.entry(ref)
        same = [r for r in by_print.get(entry.fingerprint if entry else "", []) if r not in taken]
        if len(same) == 1:
            found[ref] = (same[0], "the same text is now at")
        elif same:
            doubtful[ref] = "its words are now at " + " and ".join(repr(str(r)) for r in same)
    return found, doubtful


def _parents(pages: Mapping[str, list[AnchoredBlock]]) -> dict[RuleRef, RuleRef]:
    """Each block's heading (a heading's: the heading above it), page by page."""
    out: dict[RuleRef, RuleRef] = {}
    for page, items in pages.items():
        stack: list[AnchoredBlock] = []
        for item in items:
            if item.block.kind == "heading":
                while stack and stack[-1].depth >= item.depth:
                    stack.pop()
                if stack:
                    out[RuleRef(page, item.id)] = RuleRef(page, stack[-1].id)
                stack.append(item)
            elif stack:
                out[RuleRef(page, item.id)] = RuleRef(page, stack[-1].id)
    return out


def _headings_followed(
    missing: list[RuleRef],
    lock: AnchorLock,
    current: Mapping[str, list[AnchoredBlock]],
    before: Mapping[str, list[AnchoredBlock]],
    found: dict[RuleRef, tuple[RuleRef, str]],
    doubtful: dict[RuleRef, str],
) -> None:
    """Place each dropped heading whose rules are all under one heading now.

    Its rules as the last revision had them, wherever each went: kept its id, found here, or
    aliased before.
    """
    was_under = _parents(before)
    now_under = _parents(current)
    live = index_rules(current)
    headings = {RuleRef(page, a.id) for page, items in before.items() for a in items if a.block.kind == "heading"}
    for ref in missing:
        if ref in found or ref not in headings:
            continue
        rules = [child for child, parent in was_under.items() if parent == ref]
        now = {now_under.get(_where_now(child, live, found, lock)) for child in rules}
        if len(now) == 1 and (heading := now.pop()) is not None and live[heading].block.kind == "heading":
            found[ref] = (heading, "its rules are now under")
            doubtful.pop(ref, None)


def _where_now(
    rule: RuleRef, live: Mapping[RuleRef, AnchoredBlock], found: Mapping[RuleRef, tuple[RuleRef, str]], lock: AnchorLock
) -> RuleRef:
    """Where a rule of the last revision is now: its own id, where it was found, or where its alias leads."""
    if rule in live:
        return rule
    if rule in found:
        return found[rule][0]
    return lock.follow(rule)


def _closest_words(
    ref: RuleRef,
    lock: AnchorLock,
    live: Mapping[RuleRef, AnchoredBlock],
    candidates: Sequence[tuple[str, RuleRef]],
    found: dict[RuleRef, tuple[RuleRef, str]],
    doubtful: dict[RuleRef, str],
) -> None:
    """Place ``ref`` by the text closest to its words: found when clearly closest, else in doubt."""
    entry = lock.entry(ref)
    was = entry.text if entry else ""
    ranked = sorted(
        ((difflib.SequenceMatcher(None, was, text).ratio(), r) for text, r in candidates),
        key=lambda pair: (-pair[0], str(pair[1])),
    )
    best = ranked[0][0] if ranked else 0.0
    if best >= _SIMILAR and (len(ranked) < 2 or ranked[1][0] < best - _CLEAR_LEAD):
        found[ref] = (ranked[0][1], "a very similar text is at")
    elif best >= _SIMILAR:
        close = [r for ratio, r in ranked if ratio >= best - _CLEAR_LEAD][:3]
        doubtful[ref] = "texts about as close to its words are at " + " and ".join(repr(str(r)) for r in close)
    else:
        cover = covering_heading(ref, live)
        alias = f"; alias it to the rule that covers it now, e.g. {str(cover)!r}" if cover else ""
        doubtful[ref] = f"no rule has that text now (was {was!r}){alias}"
