"""Stages 1-3 as one step any generator can stand behind: every page of the site, made.

The site's plan comes first (:mod:`build_scripts.steps.plan`); then

* :func:`make_pages`: the rulebook read (from the exports or the wiki's sync) and every
  page made as Markdown (the rulebook's, the calculators', the table, the readings, the
  changes and their feed, the offline page); the lock, the rules' history and the reports
  written.
* :meth:`MadePages.finish_state`: what stage 4 needs (``build/stages/finish.json``).

The MkDocs plugin calls these from its hooks; ``make pages`` (:mod:`build_scripts.steps.pages_command`)
calls them with no generator at all. Nothing here imports one.
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from build_scripts.api.files import ApiBook, api_files
from build_scripts.cards.rule_cards import as_of_span
from build_scripts.cards.rule_history import RuleHistory, today
from build_scripts.changes.entries import Entry, changes
from build_scripts.changes.feed import LATEST, atom_feed
from build_scripts.changes.pages import FEED, OLDER_GLOB, changes_pages
from build_scripts.core.errors import RulebookError
from build_scripts.finish.print.parts import PrintPart, print_parts
from build_scripts.finish.search.question_words import load_question_words
from build_scripts.finish.stage import FinishOptions, FinishState, PagesState, RulebookPage, SiteState
from build_scripts.pages.calculator_forms import Placement, load_placements
from build_scripts.pages.not_found import render_not_found
from build_scripts.pages.offline_page import OFFLINE_PAGE, render_offline_page
from build_scripts.pages.report import reference_report
from build_scripts.pages.table_file import load_table
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.terms import load_terms
from build_scripts.rulebook.wiki_files import SITE_FOLDER
from build_scripts.rulebook.wikilinks import WikiLinks
from build_scripts.runtime.assets import Runtime, prepare_runtime
from build_scripts.settings.options import PageOption, Project
from build_scripts.settings.wiki import read_wiki
from build_scripts.steps.pipeline import BuildResult, FileNames, PageSpec, RulebookInputs, build_rulebook, page_url
from build_scripts.steps.plan import SitePlan
from build_scripts.sync.source import RulebookSource, rulebook_source

__all__ = ["MadePages", "make_pages"]


@dataclass(frozen=True)
class MadePages:
    """Every page the build makes, as Markdown, and what stage 4 needs from making them."""

    pages: dict[str, str]
    """Each generated page's Markdown by its file in the docs (``buildings.md``), in the navigation's order."""
    hidden: frozenset[str]
    """The generated pages the navigation does not list (the offline page, the older changes)."""
    files: dict[str, str | bytes]
    """The generated files that are not pages, by their path from the site root (the changes'
    feed, the rules as data)."""
    result: BuildResult
    runtime: Runtime
    placements: list[Placement]

    def print_parts(self, project: Project) -> list[PrintPart]:
        """The printed book's parts (none when the ``print_book`` option is off)."""
        options = project.options
        if not options.print_book:
            return []
        return print_parts((page_url(p.name), p.group) for p in options.pages if p.kind == "rulebook")

    def finish_state(self, project: Project, plan: SitePlan) -> FinishState:
        """What stage 4 needs from this build: ``build/stages/finish.json``."""
        options, site = project.options, project.site
        root = urllib.parse.urlsplit(site.url).path or "/"
        places: dict[str, list[dict[str, Any]]] = {}
        for place in self.placements:
            places.setdefault(place.calculator, []).append(place.manifest_entry(page_url(place.page)))
        return FinishState(
            site=SiteState(url=site.url, root=root, name=site.name, build_id=plan.build_id),
            options=FinishOptions(
                pyodide_dir=options.pyodide_dir,
                calculators_dir=options.calculators_dir,
                cache_dir=options.cache_dir,
                service_worker=options.service_worker,
                precompress=options.precompress,
                host_headers=options.host_headers,
                card_images=options.card_images,
            ),
            pages=PagesState(
                modules=plan.modules,
                calculator_pages=sorted({page_url(place.page) for place in self.placements}),
                places=places,
                book_pages=[
                    *(page_url(p.name) for p in options.pages if _tier(p) == "book"),
                    *([f"{SITE_FOLDER}/"] if any(f.startswith(f"{SITE_FOLDER}/") for f in self.files) else []),
                ],
                unkept=[OLDER_GLOB.format(name=p.name) for p in options.pages if p.kind == "changes"],
                feed=FEED if FEED in self.files else "",
                calculators_page=next((page_url(p.name) for p in options.pages if p.kind == "calculators"), ""),
                not_found=render_not_found(options.pages, root),
                question_words=self.result.question_words.as_data(),
                rulebook={
                    page_url(name): RulebookPage(last_change, self.result.tables.get(name))
                    for name, last_change in self.result.last_changes.items()
                },
            ),
            print_parts=self.print_parts(project),
            cards=self.result.cards if options.cards else [],
        )


