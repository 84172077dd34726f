"""The build's options, read from the project's ``mkdocs.yml`` without MkDocs.

The ``scrollhammer`` entry under ``plugins:`` holds them (:class:`Options`, each documented
where it is declared); the generator reads the same file for the site's name, address and
theme. :func:`load_project` reads both halves as any generator would, ``!ENV`` included, so
the pages' step (``make pages``) needs no generator, and the MkDocs plugin hands its own
config to :meth:`Options.from_mapping` and gets the same options, checked the same way.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

import yaml  # type: ignore[import-untyped]
from yaml_env_tag import construct_env_tag  # type: ignore[import-untyped]

from build_scripts.core.errors import RulebookError

__all__ = [
    "CONFIG_FILE",
    "PLUGIN",
    "Options",
    "PageOption",
    "Project",
    "Site",
    "load_project",
    "project_from",
    "read_config",
]

#: What a page's name may be: its address from the site root, a lower-case slug.
_PAGE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: The plugin's name under ``plugins:`` in ``mkdocs.yml``.
PLUGIN = "scrollhammer"
#: The project's config file, in its folder: the generator's settings and the plugin's options.
CONFIG_FILE = "mkdocs.yml"


@dataclass(frozen=True)
class PageOption:
    """One page of the site, in the order of the navigation."""

    name: str
    """The page's file stem and URL (``buildings`` → ``/buildings/``; ``index`` is the home page)."""

    title: str
    """Its title in the navigation."""

    kind: Literal["rulebook", "markdown", "calculators", "table", "readings", "changes"] = "rulebook"
    """``rulebook``: built from a section of the exports; ``markdown``: a hand-written page in
    ``docs/``; ``calculators``: the overview of every calculator, built from the placements;
    ``table``: the players' table, built from ``table``; ``readings``: where the rules are
    silent, built from the calculators' readings; ``changes``: what changed in the rules'
    words, built from their history (with older pages, and the Atom feed ``changes.xml``)."""

    section: str | None = None
    """The heading (verbatim, without ``=`` or ``'''``) of the section the page shows."""

    group: tuple[str, ...] = ()
    """The groups the page sits in, outermost first (``[Books 11–20, Book 14]``); the pages
    of a group are next to each other in the list. Empty: at the navigation's top."""

    offline: Literal["core", "book"] | None = None
    """When a phone keeps the page for offline use: ``core``, on the first visit (with the
    shell, the runtime and the search); ``book``, when the player keeps the whole book.
    Unset: ``core`` for a page at the navigation's top, ``book`` for a page in a group."""


