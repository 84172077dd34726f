"""``wiki.toml``: the wiki the rulebook lives on, read one way by the build and by ``make sync``.

The file (its path is the plugin's ``wiki`` option) names the wiki's ``api.php``, the pages
that hold the rulebook in merge order, and the folder a sync writes them into. The build
reads that folder once it holds a sync (:mod:`build_scripts.sync.source`); the sync writes
it. Each key is checked here, and its default is given here and nowhere else.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.settings.options import Project

__all__ = ["DEFAULT_INTO", "WikiSettings", "read_wiki"]

#: Where a sync writes the wiki's pages, when ``wiki.toml`` does not say (from the project).
DEFAULT_INTO = "docs/rulebook/wiki"
_KEYS = ("api", "pages", "into")


@dataclass(frozen=True)
class WikiSettings:
    """``wiki.toml``: the wiki's ``api.php`` (may be empty), its pages in merge order, the synced folder."""

    file: Path
    """The settings file itself (for messages)."""
    api: str
    titles: tuple[str, ...]
    into: Path


def read_wiki(project: Project) -> WikiSettings | None:
    """The project's ``wiki.toml`` (the ``wiki`` option), or ``None`` when there is no such file.

    Raises:
        RulebookError: naming the file and the key, when it is not TOML or a key is unknown or
            not what it must be.
    """
    path = project.path(project.options.wiki)
    try:
        raw = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except tomllib.TOMLDecodeError as exc:
        raise RulebookError(f"{path.name}: {exc}") from None
    unknown = sorted(set(raw) - set(_KEYS))
    if unknown:
        raise RulebookError(f"{path.name}: unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})")
    api, titles, into = raw.get("api", ""), raw.get("pages"), raw.get("into", DEFAULT_INTO)
    if not isinstance(titles, list) or not titles or not all(isinstance(t, str) and t for t in titles):
        raise RulebookError(f"{path.name}: pages must list the wiki pages that hold the rulebook")
    for key, value in (("api", api), ("into", into)):
        if not isinstance(value, str):
            raise RulebookError(f"{path.name}: {key} must be text, not {value!r}")
    return WikiSettings(path, api, tuple(titles), project.path(into))
