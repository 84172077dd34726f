"""Keywords you can tap: the first use of a defined term in a rule block links to its definition.

The terms are data: ``build_scripts/maps/terms.toml`` maps each term, as the rule text spells
it, to the rule that defines it. The build checks the map, naming its file and line: a
rule id that does not exist, or a term the rule text never uses, fails the build. Terms
the rulebook defines outside these sections are listed there too, under ``outside``:
they are never linked (no dead links), and the build report lists them.

The rule text is never rewritten: a term's words stay as they are, wrapped in a link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from build_scripts.core.data_file import Entry, load_entries
from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, Inline, RuleRef, index_rules

__all__ = [
    "Outside",
    "Term",
    "TermMap",
    "apply_terms",
    "check_linked",
    "check_terms",
    "link_terms",
    "load_terms",
    "outside_uses",
    "terms_report",
    "words_of",
]


@dataclass(frozen=True)
class Term:
    """A term, the ways the rule text writes it, and the rule that defines it."""

    name: str
    spellings: tuple[str, ...]
    rule: RuleRef
    source: Source
    #: The words of the rule that say what the term is, where its first words do not (verbatim; "": its first words).
    says: str = ""


@dataclass(frozen=True)
class Outside:
    """A term the rulebook defines outside these sections: never linked."""

    name: str
    spellings: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class TermMap:
    """The checked term map, and one pattern that finds any spelling (longest first).

    Spellings of terms defined outside these sections are in the pattern too, so that
    "Difficult Terrain test" is read as itself (not linked) and not as "Difficult Terrain".
    """

    terms: tuple[Term, ...]
    outside: tuple[Outside, ...]
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)
    by_spelling: Mapping[str, Term | None] = field(init=False, repr=False, compare=False)

    def follow(self, where: Callable[[RuleRef], RuleRef]) -> TermMap:
        """The map with each term's rule followed to where it is now (the anchors lock's aliases)."""
        return TermMap(tuple(replace(t, rule=where(t.rule)) for t in self.terms), self.outside)

    def __post_init__(self) -> None:
        by_spelling: dict[str, Term | None] = {s: None for entry in self.outside for s in entry.spellings}
        by_spelling.update({spelling: term for term in self.terms for spelling in term.spellings})
        spellings = sorted(by_spelling, key=len, reverse=True)
        words = "|".join(re.escape(s) for s in spellings) or r"(?!)"
        object.__setattr__(self, "by_spelling", by_spelling)
        object.__setattr__(self, "pattern", re.compile(rf"(?<![\w'-])(?:{words})(?![\w-])"))


def load_terms(text: str, name: str) -> TermMap:
    """Parse the term map; every entry keeps the line it starts on, for messages.

    Raises:
        RulebookError: for bad TOML, or an entry without a name, spellings or (for a
            defined term) a ``page#id`` rule.
    """
    entries = load_entries(text, name, ("term", "outside"))
    terms = []
    for entry in entries["term"]:
        spellings = _spellings(entry)
        try:
            rule = RuleRef.parse(str(entry.data.get("rule", "")))
        except ValueError as exc:
            raise entry.error(str(exc)) from None
        says = entry.data.get("says", "")
        if not isinstance(says, str):
            raise entry.error(f"the entry {entry.data['term']!r} has says = something other than the rule's words")
        terms.append(Term(str(entry.data["term"]), spellings, rule, entry.source, " ".join(says.split())))
    outside = []
    for entry in entries["outside"]:
        spellings = _spellings(entry)  # refuses an entry without a name first
        outside.append(Outside(str(entry.data["term"]), spellings, entry.source))
    return TermMap(tuple(terms), tuple(outside))


def _spellings(entry: Entry) -> tuple[str, ...]:
    name = entry.data.get("term")
    spellings = entry.data.get("spellings", [name])
    if not isinstance(name, str) or not name:
        raise entry.error("the entry needs term = the term's name")
    if not isinstance(spellings, list) or not spellings or not all(isinstance(s, str) and s for s in spellings):
        raise entry.error(f"the entry {name!r} needs spellings = a list of the ways the rules write it")
    return tuple(spellings)


def check_terms(terms: TermMap, pages: Mapping[str, list[AnchoredBlock]]) -> None:
    """Every term's rule exists, and every term (defined or outside) is used by the rule text.

    Raises:
        RulebookError: naming the map's file and the entry's line.
    """
    rules = index_rules(pages)
    text = "\n".join(a.block.full_text for items in pages.values() for a in items)
    for term in terms.terms:
        if term.rule not in rules:
            raise RulebookError(
                f"the term {term.name!r} links to {str(term.rule)!r}, which is no rule", source=term.source
            )
    for term in terms.terms:
        if term.says and term.says not in words_of(rules[term.rule]):
            raise RulebookError(
                f"the term {term.name!r} says {term.says!r}, which are not the words of {str(term.rule)!r}; "
                "quote the rule exactly",
                source=term.source,
            )
    entries: list[Term | Outside] = [*terms.terms, *terms.outside]
    for entry in entries:
        if not any(_occurs(spelling, text) for spelling in entry.spellings):
            raise RulebookError(
                f"the term {entry.name!r} never occurs in the rule text as {', '.join(map(repr, entry.spellings))}; "
                "correct its spellings or remove it",
                source=entry.source,
            )


def check_linked(terms: TermMap, linked: Mapping[str, int]) -> None:
    """Every defined term is used somewhere besides its own definition (else the entry links nothing).

    Raises:
        RulebookError: naming the map's file and the entry's line.
    """
    for term in terms.terms:
        if not linked.get(term.name):
            raise RulebookError(
                f"the term {term.name!r} is used only in the rule that defines it, so it links nothing; remove it",
                source=term.source,
            )


def words_of(block: AnchoredBlock) -> str:
    """A block's words on one line (each run of white space one space): what ``says`` quotes."""
    return " ".join(block.block.full_text.split())