@dataclass(frozen=True)
class Options:
    """The ``scrollhammer`` plugin's options; paths are relative to ``mkdocs.yml``."""

    exports: tuple[str, ...]
    """The export files in merge order; the first is the base the others must agree with."""

    pages: tuple[PageOption, ...]
    """Every page, in the order of the navigation: the one list of pages (the build makes
    ``nav`` from it; the tests read it)."""

    enabled: bool = True
    """Build the rulebook pages at all."""

    source_dir: str = "docs/rulebook"
    """Folder of the ``.wiki`` section exports."""

    scripts: tuple[str, ...] = ("assets/js/main.mjs",)
    """The page scripts added to every page, as ES modules (their imports load the rest)."""

    styles: tuple[str, ...] = ("assets/rules.css",)
    """The stylesheets added to every page."""

    anchors_lock: str = "anchors.lock.json"
    """The committed lock of every published rule id."""

    frozen_anchors: bool = False
    """Fail instead of updating the lock (and the rules' history) when ids or words are new
    or changed (set in CI)."""

    wiki: str = "wiki.toml"
    """The wiki the rulebook is synced from (``make sync``): once its folder holds a sync,
    the build reads the wiki's pages from there instead of ``exports``."""

    rule_history: str = "rules.history.jsonl"
    """The committed history of every rule's words (one line per version)."""

    finish: bool = True
    """Finish the site after MkDocs (stage 4). Off, the build writes ``build/stages/finish.json``
    and leaves the site as the theme wrote it, for ``python -m build_scripts.finish site``."""

    cards: bool = True
    """Write a card (a page with the rule's words in its tags, and an image) for every rule under ``r/``."""

    card_images: bool = True
    """Draw each card's image (``og:image``). Off, a chat shows a card's words without a
    picture, and the site has one file a rule instead of two (for a host that counts files:
    deploy/README.md)."""

    xref_map: str = "build_scripts/maps/xrefs.toml"
    """The committed map of ``page XX`` references."""

    report: str = "build/reports/references.md"
    """Where to write the build report of every reference."""

    terms: str = "build_scripts/maps/terms.toml"
    """The committed map of terms and the rules that define them."""

    build_times: str = "build/reports/build-times.json"
    """Where to write the wall seconds of each stage of the build."""

    terms_report: str = "build/reports/terms.md"
    """Where to write the build report of every term."""

    question_words: str = "build_scripts/maps/search_words.toml"
    """The committed map of a question's stop words and the book's words for the game's words
    (the search reads it as ``search/words.json``)."""

    question_words_report: str = "build/reports/search-words.md"
    """Where to write the build report of the search's words for questions."""

    table: str = "build_scripts/maps/table.toml"
    """The committed kinds of terrain piece and the questions the rules leave to the players
    (drawn as the page of kind ``table``)."""

    placements: str = "build_scripts/maps/calculator_placements.toml"
    """The committed map of which calculator goes after which rule."""

    pyodide_dir: str = "node_modules/pyodide"
    """Where ``npm ci`` put the pinned Pyodide."""

    calculators_dir: str = "calculators"
    """The calculators package shipped to the browser."""

    precompress: bool = True
    """Write brotli and gzip copies of large files for the server to send."""

    service_worker: bool = True
    """Generate ``sw.js`` (Workbox) so the whole site works offline after one visit."""

    api: bool = True
    """Write the rules as data (``api/v1/``: the book, every rule, each rule's versions, the
    changes, their JSON Schemas) beside the site."""

    api_rule_files: bool = True
    """With ``api``, a file per rule id (every version of its words): one file per rule, which
    a host that counts files counts (deploy/README.md); without them the bulk file and the
    changes are still written."""

    print_book: bool = True
    """Typeset the book to print (``print/rules.pdf``, and a PDF for each navigation group)
    from the built pages, with WeasyPrint: linked from the home page, kept with the whole book."""

    build_sources: tuple[str, ...] = (
        "docs",
        "calculators",
        "build_scripts",
        "deploy/_headers",
        "mkdocs.yml",
        "package-lock.json",
        "requirements.lock",
    )
    """What the build id is a hash of (shown in the footer; names the offline cache)."""

    host_headers: str | None = None
    """A ``_headers`` file for hosts that read one (Netlify, Cloudflare Pages), copied into the
    site's root (``deploy/_headers``)."""

    cache_dir: str = "build/cache"
    """Where the build keeps work between builds (compressed copies, the compiled stdlib)."""

    @property
    def rulebook_sections(self) -> tuple[tuple[str, str], ...]:
        """``(name, section)`` of each page built from a section of the rulebook, in the navigation's order."""
        return tuple((p.name, p.section) for p in self.pages if p.kind == "rulebook" and p.section)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = f"mkdocs.yml: {PLUGIN}") -> Options:
        """The options in ``raw`` (unset ones at their defaults), checked.

        Raises:
            RulebookError: naming the option, what it must be and what it is.
        """
        options: Options = _build(cls, raw, where)
        for page in options.pages:
            if not _PAGE_NAME.fullmatch(page.name):  # its address; the printed book names its parts after it
                raise RulebookError(f"{where}: page {page.name!r}: a name is lower-case letters, digits and hyphens")
            if (page.kind == "rulebook") != bool(page.section):
                raise RulebookError(f"{where}: page {page.name!r}: a rulebook page, and only one, names a `section`")
        return options


