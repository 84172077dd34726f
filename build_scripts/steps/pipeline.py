"""The whole rulebook build as one pure function: exports in, Markdown pages out.

parse → merge → assign ids (checked against the lock) → resolve references → render.
The MkDocs plugin reads the files and hands their bytes here; nothing here touches
MkDocs or the disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from markupsafe import Markup

from build_scripts.cards.reading_cards import reading_cards
from build_scripts.cards.rule_cards import Card, cards_for, page_versions, page_words
from build_scripts.cards.rule_history import HISTORY_NAME, HistoryCheck, RuleHistory
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules, page_url
from build_scripts.core.templates import environment
from build_scripts.pages.calculator_forms import Placement, render_form
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
from build_scripts.rulebook.terms import (
    TermMap,
    apply_terms,
    check_linked,
    check_terms,
    definitions,
    outside_uses,
    terms_report,
)
from build_scripts.rulebook.xrefs import Resolution, load_map, resolve
from calculators.registry import get

__all__ = ["BuildResult", "PageSpec", "Shortcut", "build_rulebook", "page_url"]


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


@dataclass
class BuildResult:
    """The pages' Markdown and everything the build learnt on the way."""

    #: Rulebook page name → its Markdown.
    markdown: dict[str, str]
    anchored: dict[str, list[AnchoredBlock]]
    lock: LockCheck
    references: list[Resolution]
    #: The Calculators page (every calculator, linked), when any calculator is placed.
    calculators_page: str | None = None
    #: Page name → table-of-contents entries for its chart and calculators.
    shortcuts: dict[str, list[Shortcut]] = field(default_factory=dict)
    #: The terms report (Markdown): each term linked, and those left unlinked.
    terms_report: str = ""
    #: The rules' words checked against their history (write it when updated).
    history: HistoryCheck = field(default_factory=lambda: HistoryCheck(RuleHistory()))
    #: Every rule card (each rule, and each old id the lock aliases).
    cards: list[Card] = field(default_factory=list)
    #: The table page's Markdown, when the build has a table.
    table_page: str | None = None
    #: The page "Where the rules are silent", when the site has one.
    readings_page: str | None = None


