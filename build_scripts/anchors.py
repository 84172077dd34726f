"""Stable, readable ids for every rule block, and the lock that keeps them published.

Id scheme (per page):

* the page's own heading: the slug of its title (``buildings``);
* a sub-heading one level down: the slug of its title (``attacking-buildings``);
* a deeper (plain-line) sub-heading: its parent's id, then its own slug, unless its slug
  already starts with the parent's (``artillery-shooting-at-artillery``,
  ``impassable-buildings-and-movement``);
* a damage-chart row: the slug of its name (``total-collapse``);
* a paragraph or bullet: the id of the heading it sits under, then the slug of its
  first five significant words, leaving out leading words the heading already says
  (``attacking-buildings-building-reaches-0-armour-value``).

Ids depend only on a block's own text and its heading, never on its position, so
inserting a paragraph leaves the others' ids alone. Two blocks that would share an id
take more of their words until they differ.

The lock (``anchors.lock.json``, committed) records every id ever published with a
fingerprint of its text. A locked id that disappears fails the build unless the lock's
``aliases`` maps it to the id that now holds the rule; the page then sends the old
fragment there.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from build_scripts.errors import RulebookError
from build_scripts.model import Block, Section

__all__ = [
    "AnchoredBlock",
    "LockResult",
    "assign_ids",
    "check_lock",
    "dump_lock",
    "empty_lock",
    "fingerprint",
    "follow_alias",
    "slugify",
]

_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "if",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "were",
        "which",
        "with",
    ]
)
_WORDS_IN_ID = 5
LOCK_VERSION = 1


@dataclass(frozen=True)
class AnchoredBlock:
    """A block with its id, the id of the heading above it and its depth on the page."""

    id: str
    block: Block
    heading_path: tuple[str, ...]
    depth: int = 0
    prefix: str = ""


def slugify(text: str) -> str:
    """Lower-case ASCII words joined by ``-``: ``What can Hurt a Building?`` → ``what-can-hurt-a-building``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_text = ascii_text.replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def fingerprint(text: str) -> str:
    """A short hash of a block's text, whitespace-normalised."""
    normal = " ".join(text.split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:12]


def _words(text: str) -> list[str]:
    return [w for w in slugify(text).split("-") if w]


def _significant(text: str) -> list[str]:
    words = _words(text)
    kept = [w for w in words if w not in _STOP_WORDS]
    return kept or words


def assign_ids(page_section: Section) -> list[AnchoredBlock]:
    """Give every heading and block on one page its id, in page order.

    Args:
        page_section: The section the page shows (its heading becomes the page title).

    Returns:
        One entry per heading and per block.

    Raises:
        RulebookError: if two blocks have identical text under the same heading, so no
            words can tell them apart.
    """
    out: list[AnchoredBlock] = []
    _walk(page_section, page_section.depth, None, (), out)
    return _deduplicate(out)


def _heading_id(section: Section, page_depth: int, parent_id: str | None) -> str:
    own = slugify(section.title)
    if parent_id is None or section.depth <= page_depth + 1 or own.startswith(parent_id):
        return own
    return f"{parent_id}-{own}"


def _block_words(text: str, prefix: str, count: int) -> list[str]:
    """The first ``count`` significant words, without leading words the heading already says."""
    words = _significant(text)
    heading_words = set(prefix.split("-"))
    while len(words) > 1 and words[0] in heading_words:
        words.pop(0)
    return words[:count]


def _walk(
    section: Section,
    page_depth: int,
    parent_id: str | None,
    path: tuple[str, ...],
    out: list[AnchoredBlock],
) -> None:
    hid = _heading_id(section, page_depth, parent_id)
    here = (*path, section.title.rstrip(":"))
    out.append(AnchoredBlock(hid, section.heading, here, section.depth - page_depth))
    for block in section.blocks:
        if block.kind == "chart_row":
            bid, prefix = slugify(block.text), ""
        else:
            bid, prefix = f"{hid}-{'-'.join(_block_words(block.text, hid, _WORDS_IN_ID))}", hid
        out.append(AnchoredBlock(bid, block, here, section.depth - page_depth, prefix))
    for child in section.children:
        _walk(child, page_depth, hid, here, out)


def _deduplicate(items: list[AnchoredBlock]) -> list[AnchoredBlock]:
    """Lengthen clashing block ids with more of their own words until they are unique."""
    result = list(items)
    for extra in range(1, 64):
        positions: dict[str, list[int]] = {}
        for i, item in enumerate(result):
            positions.setdefault(item.id, []).append(i)
        clashes = [i for idx in positions.values() if len(idx) > 1 for i in idx]
        if not clashes:
            return result
        for i in clashes:
            item = result[i]
            if item.block.kind == "heading":
                raise RulebookError(
                    f"two headings on one page get the id {item.id!r}; rename one of them",
                    source=item.block.source,
                )
            words = _block_words(item.block.full_text, item.prefix, _WORDS_IN_ID + extra)
            result[i] = AnchoredBlock(
                f"{item.prefix}-{'-'.join(words)}" if item.prefix else "-".join(words),
                item.block,
                item.heading_path,
                item.depth,
                item.prefix,
            )
    first = next(i for i in result if sum(j.id == i.id for j in result) > 1)
    raise RulebookError(
        f"blocks with identical text share the id {first.id!r}; a page cannot hold the same rule twice",
        source=first.block.source,
    )


