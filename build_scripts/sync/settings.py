"""What a sync reads from the project: ``wiki.toml``, and the site's pages from ``mkdocs.yml``.

``wiki.toml`` names the wiki, its pages and the synced folder; ``mkdocs.yml`` gives the
site's rulebook pages, the lock and the history.

``mkdocs.yml`` is read as YAML (its ``!ENV`` tags give their defaults): the sync does not
need MkDocs.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

from build_scripts.rulebook.book import PageSpec
from build_scripts.sync.model import SyncError

__all__ = ["WIKI_CONFIG", "SiteFiles", "WikiSettings", "load_settings"]

WIKI_CONFIG = "wiki.toml"


@dataclass(frozen=True)
class WikiSettings:
    """``wiki.toml``: the wiki's ``api.php`` (may be empty), its pages in merge order, the synced folder."""

    api: str
    titles: tuple[str, ...]
    into: Path


@dataclass(frozen=True)
class SiteFiles:
    """From ``mkdocs.yml``: the rulebook pages, and the lock and history files."""

    pages: tuple[PageSpec, ...]
    lock: Path
    history: Path


def load_settings(root: Path) -> tuple[WikiSettings, SiteFiles]:
    """Read ``wiki.toml`` and ``mkdocs.yml`` under ``root``.

    Raises:
        SyncError: naming the file, when either is missing or lacks what the sync needs.
    """
    path = root / WIKI_CONFIG
    try:
        wiki = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise SyncError(f"there is no {WIKI_CONFIG} in {root}; it names the wiki and its pages") from None
    except tomllib.TOMLDecodeError as exc:
        raise SyncError(f"{WIKI_CONFIG}: {exc}") from None
    titles = wiki.get("pages")
    if not isinstance(titles, list) or not titles or not all(isinstance(t, str) and t for t in titles):
        raise SyncError(f"{WIKI_CONFIG}: pages must list the wiki pages that hold the rulebook")
    settings = WikiSettings(str(wiki.get("api", "")), tuple(titles), root / str(wiki.get("into", "docs/rulebook/wiki")))
    plugin = _plugin_config(root / "mkdocs.yml")
    pages = tuple(
        PageSpec(str(p["name"]), str(p["section"]))
        for p in plugin.get("pages", [])
        if p.get("kind", "rulebook") == "rulebook" and p.get("section")
    )
    lock = root / str(plugin.get("anchors_lock", "anchors.lock.json"))
    history = root / str(plugin.get("rule_history", "rules.history.jsonl"))
    return settings, SiteFiles(pages, lock, history)


class _Loader(yaml.SafeLoader):  # type: ignore[misc]
    """YAML with MkDocs' ``!ENV [NAME, default]`` read as its default."""


def _env(loader: _Loader, node: yaml.Node) -> Any:  # noqa: ANN401 - whatever the default is
    values = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [None]
    return values[-1] if len(values) > 1 else None


_Loader.add_constructor("!ENV", _env)


def _plugin_config(path: Path) -> dict[str, Any]:
    try:
        config = yaml.load(path.read_text("utf-8"), Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except (FileNotFoundError, yaml.YAMLError) as exc:
        raise SyncError(f"cannot read {path.name}: {exc}") from None
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "scrollhammer" in plugin:
            return dict(plugin["scrollhammer"] or {})
    raise SyncError(f"{path.name} has no scrollhammer plugin; the sync reads its pages from there")
