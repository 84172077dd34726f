"""What a sync needs from the project's settings, read by their one reader (:mod:`build_scripts.settings`).

``wiki.toml`` names the wiki, its pages and the synced folder; the plugin's options in
``mkdocs.yml`` (``!ENV`` read as MkDocs reads it) give the site's rulebook pages, the lock
and the history, and where ``wiki.toml`` is. A build and a sync read the same settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.book import PageSpec
from build_scripts.settings.options import load_project
from build_scripts.settings.wiki import WikiSettings, read_wiki
from build_scripts.sync.model import SyncError

__all__ = ["SiteFiles", "load_settings"]


@dataclass(frozen=True)
class SiteFiles:
    """From the plugin's options: the rulebook pages, and the lock and history files."""

    pages: tuple[PageSpec, ...]
    lock: Path
    history: Path


def load_settings(config_file: Path) -> tuple[WikiSettings, SiteFiles]:
    """The wiki's settings and the site's files for the project configured by ``config_file``.

    Raises:
        SyncError: naming the file, when either cannot be read, lacks what the sync needs or
            has a bad setting.
    """
    try:
        project = load_project(config_file)
        wiki = read_wiki(project)
    except RulebookError as exc:
        raise SyncError(str(exc)) from None
    options = project.options
    if wiki is None:
        raise SyncError(f"there is no {options.wiki} in {project.root}; it names the wiki and its pages")
    pages = tuple(PageSpec(name, section) for name, section in options.rulebook_sections)
    return wiki, SiteFiles(pages, project.path(options.anchors_lock), project.path(options.rule_history))