# --------------------------------------------------------------------------- lock


@dataclass
class LockResult:
    """What checking the current ids against the lock found."""

    lock: dict[str, Any]
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def is_updated(self) -> bool:
        """Whether the lock must be rewritten to describe this build."""
        return bool(self.added or self.changed)


def empty_lock() -> dict[str, Any]:
    """A lock with no published ids yet."""
    return {"version": LOCK_VERSION, "anchors": {}, "aliases": {}}


def dump_lock(lock: dict[str, Any]) -> str:
    """The lock as text: one line per id, sorted, so a change reads well in a diff."""
    lines = ["{", f' "version": {json.dumps(lock["version"])},', ' "anchors": {']
    pages = sorted(lock["anchors"].items())
    for p_index, (page, ids) in enumerate(pages):
        lines.append(f"  {json.dumps(page)}: {{")
        entries = sorted(ids.items())
        for i_index, (aid, entry) in enumerate(entries):
            comma = "," if i_index < len(entries) - 1 else ""
            lines.append(f"   {json.dumps(aid)}: {json.dumps(entry, ensure_ascii=False)}{comma}")
        lines.append("  }" + ("," if p_index < len(pages) - 1 else ""))
    lines.append(" },")
    aliases = sorted(lock.get("aliases", {}).items())
    lines.append(' "aliases": {')
    lines.extend(
        f"  {json.dumps(old)}: {json.dumps(new)}{',' if n < len(aliases) - 1 else ''}"
        for n, (old, new) in enumerate(aliases)
    )
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def check_lock(  # noqa: C901 - one pass per rule of the lock, kept together to read as a spec
    lock: dict[str, Any],
    current: dict[str, list[AnchoredBlock]],
    *,
    frozen: bool,
    lock_name: str = "anchors.lock.json",
) -> LockResult:
    """Check this build's ids against the published ones.

    Args:
        lock: The parsed lock file (see :func:`empty_lock` for its shape).
        current: Page name → its anchored blocks in this build.
        frozen: When true, a new or changed id is an error (CI: the committed lock must
            already describe the build); otherwise the returned lock records them.
        lock_name: The lock's file name, for messages.

    Returns:
        The lock to write, what changed, and per page the aliases the page must follow
        (old id → ``page#id`` of the rule now).

    Raises:
        RulebookError: when a locked id disappeared without an alias, an alias points
            nowhere, or (frozen) the lock is out of date.
    """
    if lock.get("version") != LOCK_VERSION:
        raise RulebookError(f"{lock_name}: unknown lock version {lock.get('version')!r}; expected {LOCK_VERSION}")
    locked: dict[str, dict[str, dict[str, str]]] = lock.get("anchors", {})
    aliases: dict[str, str] = lock.get("aliases", {})
    live = {f"{page}#{a.id}": a for page, items in current.items() for a in items}

    for old, new in sorted(aliases.items()):
        if old in live:
            raise RulebookError(f"{lock_name}: alias {old!r} names an id that exists in this build; remove the alias")
        if follow_alias(new, aliases) not in live:
            raise RulebookError(f"{lock_name}: alias {old!r} → {new!r} points to no rule in this build")

    missing = [
        f"{page}#{aid}"
        for page, ids in sorted(locked.items())
        for aid in sorted(ids)
        if f"{page}#{aid}" not in live and f"{page}#{aid}" not in aliases
    ]
    if missing:
        raise RulebookError(_missing_message(missing, locked, live, lock_name))

    new_lock: dict[str, Any] = {"version": LOCK_VERSION, "anchors": {}, "aliases": dict(sorted(aliases.items()))}
    result = LockResult(new_lock)
    for page, ids in locked.items():
        new_lock["anchors"][page] = {aid: dict(published) for aid, published in ids.items()}
    for key, anchored in live.items():
        page, aid = key.split("#", 1)
        entry = {"fingerprint": fingerprint(anchored.block.full_text), "text": _excerpt(anchored.block.full_text)}
        page_ids: dict[str, dict[str, str]] = locked.get(page) or {}
        published = page_ids.get(aid)
        if published is None:
            result.added.append(key)
        elif published.get("fingerprint") != entry["fingerprint"]:
            result.changed.append(key)
        new_lock["anchors"].setdefault(page, {})[aid] = entry
    new_lock["anchors"] = {p: dict(sorted(ids.items())) for p, ids in sorted(new_lock["anchors"].items())}

    if frozen and result.is_updated:
        listed = ", ".join((result.added + result.changed)[:5])
        raise RulebookError(
            f"{lock_name} is out of date ({len(result.added)} new, {len(result.changed)} changed ids: {listed}…); "
            "run `make build` and commit the lock"
        )
    for old, new in aliases.items():
        page, old_id = old.split("#", 1)
        result.aliases.setdefault(page, {})[old_id] = follow_alias(new, aliases)
    return result


