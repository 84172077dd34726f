"""Resolve the rulebook's ``page XX`` cross references through a committed map.

Every occurrence of ``page XX`` in rule text must be claimed by exactly one map entry
(matched by the words before it); the entry either links to a rule on this site or
marks the reference as outside these sections. Nothing is guessed: an unmapped
reference, an entry matching nothing, or a target id that does not exist fails the
build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from build_scripts.core.data_file import load_entries
from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, Inline, RuleRef, index_rules

__all__ = ["MARKER", "REFERENCE", "Resolution", "XrefEntry", "load_map", "resolve"]

#: The words the rulebook uses where a page number should be.
REFERENCE = "page XX"
#: What a reference to a rule outside these sections shows instead of ``page XX``.
MARKER = "not in these sections"


@dataclass(frozen=True)
class XrefEntry:
    """One line of the map: the words before a reference and where it goes."""

    context: str
    target: RuleRef | None = None
    unresolved: str | None = None
    #: Where the entry is in the map (``None`` for an entry made in code).
    source: Source | None = None


@dataclass(frozen=True)
class Resolution:
    """How one reference was resolved, for the build report."""

    page: str
    block_id: str
    context: str
    target: RuleRef | None
    label: str


def load_map(text: str, name: str) -> list[XrefEntry]:
    """Parse the reference map, checking each entry's shape.

    Raises:
        RulebookError: for bad TOML or an entry without exactly one of target/unresolved,
            naming the map's file and the entry's line.
    """
    entries = []
    for entry in load_entries(text, name, ("ref",))["ref"]:
        raw = entry.data
        context = str(raw.get("context", ""))
        if not context.endswith(REFERENCE):
            raise entry.error(f"the context must end with {REFERENCE!r}: {context!r}")
        if ("target" in raw) == ("unresolved" in raw):
            raise entry.error(f"the entry {context!r} needs exactly one of 'target' or 'unresolved'")
        try:
            target = RuleRef.parse(str(raw["target"])) if "target" in raw else None
        except ValueError as exc:
            raise entry.error(f"the entry {context!r}: {exc}") from None
        unresolved = str(raw["unresolved"]) if "unresolved" in raw else None
        entries.append(XrefEntry(context, target, unresolved, entry.source))
    return entries


def resolve(
    pages: dict[str, list[AnchoredBlock]],
    entries: list[XrefEntry],
    *,
    follow: Callable[[RuleRef], RuleRef] = lambda ref: ref,
    map_name: str = "xrefs.toml",
) -> tuple[dict[str, list[AnchoredBlock]], list[Resolution]]:
    """Replace each ``page XX`` with a link or an explicit "not in these sections" run.

    Args:
        pages: Page name → anchored blocks.
        entries: The reference map.
        follow: Where a target leads now (the anchors lock's aliases followed).
        map_name: The map's file name, for messages.

    Returns:
        The pages with ``xref`` runs in place (``href`` is the target), and one
        resolution per reference.
    """
    rules = index_rules(pages)
    entries = [replace(e, target=follow(e.target)) if e.target else e for e in entries]
    used = dict.fromkeys(entries, 0)
    report: list[Resolution] = []
    out: dict[str, list[AnchoredBlock]] = {}
    for page, items in pages.items():
        out[page] = []
        for anchored in items:
            block = anchored.block
            inlines, found = _resolve_runs(block.inlines, page, anchored, entries, rules, map_name)
            body, found_body = _resolve_runs(block.body, page, anchored, entries, rules, map_name)
            for entry, res in (*found, *found_body):
                used[entry] += 1
                report.append(res)
            out[page].append(replace(anchored, block=replace(block, inlines=inlines, body=body)))
    for entry, count in used.items():
        if count != 1:
            raise RulebookError(
                f"{'' if entry.source else map_name + ': '}the entry {entry.context!r} matched {count} references; "
                "it must match exactly one (give more words before 'page XX')",
                source=entry.source,
            )
    return out, report


def _resolve_runs(
    runs: tuple[Inline, ...],
    page: str,
    anchored: AnchoredBlock,
    entries: list[XrefEntry],
    rules: Mapping[RuleRef, AnchoredBlock],
    map_name: str,
) -> tuple[tuple[Inline, ...], list[tuple[XrefEntry, Resolution]]]:
    result: list[Inline] = []
    found: list[tuple[XrefEntry, Resolution]] = []
    before = ""
    for run in runs:
        if run.kind != "text" or run.tags or run.note or REFERENCE not in run.text:
            result.append(run)
            before += run.text
            continue
        rest = run.text
        while REFERENCE in rest:
            head, rest = rest.split(REFERENCE, 1)
            before += head + REFERENCE
            entry = _claim(before, entries, anchored, map_name)
            if head:
                result.append(Inline("text", head))
            xref, resolution = _xref(entry, page, anchored, rules)
            result.append(xref)
            found.append((entry, resolution))
        if rest:
            result.append(Inline("text", rest))
            before += rest
    return tuple(result), found


def _claim(before: str, entries: list[XrefEntry], anchored: AnchoredBlock, map_name: str) -> XrefEntry:
    matches = [e for e in entries if before.endswith(e.context)]
    if len(matches) != 1:
        tail = before[-60:]
        what = "no entry" if not matches else f"{len(matches)} entries"
        raise RulebookError(
            f"the reference '…{tail}' has {what} in {map_name}; add one with "
            f"context = the words before it and a target (page#id) or unresolved = what it is",
            source=anchored.block.source,
        )
    return matches[0]


def _xref(
    entry: XrefEntry,
    page: str,
    anchored: AnchoredBlock,
    rules: Mapping[RuleRef, AnchoredBlock],
) -> tuple[Inline, Resolution]:
    if entry.target is None:
        return Inline("xref", REFERENCE, href=None, label=MARKER, note=entry.unresolved), Resolution(
            page, anchored.id, entry.context, None, f"{entry.unresolved}: {MARKER}"
        )
    if entry.target not in rules:
        raise RulebookError(
            f"the target {str(entry.target)!r} of {entry.context!r} (used at {anchored.block.source}) "
            "is not a rule id in this build",
            source=entry.source or anchored.block.source,
        )
    label = rules[entry.target].label
    return Inline("xref", REFERENCE, href=entry.target, label=label), Resolution(
        page, anchored.id, entry.context, entry.target, label
    )