def _occurs(spelling: str, text: str) -> bool:
    return re.search(rf"(?<![\w'-]){re.escape(spelling)}(?![\w-])", text) is not None


def link_terms(runs: tuple[Inline, ...], terms: TermMap, *, here: RuleRef, seen: set[str]) -> tuple[Inline, ...]:
    """Wrap the first use in a block of each defined term (not the block that defines it).

    Args:
        runs: A block's runs; only plain text runs are searched (a bold chart-row name,
            or a cross reference, stays as it is).
        terms: The term map.
        here: The block's own reference (a definition never links to itself).
        seen: The terms already linked in this block; updated.

    Returns:
        The runs, with ``term`` runs whose ``text`` is the words as written and whose
        ``href`` is the defining rule.
    """
    out: list[Inline] = []
    for run in runs:
        if run.kind != "text" or run.tags or run.note:
            out.append(run)
            continue
        at = 0
        for found in terms.pattern.finditer(run.text):
            term = terms.by_spelling[found.group(0)]
            if term is None or term.name in seen or term.rule == here:
                continue
            seen.add(term.name)
            if found.start() > at:
                out.append(Inline("text", run.text[at : found.start()]))
            out.append(Inline("term", found.group(0), href=term.rule, label=term.name))
            at = found.end()
        if at < len(run.text):
            out.append(Inline("text", run.text[at:]))  # a text run is its words alone
    return tuple(out)


def apply_terms(
    pages: Mapping[str, list[AnchoredBlock]], terms: TermMap
) -> tuple[dict[str, list[AnchoredBlock]], dict[str, int]]:
    """Link the first use of each term in every block of every page.

    Returns:
        The pages with ``term`` runs in place, and how often each term was linked.
    """
    linked: dict[str, int] = {}
    out: dict[str, list[AnchoredBlock]] = {}
    for page, items in pages.items():
        out[page] = []
        for item in items:
            if item.block.kind == "heading":
                out[page].append(item)
                continue
            seen: set[str] = set()
            here = RuleRef(page, item.id)
            inlines = link_terms(item.block.inlines, terms, here=here, seen=seen)
            body = link_terms(item.block.body, terms, here=here, seen=seen)
            for name in seen:
                linked[name] = linked.get(name, 0) + 1
            out[page].append(replace(item, block=replace(item.block, inlines=inlines, body=body)))
    return out, linked


def outside_uses(terms: TermMap, pages: Mapping[str, list[AnchoredBlock]]) -> list[tuple[str, int]]:
    """Each term defined outside these sections, and how often the rule text uses it."""
    text = "\n".join(a.block.full_text for items in pages.values() for a in items)
    return [
        (entry.name, sum(len(re.findall(rf"(?<![\w'-]){re.escape(s)}(?![\w-])", text)) for s in entry.spellings))
        for entry in terms.outside
    ]


def terms_report(terms: TermMap, linked: Mapping[str, int], unlinked: Iterable[tuple[str, int]]) -> str:
    """A Markdown report: each term, its definition and how often it was linked; terms left unlinked."""
    lines = [
        "# Terms",
        "",
        (
            f"{len(terms.terms)} defined terms, {sum(linked.values())} links; "
            f"{len(terms.outside)} terms defined outside these sections, never linked."
        ),
        "",
        "| term | defined at | links |",
        "| --- | --- | ---: |",
    ]
    lines += [f"| {t.name} | `{t.rule}` | {linked.get(t.name, 0)} |" for t in terms.terms]
    lines += ["", "## Defined outside these sections (not linked)", ""]
    lines += ["| term | uses in the rule text |", "| --- | ---: |"]
    lines += [f"| {name} | {count} |" for name, count in unlinked]
    return "\n".join(lines) + "\n"
