"""The ``scrollhammer`` plugin's hooks: each short, each handing its work to a pure build step.

Every hook starts by checking ``enabled``. ``on_files`` builds the rulebook pages
(:func:`build_scripts.pipeline.build_rulebook`); ``on_post_build`` finishes every page the
theme wrote, read from ``site/`` (:func:`build_scripts.finish.generated_pages.finish_generated_pages`),
then the site (:func:`build_scripts.finish.finish_site.finish_site`).
"""

from __future__ import annotations

import json
import logging
import os
import time
import urllib.parse
from pathlib import Path
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from build_scripts.cards.rule_history import RuleHistory, today
from build_scripts.errors import RulebookError
from build_scripts.finish.build_id import build_id
from build_scripts.finish.module_graph import module_graph
from build_scripts.finish.runtime_assets import Runtime, prepare_runtime
from build_scripts.finish.stage import FINISH_STATE, FinishState, run_finish
from build_scripts.mkdocs_plugin.config import ScrollhammerConfig
from build_scripts.pages.calculator_forms import Placement, load_placements
from build_scripts.pages.navigation import NavPage, nested_nav
from build_scripts.pages.offline_page import OFFLINE_PAGE, render_offline_page
from build_scripts.pages.report import reference_report
from build_scripts.pages.table_file import load_table
from build_scripts.pipeline import BuildResult, PageSpec, Shortcut, build_rulebook, page_url
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.terms import load_terms
from build_scripts.stage_timer import StageTimer
from build_scripts.sync.source import rulebook_source

__all__ = ["ScrollhammerPlugin", "add_shortcut"]

log = logging.getLogger("mkdocs.plugins.scrollhammer")


