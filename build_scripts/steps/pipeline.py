"""The whole rulebook build as one pure function: exports in, Markdown pages out.

parse → merge → assign ids (checked against the lock) → resolve references → render.
The MkDocs plugin reads the files and hands their bytes here; nothing here touches
MkDocs or the disk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from build_scripts.cards.reading_cards import reading_cards
from build_scripts.cards.rule_cards import Card, as_of_span, cards_for, last_change, page_versions, page_words
from build_scripts.cards.rule_history import HISTORY_NAME, HistoryCheck, RuleHistory, renamed_from
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import AnchoredBlock, LastChange, RuleRef, page_url
from build_scripts.finish.search.question_words import QuestionWords, check_question_words, question_words_report
from build_scripts.pages.calculator_forms import Placement, render_form
from build_scripts.pages.calculators_page import render_calculators_page
from build_scripts.pages.page_kinds import CalculatorsPage, ReadingsPage, TablePage
from build_scripts.pages.readings_page import (
    calculator_links,
    check_readings,
    reading_marks,
    render_readings_page,
    with_readings,
)
from build_scripts.pages.render import CHART_TITLE, place, render_page
from build_scripts.pages.table_coverage import check_coverage, check_rules
from build_scripts.pages.table_page import linker, page_marks, render_table_page, table_data
from build_scripts.pages.table_spec import TABLE_NAME, TableSpec
from build_scripts.rulebook.anchor_lock import AnchorLock, LockCheck
from build_scripts.rulebook.book import PageSpec, read_book
from build_scripts.rulebook.ids import assign_ids
from build_scripts.rulebook.term_definitions import definitions
from build_scripts.rulebook.terms import (
    TermMap,
    apply_terms,
    check_linked,
    check_terms,
    outside_uses,
    terms_report,
)
from build_scripts.rulebook.wikilinks import WikiLinks, resolve_links
from build_scripts.rulebook.xrefs import Resolution, load_map, resolve
from calculators.registry import get

__all__ = ["BuildResult", "FileNames", "PageSpec", "RulebookInputs", "Shortcut", "build_rulebook", "page_url"]


@dataclass(frozen=True)
class Shortcut:
    """A table-of-contents entry for something on a page that is not a heading.

    The damage chart and each calculator get one, under the heading they sit below and
    before that heading's next sub-heading (``before``), so a long page can be crossed
    in one tap.
    """

    title: str
    target: str
    parent: str
    before: str | None


@dataclass(frozen=True)
class FileNames:
    """The names of the files the inputs were read from, for the build's messages."""

    lock: str = "anchors.lock.json"
    xref_map: str = "xrefs.toml"
    history: str = HISTORY_NAME
    table: str = TABLE_NAME


@dataclass(frozen=True, kw_only=True)
class RulebookInputs:
    """Everything stages 1-3 read, as plain values: the steps read the files, nothing here reads the disk."""

    sources: Sequence[tuple[str, bytes]]
    """``(file name, bytes)`` of each source, in merge order."""
    pages: Sequence[PageSpec]
    """The rulebook pages and the sections they show."""
    lock: AnchorLock
    xref_map: str
    """The reference map's TOML text."""
    frozen: bool
    """Fail when the lock or the history does not already describe the build (CI)."""
    synced: bool = False
    """The sources are whole wiki pages from ``make sync`` (no page banner)."""
    wiki_index: str = ""
    """The wiki's ``index.php``, for links to the edits that changed a rule."""
    wiki_links: WikiLinks = field(default_factory=WikiLinks)
    """The rulebook's page titles on the wiki and the pages it lacks, for its links."""
    wiki_revisions: Sequence[int] = ()
    """The ids of the synced wiki revisions (``revisions.jsonl``): what ``?as-of=`` may name."""
    placements: Sequence[Placement] = ()
    """Calculators to place after rules."""
    runtime: Mapping[str, str] = field(default_factory=dict)
    """The browser runtime's identity, for the calculators' sections."""
    terms: TermMap = field(default_factory=lambda: TermMap((), ()))
    """Terms to link to their definitions (checked against the rule text)."""
    question_words: QuestionWords = field(default_factory=QuestionWords)
    """The search's stop words and the book's words for the game's words (checked against the rules)."""
    history: RuleHistory = field(default_factory=RuleHistory)
    """The history of the rules' words, checked with ``frozen`` as the lock is."""
    today: str = ""
    """The build's date, ``YYYY-MM-DD``: a new version of a rule's words is dated so."""
    table: TableSpec | None = None
    """The table's kinds and questions: checked against the rules (every sentence that asks
    the players to agree must be covered), drawn as ``table_page``; its questions mark the
    rules they answer."""
    table_page: str = "table"
    """The table page's name (its URL)."""
    readings_page: str | None = None
    """The name of the page "Where the rules are silent": every reading the calculators
    declare is checked against the rules and listed there, and the rules they concern get a
    marker linking to it."""
    names: FileNames = FileNames()