def follow_alias(target: str, aliases: dict[str, str]) -> str:
    """Where an id leads after following the lock's aliases (itself if not aliased)."""
    seen = set()
    while target in aliases and target not in seen:
        seen.add(target)
        target = aliases[target]
    return target


def _excerpt(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _missing_message(
    missing: list[str],
    locked: dict[str, dict[str, dict[str, str]]],
    live: dict[str, AnchoredBlock],
    lock_name: str,
) -> str:
    lines = [f"{len(missing)} published rule id(s) disappeared; a link someone shared would break:"]
    guesses = _guess_new_ids(missing, locked, live)
    for key in missing:
        page, aid = key.split("#", 1)
        was = locked[page][aid].get("text", "")
        if key in guesses:
            new, why = guesses[key]
            lines.append(f"  {key} (was {was!r}): {why} {new!r}")
            continue
        cover = _covering_heading(page, aid, live)
        where = f"; if it was removed, alias it to the rule that now covers it, e.g. {cover!r}" if cover else ""
        lines.append(f"  {key} (was {was!r}): no rule has that text now{where}")
    lines.append(f'Add each old id to "aliases" in {lock_name}, mapped to where the rule is now.')
    if guesses:
        lines.append("Suggested (check each):")
        lines.extend(f"  {json.dumps(old)}: {json.dumps(new)}," for old, (new, _why) in guesses.items())
    return "\n".join(lines)


def _guess_new_ids(
    missing: list[str], locked: dict[str, dict[str, dict[str, str]]], live: dict[str, AnchoredBlock]
) -> dict[str, tuple[str, str]]:
    """Old id → (new id, why) where the rule can be found again.

    The same text (fingerprint) is certain; a heading whose paragraphs all moved under one
    new heading follows them; a very similar text is offered as a likely match.
    """
    by_print: dict[str, list[str]] = {}
    for key, anchored in live.items():
        by_print.setdefault(fingerprint(anchored.block.full_text), []).append(key)
    published = {f"{page}#{aid}" for page, ids in locked.items() for aid in ids}
    taken = set(live) & published  # still answering their own published links
    guesses: dict[str, tuple[str, str]] = {}
    for key in missing:
        page, aid = key.split("#", 1)
        claimed = {new for new, _why in guesses.values()}
        same = [k for k in by_print.get(locked[page][aid].get("fingerprint", ""), []) if k not in claimed]
        if len(same) == 1:
            guesses[key] = (same[0], "the same text is now at")
    for key in missing:
        if key in guesses:
            continue
        heading = _heading_followed_by_children(key, guesses, live)
        if heading:
            guesses[key] = (heading, "its paragraphs moved under")
            continue
        page, aid = key.split("#", 1)
        close = _closest(locked[page][aid].get("text", ""), live, cutoff=0.8)
        if close and close not in taken:
            guesses[key] = (close, "a very similar text is at")
    return guesses


def _heading_followed_by_children(
    key: str, guesses: dict[str, tuple[str, str]], live: dict[str, AnchoredBlock]
) -> str | None:
    """If every moved block under the old heading id now shares one new prefix, that prefix."""
    prefixes = set()
    for old, (new, _why) in guesses.items():
        if old.startswith(key + "-"):
            suffix = old[len(key) :]
            if not new.endswith(suffix):
                return None
            prefixes.add(new[: -len(suffix)])
    if len(prefixes) == 1:
        (prefix,) = prefixes
        if prefix in live and live[prefix].block.kind == "heading":
            return prefix
    return None


def _covering_heading(page: str, aid: str, live: dict[str, AnchoredBlock]) -> str | None:
    """The live heading on the same page whose id begins the missing id (its old section)."""
    headings = [
        key
        for key, a in live.items()
        if key.startswith(page + "#") and a.block.kind == "heading" and aid.startswith(key.split("#", 1)[1] + "-")
    ]
    return max(headings, key=len) if headings else None


def _closest(text: str, live: dict[str, AnchoredBlock], *, cutoff: float) -> str | None:
    by_text = {_excerpt(a.block.full_text): key for key, a in live.items()}
    best = difflib.get_close_matches(text, list(by_text), n=1, cutoff=cutoff)
    return by_text[best[0]] if best else None
