"""The site's plan: what a generator's config needs from the build before it reads a page.

The navigation (made from the one list of pages), the page scripts and styles, the build
id in the footer, and the page scripts' module graph. The MkDocs plugin writes it into
MkDocs' config; ``make pages`` (:mod:`build_scripts.steps.pages_command`) into the
generator's ``mkdocs.yml``.
"""

from __future__ import annotations

from dataclasses import dataclass

from build_scripts.core.errors import RulebookError
from build_scripts.pages.navigation import NavEntry, NavPage, nested_nav
from build_scripts.settings.options import Project
from build_scripts.steps.build_id import build_id
from build_scripts.steps.module_graph import module_graph

__all__ = ["SitePlan", "plan_site"]


@dataclass(frozen=True)
class SitePlan:
    """What the generator's config gets from the build before any page is made."""

    nav: list[NavEntry]
    scripts: list[str]
    """Page scripts for every page, each an ES module."""
    styles: list[str]
    copyright: str
    """The footer's line, with the build id."""
    build_id: str
    modules: list[str]
    """Every module the page scripts import, in the order the browser should fetch them."""


def plan_site(project: Project) -> SitePlan:
    """The navigation, the page scripts and styles, and the build id.

    Raises:
        RulebookError: when the config lists pages in ``nav``, a group's pages are apart,
            or a page script imports a module that is not there.
    """
    options = project.options
    if project.site.nav:
        raise RulebookError("scrollhammer: list pages in the plugin's `pages`, not in `nav` (the plugin makes nav)")
    try:
        nav = nested_nav([NavPage(p.title, f"{p.name}.md", p.group) for p in options.pages])
        modules = module_graph(project.path(project.site.docs_dir), list(options.scripts))
    except RulebookError as exc:
        raise RulebookError(f"scrollhammer: {exc}") from None
    build = build_id(project.root, list(options.build_sources))
    return SitePlan(
        nav=nav,
        scripts=list(options.scripts),
        styles=list(options.styles),
        copyright=f"{project.site.copyright or 'Scrollhammer Rules'} · version {build}",
        build_id=build,
        modules=modules,
    )