@dataclass(frozen=True, kw_only=True)
class BuildResult:
    """The pages' Markdown and everything the build learnt on the way."""

    markdown: dict[str, str]
    """Rulebook page name → its Markdown."""
    last_changes: dict[str, LastChange]
    """Rulebook page name → when its words last changed (its printed foot, the PDF's title page)."""
    tables: dict[str, Any]
    """Rulebook page name → the table's data its calculators read (only pages the table feeds)."""
    anchored: dict[str, list[AnchoredBlock]]
    lock: LockCheck
    """The ids checked against the lock (the caller writes ``lock.lock`` when it changed)."""
    references: list[Resolution]
    history: HistoryCheck
    """The rules' words checked against their history (write it when updated)."""
    cards: list[Card]
    """Every rule card (each rule, and each old id the lock aliases)."""
    shortcuts: dict[str, list[Shortcut]]
    """Page name → table-of-contents entries for its chart and calculators."""
    terms_report: str
    """The terms report (Markdown): each term linked, and those left unlinked."""
    question_words: QuestionWords
    """The search's words for questions, checked against the rules (the finish stage writes them)."""
    question_words_report: str
    """Their report (Markdown): each game word, its book words and how many rules use each."""
    calculators_page: CalculatorsPage | None
    """The Calculators page, when any calculator is placed."""
    table_page: TablePage | None
    """The table page, when the build has a table."""
    readings_page: ReadingsPage | None
    """The page "Where the rules are silent", when the site has one."""


def build_rulebook(inputs: RulebookInputs) -> BuildResult:
    """Build every rulebook page, and the pages made from the rules (calculators, table, readings).

    Raises:
        RulebookError: for any problem in the source or the maps, naming where.
    """
    names, lock, placements = inputs.names, inputs.lock, list(inputs.placements)
    sections = read_book(inputs.sources, inputs.pages, banner=not inputs.synced)

    anchored = {name: assign_ids(section) for name, section in sections.items()}
    lock_result = lock.check(anchored, frozen=inputs.frozen, name=names.lock)
    xrefs = load_map(inputs.xref_map, names.xref_map)
    anchored, references = resolve(anchored, xrefs, follow=lock.follow, map_name=names.xref_map)
    anchored = resolve_links(anchored, inputs.wiki_links)
    terms = inputs.terms.follow(lock.follow)
    check_terms(terms, anchored)
    unlinked = outside_uses(terms, anchored)
    anchored, linked = apply_terms(anchored, terms)
    check_linked(terms, linked)
    book_words = check_question_words(inputs.question_words, anchored)
    meaning = definitions(terms, anchored, place)
    words = {RuleRef(page, item.id): page_words(item) for page, items in anchored.items() for item in items}
    history_result = inputs.history.record(words, today=inputs.today, frozen=inputs.frozen, name=names.history)
    known = history_result.history

    after = _calculator_html(anchored, placements, inputs.runtime)
    urls = {spec.name: page_url(spec.name) for spec in inputs.pages}
    readings_page = inputs.readings_page
    table = inputs.table
    if table is not None:
        table = (with_readings(table) if readings_page is not None else table).follow(lock.follow)
        check_rules(table, anchored)
        check_coverage(table, anchored, table_name=names.table)
    # The pages whose calculators read the table: a piece fills them in, or a reading is chosen there.
    fed = {
        p.page
        for p in placements
        if table is not None
        and (p.calculator in {f.calculator for f in table.feeds} or (readings_page and get(p.calculator).readings))
    }
    if readings_page is not None:
        check_readings(anchored, lock.follow)
        urls[readings_page] = page_url(readings_page)
    markdown = {}
    span = as_of_span(known, inputs.wiki_revisions)
    old_ids = renamed_from(lock_result.lock.resolved)
    last_changes: dict[str, LastChange] = {}
    tables: dict[str, Any] = {}
    for spec in inputs.pages:
        items = anchored[spec.name]
        versions = page_versions(spec.name, items, known, urls[spec.name], inputs.wiki_index, span, old_ids)
        last_changes[spec.name] = last_change(versions["asof"]["rules"])
        if table and spec.name in fed:
            tables[spec.name] = table_data(table, linker(urls, urls[spec.name]))
        markdown[spec.name] = render_page(
            title=sections[spec.name].title,
            items=items,
            sources=sorted({a.block.source.file for a in items}),
            page_url=urls[spec.name],
            page_urls=urls,
            aliases=lock_result.moved.get(spec.name),
            definitions={name: meaning[name] for name in _terms_used(items)},
            after=after.get(spec.name),
            versions=versions,
            marks=page_marks(table, spec.name, urls, inputs.table_page) if table else None,
            table=tables.get(spec.name),
            readings=reading_marks(spec.name, urls, readings_page, lock.follow) if readings_page else None,
            calculators=_calculators_on(items, [p for p in placements if p.page == spec.name]),
        )
    cards = cards_for(words, lock_result.lock, known)
    cards += reading_cards(readings_page) if readings_page is not None else []
    silent = None
    if readings_page is not None:
        here = page_url(readings_page)
        links = calculator_links([(p.calculator, RuleRef(p.page, p.instance_id)) for p in placements], urls, here)
        silent = render_readings_page(anchored, urls, here, place, links, lock.follow)
    return BuildResult(
        markdown=markdown,
        last_changes=last_changes,
        tables=tables,
        anchored=anchored,
        lock=lock_result,
        references=references,
        history=history_result,
        cards=cards,
        shortcuts={name: _shortcuts(name, items, placements) for name, items in anchored.items()},
        terms_report=terms_report(terms, linked, unlinked),
        question_words=inputs.question_words,
        question_words_report=question_words_report(inputs.question_words, book_words),
        calculators_page=render_calculators_page(placements, anchored) if placements else None,
        table_page=render_table_page(table, anchored, urls, page_url(inputs.table_page), place) if table else None,
        readings_page=silent,
    )


