"""The thin MkDocs glue: run the rulebook build and hand its pages to MkDocs.

The only module that imports MkDocs. Every hook starts by checking ``enabled``; all
the work happens in :mod:`build_scripts.pipeline` and friends.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from build_scripts.anchors import dump_lock, empty_lock
from build_scripts.calculator_forms import load_placements
from build_scripts.errors import RulebookError
from build_scripts.pipeline import BuildResult, PageSpec, build_rulebook, page_url
from build_scripts.report import reference_report
from build_scripts.runtime_assets import write_runtime
from build_scripts.search_index import split_rule_sections

log = logging.getLogger("mkdocs.plugins.scrollhammer")


class PageConfig(base.Config):
    """One rulebook page."""

    name = c.Type(str)
    """The page's file stem and URL (``buildings`` → ``/buildings/``)."""

    section = c.Type(str)
    """The heading (verbatim, without ``=`` or ``'''``) of the section the page shows."""


class ScrollhammerConfig(base.Config):
    """Options of the ``scrollhammer`` plugin."""

    enabled = c.Type(bool, default=True)
    """Build the rulebook pages at all."""

    source_dir = c.Type(str, default="docs/rulebook")
    """Folder of the ``.wiki`` section exports, relative to ``mkdocs.yml``."""

    exports = c.ListOfItems(c.Type(str))
    """The export files in merge order; the first is the base the others must agree with."""

    pages = c.ListOfItems(c.SubConfig(PageConfig))
    """The pages, in the order of the navigation."""

    anchors_lock = c.Type(str, default="anchors.lock.json")
    """The committed lock of every published rule id, relative to ``mkdocs.yml``."""

    frozen_anchors = c.Type(bool, default=False)
    """Fail instead of updating the lock when ids are new or changed (set in CI)."""

    xref_map = c.Type(str, default="build_scripts/xrefs.toml")
    """The committed map of ``page XX`` references, relative to ``mkdocs.yml``."""

    report = c.Type(str, default="build/reports/references.md")
    """Where to write the build report of every reference, relative to ``mkdocs.yml``."""

    placements = c.Type(str, default="build_scripts/calculator_placements.toml")
    """The committed map of which calculator goes after which rule, relative to ``mkdocs.yml``."""

    pyodide_dir = c.Type(str, default="node_modules/pyodide")
    """Where ``npm ci`` put the pinned Pyodide, relative to ``mkdocs.yml``."""

    calculators_dir = c.Type(str, default="calculators")
    """The calculators package shipped to the browser, relative to ``mkdocs.yml``."""


class ScrollhammerPlugin(BasePlugin[ScrollhammerConfig]):
    """Turns the rulebook exports into Markdown pages at build and serve time."""

    def __init__(self) -> None:
        self.result: BuildResult | None = None

    def _path(self, config: MkDocsConfig, relative: str) -> Path:
        return Path(config.config_file_path).parent / relative

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        """Build the rulebook pages and add them to the site's files."""
        if not self.config.enabled:
            return None
        source_dir = self._path(config, self.config.source_dir)
        lock_path = self._path(config, self.config.anchors_lock)
        map_path = self._path(config, self.config.xref_map)
        places_path = self._path(config, self.config.placements)
        try:
            placements = load_placements(places_path.read_text("utf-8"), places_path.name)
            exports = [(name, (source_dir / name).read_bytes()) for name in self.config.exports]
            lock = json.loads(lock_path.read_text("utf-8")) if lock_path.exists() else empty_lock()
            self.result = build_rulebook(
                exports,
                [PageSpec(p.name, p.section) for p in self.config.pages],
                lock=lock,
                xref_map=map_path.read_text("utf-8"),
                frozen=self.config.frozen_anchors,
                lock_name=lock_path.name,
                map_name=map_path.name,
                placements=placements,
            )
        except RulebookError as exc:
            raise PluginError(f"rulebook: {exc}") from None
        except (OSError, json.JSONDecodeError) as exc:
            raise PluginError(f"rulebook: {exc}") from None

        if self.result.lock.is_updated:
            lock_path.write_text(dump_lock(self.result.lock.lock), "utf-8")
            log.info(
                "rulebook: %s: %d new, %d changed ids recorded; commit it",
                lock_path.name,
                len(self.result.lock.added),
                len(self.result.lock.changed),
            )
        report_path = self._path(config, self.config.report)
        report_path.parent.mkdir(parents=True, exist_ok=True)
        report_path.write_text(reference_report(self.result.references), "utf-8")
        log.info("rulebook: %d references resolved; report in %s", len(self.result.references), report_path)

        for name, markdown in self.result.markdown.items():
            files.append(File.generated(config, f"{name}.md", content=markdown))
        return files

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Copy the calculators' runtime into the site; index each rule block on its own.

        A search result then opens at the paragraph that matched.
        """
        if not self.config.enabled or self.result is None:
            return
        index_path = Path(config.site_dir) / "search" / "search_index.json"
        try:
            manifest = write_runtime(
                site_dir=Path(config.site_dir),
                pyodide_dir=self._path(config, self.config.pyodide_dir),
                package_dir=self._path(config, self.config.calculators_dir),
            )
        except RulebookError as exc:
            raise PluginError(f"calculators: {exc}") from None
        log.info("calculators: Pyodide %s and %s copied into the site", manifest["pyodide"], manifest["calculators"])
        if not index_path.exists():
            return
        index: dict[str, Any] = json.loads(index_path.read_text("utf-8"))
        urls = {page_url(name): items for name, items in self.result.anchored.items()}
        index = split_rule_sections(index, urls)
        index_path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False), "utf-8")