class ScrollhammerPlugin(BasePlugin[ScrollhammerConfig]):
    """Turns the rulebook exports into Markdown pages at build and serve time."""

    def __init__(self) -> None:
        self.result: BuildResult | None = None
        self.placements: list[Placement] = []
        self.runtime: Runtime | None = None
        self.build_id = ""
        self.modules: list[str] = []
        self.timer = StageTimer()
        self._since = 0.0

    def _path(self, config: MkDocsConfig, relative: str) -> Path:
        return Path(config.config_file_path).parent / relative

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Make the navigation from the pages, add the page scripts and styles, show the build id."""
        if not self.config.enabled:
            return None
        self.timer = StageTimer()
        self._since = time.perf_counter()
        if config.nav:
            raise PluginError("scrollhammer: list pages in the plugin's `pages`, not in `nav` (the plugin makes nav)")
        for page in self.config.pages:
            if (page.kind == "rulebook") != bool(page.section):
                raise PluginError(f"scrollhammer: page {page.name!r}: a rulebook page, and only one, names a `section`")
        try:
            config.nav = nested_nav([NavPage(p.title, f"{p.name}.md", tuple(p.group)) for p in self.config.pages])
        except RulebookError as exc:
            raise PluginError(f"scrollhammer: {exc}") from None
        try:
            self.modules = module_graph(Path(config.docs_dir), self.config.scripts)
        except RulebookError as exc:
            raise PluginError(f"scrollhammer: {exc}") from None
        for path in self.config.scripts:
            script = ExtraScriptValue(path)
            script.type = "module"
            config.extra_javascript.append(script)
        config.extra_css.extend(self.config.styles)
        self.build_id = build_id(self._path(config, "."), self.config.build_sources)
        config.copyright = f"{config.copyright or 'Scrollhammer Rules'} · build {self.build_id}"
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        """Build the rulebook pages and add them to the site's files."""
        if not self.config.enabled:
            return None
        self.timer.mark("mkdocs: config, clean site, read files", self._since)
        with self.timer.stage("rulebook and pages (Markdown)"):
            return self._files(files, config)

    def _files(self, files: Files, config: MkDocsConfig) -> Files:
        runtime_error = self._prepare_runtime(config)
        try:
            self.result = self._build(config)
        except (RulebookError, OSError) as exc:
            raise PluginError(f"rulebook: {exc}") from None
        if runtime_error is not None:  # after the rulebook's: a broken source file is always named first
            raise PluginError(f"calculators: {runtime_error}")
        self._write_lock_and_reports(config, self.result)
        for name, markdown in self.result.markdown.items():
            files.append(File.generated(config, f"{name}.md", content=markdown))
        for page in self.config.pages:
            if page.kind == "calculators":
                if self.result.calculators_page is None:
                    raise PluginError(f"rulebook: page {page.name!r} lists the calculators, but none is placed")
                files.append(File.generated(config, f"{page.name}.md", content=self.result.calculators_page))
            elif page.kind == "table" and self.result.table_page is not None:
                files.append(File.generated(config, f"{page.name}.md", content=self.result.table_page))
            elif page.kind == "readings" and self.result.readings_page is not None:
                files.append(File.generated(config, f"{page.name}.md", content=self.result.readings_page))
        if self.config.service_worker:  # reached only through the service worker's redirect
            offline = File.generated(
                config, f"{OFFLINE_PAGE}.md", content=render_offline_page(), inclusion=InclusionLevel.NOT_IN_NAV
            )
            files.append(offline)
        self._since = time.perf_counter()
        return files

    def _prepare_runtime(self, config: MkDocsConfig) -> RulebookError | None:
        """Prepare the browser runtime, whose identity goes into the pages; return its error, if any."""
        try:
            self.runtime = prepare_runtime(
                pyodide_dir=self._path(config, self.config.pyodide_dir),
                package_dir=self._path(config, self.config.calculators_dir),
                cache_dir=self._path(config, self.config.cache_dir),
            )
        except RulebookError as exc:
            return exc
        return None

    def _build(self, config: MkDocsConfig) -> BuildResult:
        """Read the exports and the data files, and build every rulebook page from them."""
        source_dir = self._path(config, self.config.source_dir)
        lock_path = self._path(config, self.config.anchors_lock)
        map_path = self._path(config, self.config.xref_map)
        places_path = self._path(config, self.config.placements)
        terms_path = self._path(config, self.config.terms)
        history_path = self._path(config, self.config.rule_history)
        table_path = self._path(config, self.config.table)
        table_page = next((p.name for p in self.config.pages if p.kind == "table"), None)
        readings_page = next((p.name for p in self.config.pages if p.kind == "readings"), None)
        self.placements = load_placements(places_path.read_text("utf-8"), places_path.name)
        lock = AnchorLock.loads(lock_path.read_text("utf-8"), lock_path.name) if lock_path.exists() else AnchorLock()
        history = (
            RuleHistory.loads(history_path.read_text("utf-8"), history_path.name)
            if history_path.exists()
            else RuleHistory()
        )
        source = rulebook_source(self._path(config, "."), source_dir, self.config.exports, self.config.wiki)
        return build_rulebook(
            source.files,
            [PageSpec(p.name, p.section) for p in self.config.pages if p.kind == "rulebook" and p.section],
            lock=lock,
            xref_map=map_path.read_text("utf-8"),
            frozen=self.config.frozen_anchors,
            lock_name=lock_path.name,
            map_name=map_path.name,
            placements=self.placements,
            runtime=self.runtime.identity() if self.runtime else None,
            terms=load_terms(terms_path.read_text("utf-8"), terms_path.name),
            history=history,
            today=today(os.environ),
            history_name=history_path.name,
            table=load_table(table_path.read_text("utf-8"), table_path.name) if table_page else None,
            table_name=table_path.name,
            table_page=table_page or "table",
            readings_page=readings_page,
            synced=source.synced,
            wiki_index=source.wiki_index,
        )

    def _write_lock_and_reports(self, config: MkDocsConfig, result: BuildResult) -> None:
        """Record new rule ids in the lock (never when frozen: the build failed then) and write the reports."""
        lock_path = self._path(config, self.config.anchors_lock)
        if result.lock.is_updated:
            lock_path.write_text(result.lock.lock.dumps(), "utf-8")
            added, changed = len(result.lock.added), len(result.lock.changed)
            log.info("rulebook: %s: %d new, %d changed ids recorded; commit it", lock_path.name, added, changed)
        if result.history.is_updated:
            history_path = self._path(config, self.config.rule_history)
            history_path.write_text(result.history.history.dumps(), "utf-8")
            log.info(
                "rulebook: %s: new words of %d rules recorded; commit it", history_path.name, len(result.history.added)
            )
        report_path = self._path(config, self.config.report)
        report_path.parent.mkdir(parents=True, exist_ok=True)
        report_path.write_text(reference_report(result.references), "utf-8")
        log.info("rulebook: %d references resolved; report in %s", len(result.references), report_path)
        self._path(config, self.config.terms_report).write_text(result.terms_report, "utf-8")

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:  # noqa: ARG002
        """Add the page's shortcuts (the damage chart, each calculator) to its table of contents."""
        if not self.config.enabled or self.result is None:
            return None
        for shortcut in self.result.shortcuts.get(page.file.src_uri.removesuffix(".md"), []):
            add_shortcut(page.toc.items, shortcut)
        return html

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Finish the site: calculators' runtime, per-rule search entries, service worker, compressed copies."""
        if not self.config.enabled or self.result is None or self.runtime is None:
            return
        self.timer.mark("mkdocs: pages (HTML)", self._since)
        state = self.finish_state(config)
        state_path = self._path(config, FINISH_STATE)
        state_path.parent.mkdir(parents=True, exist_ok=True)
        state_path.write_text(state.dumps(), "utf-8")
        if not self.config.finish:  # stage 4 runs on its own: python -m build_scripts.finish
            log.info("scrollhammer: the site is not finished; run python -m build_scripts.finish %s", config.site_dir)
            return
        try:
            done = run_finish(state, Path(config.site_dir), self._path(config, "."), runtime=self.runtime)
        except RulebookError as exc:
            raise PluginError(str(exc)) from None
        times = self._path(config, self.config.build_times)
        times.parent.mkdir(parents=True, exist_ok=True)
        times.write_text(json.dumps({**self.timer.seconds, **done.seconds}, indent=1) + "\n", "utf-8")
        for line in done.summary(self.build_id):
            log.info(line)

    def finish_state(self, config: MkDocsConfig) -> FinishState:
        """What stage 4 needs from this build (after ``on_files``): ``build/stages/finish.json``."""
        if self.result is None:
            raise PluginError("scrollhammer: the pages are not built yet")
        return FinishState(
            site_url=config.site_url or "/",
            site_root=urllib.parse.urlsplit(config.site_url or "/").path or "/",
            site_name=config.site_name,
            build_id=self.build_id,
            modules=self.modules,
            calculator_pages=sorted({page_url(place.page) for place in self.placements}),
            places=self._places(),
            book_pages=[
                page_url(p.name) for p in self.config.pages if (p.offline or ("book" if p.group else "core")) == "book"
            ],
            pyodide_dir=self.config.pyodide_dir,
            calculators_dir=self.config.calculators_dir,
            cache_dir=self.config.cache_dir,
            service_worker=self.config.service_worker,
            precompress=self.config.precompress,
            host_headers=self.config.host_headers,
            card_images=self.config.card_images,
            cards=self.result.cards if self.config.cards else [],
        )

    def _places(self) -> dict[str, list[dict[str, Any]]]:
        places: dict[str, list[dict[str, Any]]] = {}
        for place in self.placements:
            places.setdefault(place.calculator, []).append(place.manifest_entry(page_url(place.page)))
        return places


def add_shortcut(items: list[AnchorLink], shortcut: Shortcut) -> bool:
    """Put a shortcut under its heading in a table of contents, before that heading's next sub-heading."""
    for item in items:
        if item.id == shortcut.parent:
            link = AnchorLink(shortcut.title, shortcut.target, item.level + 1)
            at = next((i for i, child in enumerate(item.children) if child.id == shortcut.before), len(item.children))
            item.children.insert(at, link)
            return True
        if add_shortcut(item.children, shortcut):
            return True
    return False