def _tier(page: PageOption) -> str:
    """When a phone keeps the page: ``core`` on the first visit, ``book`` with the whole book."""
    return page.offline or ("book" if page.group else "core")


def make_pages(project: Project, log: Callable[[str], None]) -> MadePages:
    """Build every page from the rulebook and the data files; record new ids and words.

    ``log`` gets a line for each file written that is to be committed, and for each report.

    Raises:
        RulebookError: ``rulebook: …`` naming the file and line of bad input, or ``calculators: …``
            when the runtime cannot be prepared (a broken source file is always named first).
    """
    options = project.options
    runtime: Runtime | None = None
    runtime_error: RulebookError | None = None
    try:
        runtime = prepare_runtime(
            pyodide_dir=project.path(options.pyodide_dir),
            package_dir=project.path(options.calculators_dir),
            cache_dir=project.path(options.cache_dir),
        )
    except RulebookError as exc:
        runtime_error = exc
    try:
        placements, result, source = _build(project, runtime)
    except (RulebookError, OSError) as exc:
        raise RulebookError(f"rulebook: {exc}") from None
    if runtime is None:
        raise RulebookError(f"calculators: {runtime_error}")
    _write_lock_and_reports(project, result, log)
    pages = {f"{name}.md": markdown for name, markdown in result.markdown.items()}
    made = {"calculators": result.calculators_page, "table": result.table_page, "readings": result.readings_page}
    for page in options.pages:
        markdown = made.get(page.kind)
        if page.kind == "calculators" and markdown is None:
            raise RulebookError(f"rulebook: page {page.name!r} lists the calculators, but none is placed")
        if markdown is not None:
            pages[f"{page.name}.md"] = markdown
    hidden = set()
    if options.service_worker:  # reached only through the service worker's redirect
        pages[f"{OFFLINE_PAGE}.md"] = render_offline_page()
        hidden.add(f"{OFFLINE_PAGE}.md")
    order = {p.name: n for n, p in enumerate(options.pages)}
    entries = changes(result.history.history, source.revisions, result.lock.lock.resolved, order)
    files: dict[str, str | bytes] = dict(_changes(project, entries, source, pages, hidden))
    files |= {kept.path: source.images[name] for name, kept in source.kept_images.items()}
    if options.api:
        files |= api_files(_api_book(project, result, source, entries), rule_files=options.api_rule_files)
    return MadePages(pages, frozenset(hidden), files, result, runtime, placements)


def _api_book(project: Project, result: BuildResult, source: RulebookSource, entries: list[Entry]) -> ApiBook:
    """What the rules as data (``api/v1/``) are made from."""
    options, site = project.options, project.site
    changes_page = next((p.name for p in options.pages if p.kind == "changes"), "changes")
    return ApiBook(
        anchored=result.anchored,
        sections=dict(options.rulebook_sections),
        titles={p.name: p.title for p in options.pages},
        cards=result.cards,
        history=result.history.history,
        aliases=result.lock.lock.resolved,
        entries=entries,
        changes_page=changes_page,
        latest=LATEST,
        span=as_of_span(result.history.history, [r.rev for r in source.revisions]),
        site_name=site.name,
        site_url=site.url,
        wiki_index=source.wiki_index,
        date=today(os.environ),
    )


