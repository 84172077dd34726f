"""What a sync needs from the project's settings, read by their one reader (:mod:`build_scripts.settings`).

``wiki.toml`` names the wiki, its pages and the synced folder; the plugin's options in
``mkdocs.yml`` (``!ENV`` read as MkDocs reads it) give the site's rulebook pages, the lock
and the history, and where ``wiki.toml`` is. A build and a sync read the same settings.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.book import PageSpec
from build_scripts.settings.options import load_project
from build_scripts.settings.wiki import WikiSettings, read_wiki
from build_scripts.sync.model import SyncError

__all__ = ["SiteFiles", "load_settings", "rename_pages"]


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


def rename_pages(settings: str, renamed: Mapping[str, str]) -> str | None:
    """``wiki.toml``'s text with each old title in its ``pages`` list replaced by the new one.

    ``None`` when the file does not write a title as one plain string exactly once (the
    sync's report then prints the line to change by hand).
    """
    for old, new in renamed.items():
        quoted = json.dumps(old, ensure_ascii=False)
        if settings.count(quoted) != 1:
            return None
        settings = settings.replace(quoted, json.dumps(new, ensure_ascii=False))
    try:
        pages = tomllib.loads(settings).get("pages")
    except tomllib.TOMLDecodeError:
        return None
    return settings if isinstance(pages, list) and not set(renamed) & set(pages) else None