def build_rulebook(
    exports: list[tuple[str, bytes]],
    pages: list[PageSpec],
    *,
    lock: AnchorLock,
    xref_map: str,
    frozen: bool,
    placements: list[Placement] | None = None,
    runtime: Mapping[str, str] | None = None,
    terms: TermMap | None = None,
    history: RuleHistory | None = None,
    today: str = "",
    lock_name: str = "anchors.lock.json",
    map_name: str = "xrefs.toml",
    history_name: str = HISTORY_NAME,
    table: TableSpec | None = None,
    table_name: str = TABLE_NAME,
    table_page: str = "table",
    readings_page: str | None = None,
    synced: bool = False,
    wiki_index: str = "",
) -> BuildResult:
    """Build every rulebook page.

    Args:
        exports: ``(file name, bytes)`` of each section export, in merge order.
        pages: The pages and the sections they show.
        lock: The anchors lock.
        xref_map: The reference map's TOML text.
        frozen: Fail when the lock does not already list every id (CI).
        placements: Calculators to place after rules.
        runtime: The browser runtime's identity, for the calculators' sections.
        terms: Terms to link to their definitions (checked against the rule text).
        history: The history of the rules' words (``rules.history.jsonl``); checked with
            ``frozen`` as the lock is, and a new version is dated ``today``.
        today: The build's date, ``YYYY-MM-DD``.
        lock_name: The lock's file name, for messages.
        map_name: The reference map's file name, for messages.
        history_name: The history's file name, for messages.
        table: The table's kinds and questions (``table.toml``): checked against the
            rules (every sentence that asks the players to agree must be covered), and
            drawn as the page ``table_page``; its questions mark the rules they answer.
        table_name: The table file's name, for messages.
        table_page: The table page's name (its URL).
        readings_page: The name of the page "Where the rules are silent" (its URL): every
            reading the calculators declare is checked against the rules and listed there,
            and the rules they concern get a marker linking to it.
        synced: The sources are whole wiki pages from ``make sync`` (no page banner).
        wiki_index: The wiki's ``index.php``, for links to the edits that changed a rule.

    Returns:
        The build result; the caller writes ``result.lock.lock`` when it changed.

    Raises:
        RulebookError: for any problem in the source or the maps, naming where.
    """
    sections = read_book(exports, pages, banner=not synced)

    anchored = {name: assign_ids(section) for name, section in sections.items()}
    lock_result = lock.check(anchored, frozen=frozen, name=lock_name)
    anchored, references = resolve(anchored, load_map(xref_map, map_name), follow=lock.follow, map_name=map_name)
    terms = (terms or TermMap((), ())).follow(lock.follow)
    check_terms(terms, anchored)
    unlinked = outside_uses(terms, anchored)
    anchored, linked = apply_terms(anchored, terms)
    check_linked(terms, linked)
    meaning = definitions(terms, anchored, place)
    words = {RuleRef(page, item.id): page_words(item) for page, items in anchored.items() for item in items}
    history_result = (history or RuleHistory()).record(words, today=today, frozen=frozen, name=history_name)
    known = history_result.history

    after = _calculator_html(anchored, placements or [], runtime or {})
    urls = {spec.name: page_url(spec.name) for spec in pages}
    if table is not None:
        table = (with_readings(table) if readings_page is not None else table).follow(lock.follow)
        check_rules(table, anchored)
        check_coverage(table, anchored, table_name=table_name)
    # The pages whose calculators read the table: a piece fills them in, or a reading is chosen there.
    fed = {
        p.page
        for p in placements or []
        if table is not None
        and (p.calculator in {f.calculator for f in table.feeds} or (readings_page and get(p.calculator).readings))
    }
    if readings_page is not None:
        check_readings(anchored, lock.follow)
        urls[readings_page] = page_url(readings_page)
    markdown = {}
    for spec in pages:
        items = anchored[spec.name]
        markdown[spec.name] = render_page(
            title=sections[spec.name].title,
            items=items,
            sources=sorted({a.block.source.file for a in items}),
            page_url=urls[spec.name],
            page_urls=urls,
            aliases=lock_result.moved.get(spec.name),
            definitions={name: meaning[name] for name in _terms_used(items)},
            after=after.get(spec.name),
            versions=page_versions(spec.name, items, known, urls[spec.name], wiki_index),
            marks=page_marks(table, spec.name, urls, table_page) if table else None,
            table=table_data(table, linker(urls, urls[spec.name])) if table and spec.name in fed else None,
            readings=reading_marks(spec.name, urls, readings_page, lock.follow) if readings_page else None,
        )
    overview = render_calculators_page(placements, anchored) if placements else None
    shortcuts = {name: _shortcuts(name, items, placements or []) for name, items in anchored.items()}
    report = terms_report(terms, linked, unlinked)
    cards = cards_for(words, lock_result.lock, known)
    cards += reading_cards(readings_page) if readings_page is not None else []
    drawn_table = render_table_page(table, anchored, urls, page_url(table_page), place) if table else None
    silent = None
    if readings_page is not None:
        here = page_url(readings_page)
        links = calculator_links([(p.calculator, RuleRef(p.page, p.instance_id)) for p in placements or []], urls, here)
        silent = render_readings_page(anchored, urls, here, place, links, lock.follow)
    parts = (overview, shortcuts, report, history_result, cards, drawn_table, silent)
    return BuildResult(markdown, anchored, lock_result, references, *parts)


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


def render_calculators_page(placements: list[Placement], anchored: dict[str, list[AnchoredBlock]]) -> str:
    """The Calculators page: every calculator, with links to it and to its rule."""
    rules = index_rules(anchored)
    items = [{"place": p, "title": p.title, "rule_label": rules[p.after].label} for p in placements]
    # Markdown output; titles and intros come from the committed placement map.
    return environment(html=False).get_template("calculators.md.j2").render(items=items)