def _changes(
    project: Project, entries: list[Entry], source: RulebookSource, pages: dict[str, str], hidden: set[str]
) -> dict[str, str]:
    """The Changes page and its older pages (added to ``pages``) and the feed (returned), if the site has one."""
    options = project.options
    page = next((p for p in options.pages if p.kind == "changes"), None)
    if page is None:
        return {}
    for made in changes_pages(
        entries, name=page.name, title=page.title, wiki_index=source.wiki_index, synced=source.synced
    ):
        pages[made.file] = made.markdown
        if made.file != f"{page.name}.md":
            hidden.add(made.file)
    site = project.site
    feed = atom_feed(entries, site_name=site.name, site_url=site.url, changes=page.name, wiki_index=source.wiki_index)
    return {FEED: feed}


def _build(project: Project, runtime: Runtime | None) -> tuple[list[Placement], BuildResult, RulebookSource]:
    """Read the exports and the data files, and build every rulebook page from them."""
    options = project.options
    lock_path = project.path(options.anchors_lock)
    map_path = project.path(options.xref_map)
    places_path = project.path(options.placements)
    terms_path = project.path(options.terms)
    words_path = project.path(options.question_words)
    history_path = project.path(options.rule_history)
    table_path = project.path(options.table)
    table_page = next((p.name for p in options.pages if p.kind == "table"), None)
    readings_page = next((p.name for p in options.pages if p.kind == "readings"), None)
    placements = load_placements(places_path.read_text("utf-8"), places_path.name)
    lock = AnchorLock.loads(lock_path.read_text("utf-8"), lock_path.name) if lock_path.exists() else AnchorLock()
    history = RuleHistory()
    if history_path.exists():
        history = RuleHistory.loads(history_path.read_text("utf-8"), history_path.name)
    source = rulebook_source(project.path(options.source_dir), options.exports, read_wiki(project))
    inputs = RulebookInputs(
        sources=source.files,
        pages=[PageSpec(name, section) for name, section in options.rulebook_sections],
        lock=lock,
        xref_map=map_path.read_text("utf-8"),
        frozen=options.frozen_anchors,
        synced=source.synced,
        wiki_index=source.wiki_index,
        wiki_links=WikiLinks(
            source.wiki_titles, source.wiki_index, source.wiki_missing, source.kept_images, source.synced
        ),
        wiki_revisions=[r.rev for r in source.revisions],
        placements=placements,
        runtime=runtime.identity() if runtime else {},
        terms=load_terms(terms_path.read_text("utf-8"), terms_path.name),
        question_words=load_question_words(words_path.read_text("utf-8"), words_path.name),
        history=history,
        today=today(os.environ),
        table=load_table(table_path.read_text("utf-8"), table_path.name) if table_page else None,
        table_page=table_page or "table",
        readings_page=readings_page,
        names=FileNames(lock=lock_path.name, xref_map=map_path.name, history=history_path.name, table=table_path.name),
    )
    result = build_rulebook(inputs)
    return placements, result, source


def _write_lock_and_reports(project: Project, result: BuildResult, log: Callable[[str], None]) -> None:
    """Record new rule ids in the lock (never when frozen: the build failed then) and write the reports."""
    options = project.options
    lock_path = project.path(options.anchors_lock)
    if result.lock.is_updated:
        lock_path.write_text(result.lock.lock.dumps(), "utf-8")
        added, changed = len(result.lock.added), len(result.lock.changed)
        log(f"rulebook: {lock_path.name}: {added} new, {changed} changed ids recorded; commit it")
    if result.history.is_updated:
        history_path = project.path(options.rule_history)
        history_path.write_text(result.history.history.dumps(), "utf-8")
        log(f"rulebook: {history_path.name}: new words of {len(result.history.added)} rules recorded; commit it")
    report_path = project.path(options.report)
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(reference_report(result.references), "utf-8")
    log(f"rulebook: {len(result.references)} references resolved; report in {report_path}")
    project.path(options.terms_report).write_text(result.terms_report, "utf-8")
    project.path(options.question_words_report).write_text(result.question_words_report, "utf-8")