@dataclass(frozen=True)
class Site:
    """What the generator's own config says of the site, as the build uses it."""

    url: str
    name: str
    copyright: str
    docs_dir: str = "docs"
    nav: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class Project:
    """A project: its folder, the site and the build's options."""

    root: Path
    site: Site
    options: Options

    def path(self, relative: str) -> Path:
        """A path the options name, in the project."""
        return self.root / relative


def load_project(config_file: Path) -> Project:
    """Read ``config_file`` (``mkdocs.yml``) as a generator would, ``!ENV`` tags resolved.

    Raises:
        RulebookError: naming the file, when it cannot be read or has no ``scrollhammer`` entry.
    """
    return project_from(config_file, read_config(config_file))


def project_from(config_file: Path, raw: Mapping[str, Any]) -> Project:
    """The project whose config file ``config_file`` holds ``raw`` (:func:`read_config`).

    Raises:
        RulebookError: naming the file, when it has no ``scrollhammer`` entry or a bad option.
    """
    # The plugin as MkDocs takes it: a mapping with its options, or its bare name (no options).
    entry = next((p for p in raw.get("plugins") or [] if p == PLUGIN or (isinstance(p, dict) and PLUGIN in p)), None)
    if entry is None:
        raise RulebookError(f"{config_file.name} has no {PLUGIN} plugin")
    site = Site(
        url=str(raw.get("site_url") or "/"),
        name=str(raw.get("site_name") or ""),
        copyright=str(raw.get("copyright") or ""),
        docs_dir=str(raw.get("docs_dir") or "docs"),
        nav=list(raw.get("nav") or []),
    )
    given = entry[PLUGIN] if isinstance(entry, dict) else None
    options = Options.from_mapping(given or {}, f"{config_file.name}: {PLUGIN}")
    return Project(config_file.parent, site, options)


def read_config(config_file: Path) -> dict[str, Any]:
    """``config_file``'s YAML, ``!ENV [NAME, default]`` read as MkDocs reads it."""

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        """YAML with MkDocs' ``!ENV`` tag."""

    Loader.add_constructor("!ENV", construct_env_tag)
    try:
        raw = yaml.load(config_file.read_text("utf-8"), Loader=Loader)  # noqa: S506 - a SafeLoader
    except (OSError, yaml.YAMLError) as exc:
        raise RulebookError(f"{config_file.name}: {exc}") from None
    if not isinstance(raw, dict):
        raise RulebookError(f"{config_file.name} is not a mapping of settings")
    return raw


def _build(cls: type[Any], raw: Mapping[str, Any], where: str) -> Any:  # noqa: ANN401 - one of the option classes
    if not isinstance(raw, Mapping):
        raise RulebookError(f"{where}: must be a mapping of options, not {raw!r}")
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise RulebookError(f"{where}: unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    values = {}
    for name, value in raw.items():
        values[name] = _check(hints[name], value, f"{where}: {name}")
    missing = [n for n, f in known.items() if n not in values and _required(f)]
    if missing:
        raise RulebookError(f"{where}: the option {missing[0]!r} is required")
    return cls(**values)


def _required(f: Any) -> bool:  # noqa: ANN401 - a dataclass field
    return f.default is MISSING and f.default_factory is MISSING


def _check(hint: Any, value: Any, where: str) -> Any:  # noqa: ANN401 - the few kinds of option there are
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = (a for a in args if a is not type(None))
        return _check(inner, value, where)
    if origin is Literal:
        if value not in args:
            raise RulebookError(f"{where}: must be one of {', '.join(map(repr, args))}, not {value!r}")
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise RulebookError(f"{where}: must be a list, not {value!r}")
        return tuple(_check(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if hint is PageOption:
        return _build(PageOption, value, where)
    if hint is bool and not isinstance(value, bool):
        raise RulebookError(f"{where}: must be true or false, not {value!r}")
    if hint is str and not isinstance(value, str):
        raise RulebookError(f"{where}: must be text, not {value!r}")
    return value