def _calculators_on(items: list[AnchoredBlock], placements: list[Placement]) -> list[tuple[str, str]]:
    """A page's calculators as (title, element id), in the order they appear on it."""
    order = {item.id: n for n, item in enumerate(items)}
    return [(p.title, p.instance_id) for p in sorted(placements, key=lambda p: order.get(p.rule_id, 0))]


def _terms_used(items: list[AnchoredBlock]) -> set[str]:
    return {
        run.label
        for item in items
        for run in (*item.block.inlines, *item.block.body)
        if run.kind == "term" and run.label
    }


def _shortcuts(page: str, items: list[AnchoredBlock], placements: list[Placement]) -> list[Shortcut]:
    """The chart and each calculator placed on the page, each under the nearest heading above it."""
    out: list[Shortcut] = []
    parent = ""
    for n, item in enumerate(items):
        if item.block.kind == "heading":
            parent = item.id
            continue
        found = []
        if item.block.kind == "chart_row" and (n == 0 or items[n - 1].block.kind != "chart_row"):
            found.append((CHART_TITLE, item.id))
        found += [(p.title, p.instance_id) for p in placements if p.after == RuleRef(page, item.id)]
        if found:
            before = next((a.id for a in items[n + 1 :] if a.block.kind == "heading"), None)
            out += [Shortcut(title, target, parent, before) for title, target in found]
    return out


def _calculator_html(
    anchored: dict[str, list[AnchoredBlock]], placements: list[Placement], runtime: Mapping[str, str]
) -> dict[str, dict[str, Markup]]:
    """Page → rule id → the calculators' HTML to place after that rule."""
    out: dict[str, dict[str, Markup]] = {}
    for spot in placements:
        block = next((a for a in anchored.get(spot.page, []) if a.id == spot.rule_id), None)
        if block is None:
            raise RulebookError(f"calculator {spot.instance_id} is placed after {spot.after!r}, which is no rule id")
        html = render_form(spot, get(spot.calculator), heading_level=block.depth + 2, runtime=runtime)
        page = out.setdefault(spot.page, {})
        page[spot.rule_id] = page.get(spot.rule_id, Markup("")) + html
    return out
