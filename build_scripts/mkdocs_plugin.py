"""The thin MkDocs glue: run the rulebook build and hand its pages to MkDocs.

The only module that imports MkDocs. Every hook starts by checking ``enabled``; all
the work happens in :mod:`build_scripts.pipeline` and friends.
"""

from __future__ import annotations

import json
import logging
import posixpath
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from build_scripts.anchor_lock import AnchorLock
from build_scripts.build_id import build_id
from build_scripts.calculator_forms import Placement, load_placements
from build_scripts.csp import externalize_data_svgs, externalize_inline_scripts
from build_scripts.errors import RulebookError
from build_scripts.head import add_head_tags
from build_scripts.module_graph import module_graph
from build_scripts.pipeline import BuildResult, PageSpec, Shortcut, build_rulebook, page_url
from build_scripts.precompress import precompress_site
from build_scripts.report import reference_report
from build_scripts.runtime_assets import Runtime, prepare_runtime, write_runtime
from build_scripts.search_index import split_rule_sections
from build_scripts.terms import load_terms

log = logging.getLogger("mkdocs.plugins.scrollhammer")


class PageConfig(base.Config):
    """One page of the site, in the order of the navigation."""

    name = c.Type(str)
    """The page's file stem and URL (``buildings`` → ``/buildings/``; ``index`` is the home page)."""

    title = c.Type(str)
    """Its title in the navigation."""

    kind = c.Choice(("rulebook", "markdown", "calculators"), default="rulebook")
    """``rulebook``: built from a section of the exports; ``markdown``: a hand-written page in
    ``docs/``; ``calculators``: the overview of every calculator, built from the placements."""

    section = c.Optional(c.Type(str))
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
    """Every page, in the order of the navigation: the one list of pages (the plugin makes
    ``nav`` from it; the tests read it)."""

    scripts = c.ListOfItems(c.Type(str), default=["assets/js/main.mjs"])
    """The page scripts the plugin adds to every page, as ES modules (their imports load the rest)."""

    styles = c.ListOfItems(c.Type(str), default=["assets/rules.css"])
    """The stylesheets the plugin adds to every page."""

    anchors_lock = c.Type(str, default="anchors.lock.json")
    """The committed lock of every published rule id, relative to ``mkdocs.yml``."""

    frozen_anchors = c.Type(bool, default=False)
    """Fail instead of updating the lock when ids are new or changed (set in CI)."""

    xref_map = c.Type(str, default="build_scripts/xrefs.toml")
    """The committed map of ``page XX`` references, relative to ``mkdocs.yml``."""

    report = c.Type(str, default="build/reports/references.md")
    """Where to write the build report of every reference, relative to ``mkdocs.yml``."""

    terms = c.Type(str, default="build_scripts/terms.toml")
    """The committed map of terms and the rules that define them, relative to ``mkdocs.yml``."""

    terms_report = c.Type(str, default="build/reports/terms.md")
    """Where to write the build report of every term, relative to ``mkdocs.yml``."""

    placements = c.Type(str, default="build_scripts/calculator_placements.toml")
    """The committed map of which calculator goes after which rule, relative to ``mkdocs.yml``."""

    pyodide_dir = c.Type(str, default="node_modules/pyodide")
    """Where ``npm ci`` put the pinned Pyodide, relative to ``mkdocs.yml``."""

    calculators_dir = c.Type(str, default="calculators")
    """The calculators package shipped to the browser, relative to ``mkdocs.yml``."""

    precompress = c.Type(bool, default=True)
    """Write brotli and gzip copies of large files for the server to send."""

    service_worker = c.Type(bool, default=True)
    """Generate ``sw.js`` (Workbox) so the whole site works offline after one visit."""

    build_sources = c.ListOfItems(
        c.Type(str),
        default=["docs", "calculators", "build_scripts", "mkdocs.yml", "package-lock.json", "requirements.lock"],
    )
    """What the build id is a hash of (shown in the footer; names the offline cache)."""

    cache_dir = c.Type(str, default="build/cache")
    """Where compressed files are kept between builds, relative to ``mkdocs.yml``."""


