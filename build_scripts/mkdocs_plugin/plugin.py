"""The ``scrollhammer`` plugin: MkDocs' hooks, each calling a step that knows no generator.

* ``on_config``: the options checked (:class:`build_scripts.settings.options.Options`) and the site
  planned (:func:`build_scripts.steps.make_pages.plan_site`): the navigation, the page scripts
  and styles, the footer's build id, written into MkDocs' config;
* ``on_files``: every page made (:func:`build_scripts.steps.make_pages.make_pages`) and added;
* ``on_page_content``: the shortcuts to the damage chart and the calculators in the page's
  table of contents (what only a plugin can do: ARCHITECTURE.md);
* ``on_post_build``: stage 4 (:func:`build_scripts.finish.stage.run_finish`) on the site
  MkDocs wrote, and the build's times.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import ParamSpec, TypeVar

from mkdocs.config import config_options as c
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from build_scripts.core.errors import RulebookError
from build_scripts.core.stage_timer import StageTimer
from build_scripts.finish.stage import FINISH_STATE, run_finish
from build_scripts.settings.options import PLUGIN, Options, Project, Site
from build_scripts.steps.make_pages import MadePages, make_pages
from build_scripts.steps.pipeline import Shortcut
from build_scripts.steps.plan import SitePlan, plan_site

__all__ = ["ScrollhammerPlugin", "add_shortcut"]

log = logging.getLogger("mkdocs.plugins.scrollhammer")
P = ParamSpec("P")
T = TypeVar("T")


class ScrollhammerPlugin(BasePlugin):  # type: ignore[type-arg]
    """Turns the rulebook exports into the site's pages at build and serve time, and finishes the site."""

    #: Every option of :class:`Options`, passed through as written: they are checked there.
    config_scheme = tuple((f.name, c.Optional(c.Type(object))) for f in fields(Options))

    def __init__(self) -> None:
        self.project: Project | None = None
        self.plan: SitePlan | None = None
        self.made: MadePages | None = None
        self.timer = StageTimer()
        self._since = 0.0

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Check the options; make the navigation, add the page scripts and styles, show the build id."""
        self.project = self.made = None
        config_file = Path(config.config_file_path)
        raw = {name: value for name, value in self.config.items() if value is not None}
        options = _step(Options.from_mapping, raw, f"{config_file.name}: {PLUGIN}")
        if not options.enabled:
            return None
        self.timer, self._since = StageTimer(), time.perf_counter()
        site = Site(config.site_url or "/", config.site_name, config.copyright or "", config.docs_dir, config.nav or [])
        self.project = Project(config_file.parent, site, options)
        self.plan = plan = _step(plan_site, self.project)
        config.nav = plan.nav
        for path in plan.scripts:
            script = ExtraScriptValue(path)
            script.type = "module"
            config.extra_javascript.append(script)
        config.extra_css.extend(plan.styles)
        config.copyright = plan.copyright
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        """Make every page and add it to the site's files."""
        if self.project is None:
            return None
        self.timer.mark("mkdocs: config, clean site, read files", self._since)
        with self.timer.stage("rulebook and pages (Markdown)"):
            self.made = made = _step(make_pages, self.project, log.info)
            for name, markdown in made.pages.items():
                hidden = InclusionLevel.NOT_IN_NAV if name in made.hidden else InclusionLevel.UNDEFINED
                files.append(File.generated(config, name, content=markdown, inclusion=hidden))
            for name, content in made.files.items():  # copied as they are (the changes' feed)
                files.append(File.generated(config, name, content=content))
        self._since = time.perf_counter()
        return files

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:  # noqa: ARG002
        """Add the page's shortcuts (the damage chart, each calculator) to its table of contents."""
        if self.made is None:
            return None
        for shortcut in self.made.result.shortcuts.get(page.file.src_uri.removesuffix(".md"), []):
            add_shortcut(page.toc.items, shortcut)
        return html

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Finish the site: calculators' runtime, per-rule search entries, service worker, compressed copies."""
        if self.project is None or self.plan is None or self.made is None:
            return
        self.timer.mark("mkdocs: pages (HTML)", self._since)
        state = self.made.finish_state(self.project, self.plan)
        state.write(self.project.path(FINISH_STATE))
        if not self.project.options.finish:  # stage 4 runs on its own: python -m build_scripts.finish
            log.info("scrollhammer: the site is not finished; run python -m build_scripts.finish %s", config.site_dir)
            return
        done = _step(run_finish, state, Path(config.site_dir), self.project.root, runtime=self.made.runtime)
        times = self.project.path(self.project.options.build_times)
        times.parent.mkdir(parents=True, exist_ok=True)
        times.write_text(json.dumps({**self.timer.seconds, **done.seconds}, indent=1) + "\n", "utf-8")
        for line in done.summary(self.plan.build_id):
            log.info(line)


def _step(step: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a build step; its error, which names what to fix, stops MkDocs with that line alone."""
    try:
        return step(*args, **kwargs)
    except RulebookError as exc:
        raise PluginError(str(exc)) from None


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