class ScrollhammerPlugin(BasePlugin[ScrollhammerConfig]):
    """Turns the rulebook exports into Markdown pages at build and serve time."""

    def __init__(self) -> None:
        self.result: BuildResult | None = None
        self.placements: list[Placement] = []
        self.runtime: Runtime | None = None
        self.build_id = ""
        self.inline_scripts: dict[str, str] = {}
        self.modules: list[str] = []

    def _path(self, config: MkDocsConfig, relative: str) -> Path:
        return Path(config.config_file_path).parent / relative

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Make the navigation from the pages, add the page scripts and styles, show the build id."""
        if not self.config.enabled:
            return None
        if config.nav:
            raise PluginError("scrollhammer: list pages in the plugin's `pages`, not in `nav` (the plugin makes nav)")
        for page in self.config.pages:
            if (page.kind == "rulebook") != bool(page.section):
                raise PluginError(f"scrollhammer: page {page.name!r}: a rulebook page, and only one, names a `section`")
        config.nav = [{page.title: f"{page.name}.md"} for page in self.config.pages]
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
        base = config.copyright or "Scrollhammer Rules"
        config.copyright = f"{base} · build {self.build_id}"
        return config

    def _prepare_runtime(self, config: MkDocsConfig) -> RulebookError | None:
        """Prepare the browser runtime, whose identity goes into the pages.

        Its error (Pyodide not installed) is returned, to be raised after the rulebook's:
        a broken source file is always named first.
        """
        try:
            self.runtime = prepare_runtime(
                pyodide_dir=self._path(config, self.config.pyodide_dir),
                package_dir=self._path(config, self.config.calculators_dir),
                cache_dir=self._path(config, "build/cache"),
            )
        except RulebookError as exc:
            return exc
        return None

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        """Build the rulebook pages and add them to the site's files."""
        if not self.config.enabled:
            return None
        source_dir = self._path(config, self.config.source_dir)
        lock_path = self._path(config, self.config.anchors_lock)
        map_path = self._path(config, self.config.xref_map)
        places_path = self._path(config, self.config.placements)
        terms_path = self._path(config, self.config.terms)
        runtime_error = self._prepare_runtime(config)
        try:
            self.placements = placements = load_placements(places_path.read_text("utf-8"), places_path.name)
            exports = [(name, (source_dir / name).read_bytes()) for name in self.config.exports]
            lock = (
                AnchorLock.loads(lock_path.read_text("utf-8"), lock_path.name) if lock_path.exists() else AnchorLock()
            )
            self.result = build_rulebook(
                exports,
                [PageSpec(p.name, p.section) for p in self.config.pages if p.kind == "rulebook" and p.section],
                lock=lock,
                xref_map=map_path.read_text("utf-8"),
                frozen=self.config.frozen_anchors,
                lock_name=lock_path.name,
                map_name=map_path.name,
                placements=placements,
                runtime=self.runtime.identity() if self.runtime else None,
                terms=load_terms(terms_path.read_text("utf-8"), terms_path.name),
            )
        except RulebookError as exc:
            raise PluginError(f"rulebook: {exc}") from None
        except OSError as exc:
            raise PluginError(f"rulebook: {exc}") from None
        if runtime_error is not None:
            raise PluginError(f"calculators: {runtime_error}")

        if self.result.lock.is_updated:
            lock_path.write_text(self.result.lock.lock.dumps(), "utf-8")
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
        terms_report_path = self._path(config, self.config.terms_report)
        terms_report_path.write_text(self.result.terms_report, "utf-8")

        for name, markdown in self.result.markdown.items():
            files.append(File.generated(config, f"{name}.md", content=markdown))
        for page in self.config.pages:
            if page.kind == "calculators":
                if self.result.calculators_page is None:
                    raise PluginError(f"rulebook: page {page.name!r} lists the calculators, but none is placed")
                files.append(File.generated(config, f"{page.name}.md", content=self.result.calculators_page))
        return files

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:  # noqa: ARG002
        """Add the page's shortcuts (the damage chart, each calculator) to its table of contents."""
        if not self.config.enabled or self.result is None:
            return None
        name = page.file.src_uri.removesuffix(".md")
        for shortcut in self.result.shortcuts.get(name, []):
            add_shortcut(page.toc.items, shortcut)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:  # noqa: ARG002
        """Move the theme's inline scripts into files; add the CSP and app tags; name unnamed parts."""
        if not self.config.enabled:
            return None
        html, files = externalize_inline_scripts(output, page.url)
        self.inline_scripts.update(files)
        root = posixpath.relpath(".", page.url.rstrip("/") or ".") + "/" if page.url else "./"
        name = page.file.src_uri.removesuffix(".md")
        has_calculators = any(place.page == name for place in self.placements)
        runtime = self.runtime.identity() if has_calculators and self.runtime else None
        return add_head_tags(_name_theme_parts(html), root, modules=self.modules, runtime=runtime)

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str | None:
        """The 404 page (served at any path) gets the same policy, scripts moved out, app tags."""
        if not self.config.enabled or template_name != "404.html":
            return None
        root = urllib.parse.urlsplit(config.site_url or "/").path or "/"
        html, files = externalize_inline_scripts(output_content, "", root=root)
        self.inline_scripts.update(files)
        return add_head_tags(_name_theme_parts(html), root, modules=self.modules)

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Finish the site: calculators' runtime, per-rule search entries, compressed copies."""
        if not self.config.enabled or self.result is None or self.runtime is None:
            return
        site_dir = Path(config.site_dir)
        moved = dict(self.inline_scripts)
        for css_path in sorted((site_dir / "assets" / "stylesheets").glob("*.css")):
            css_dir = css_path.parent.relative_to(site_dir).as_posix()
            css, icons = externalize_data_svgs(css_path.read_text("utf-8"), css_dir=css_dir)
            css_path.write_text(css, "utf-8")
            moved.update(icons)
        for name, text in moved.items():
            (site_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (site_dir / name).write_text(text, "utf-8")
        manifest = write_runtime(site_dir=site_dir, runtime=self.runtime, places=self._places())
        log.info("calculators: Pyodide %s and %s copied into the site", manifest["pyodide"], manifest["calculators"])

        index_path = site_dir / "search" / "search_index.json"
        if index_path.exists():
            index: dict[str, Any] = json.loads(index_path.read_text("utf-8"))
            urls = {page_url(name): items for name, items in self.result.anchored.items()}
            index = split_rule_sections(index, urls)
            index_path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False), "utf-8")

        if self.config.service_worker:
            self._write_service_worker(config, site_dir)

        if self.config.precompress:
            done = precompress_site(site_dir, cache=self._path(config, self.config.cache_dir) / "compressed")
            raw = sum(c.raw for c in done)
            br = sum(c.br or c.raw for c in done)
            log.info("precompressed %d files: %.1f MB raw, %.1f MB as brotli", len(done), raw / 1e6, br / 1e6)

    def _places(self) -> dict[str, list[dict[str, Any]]]:
        places: dict[str, list[dict[str, Any]]] = {}
        for place in self.placements:
            places.setdefault(place.calculator, []).append(place.manifest_entry(page_url(place.page)))
        return places

    def _write_service_worker(self, config: MkDocsConfig, site_dir: Path) -> None:
        node = shutil.which("node")
        if node is None:
            raise PluginError("service worker: Node.js is needed to run Workbox (install Node 20)")
        script = Path(__file__).parent / "service_worker" / "inject_manifest.mjs"
        proc = subprocess.run(  # noqa: S603 - our own script, arguments are paths and a hex id
            [node, str(script), str(site_dir), self.build_id],
            cwd=self._path(config, "."),
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            raise PluginError(proc.stderr.strip() or "service worker: Workbox failed")
        stats = json.loads(proc.stdout)
        log.info(
            "service worker: build %s precaches %d files (%.1f MB)", self.build_id, stats["count"], stats["size"] / 1e6
        )


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


def _name_theme_parts(html: str) -> str:
    """Give the theme's unnamed parts accessible names: the loading bar and the search dialog."""
    return html.replace(
        '<div class="md-progress" data-md-component="progress" role="progressbar">',
        '<div class="md-progress" data-md-component="progress" role="progressbar" aria-label="Loading the page">',
    ).replace(
        '<div class="md-search" data-md-component="search" role="dialog">',
        '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search the rules">',
    )
