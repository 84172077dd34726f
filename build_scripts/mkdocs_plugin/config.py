"""The ``scrollhammer`` plugin's options, each documented where it is declared."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

__all__ = ["PageConfig", "ScrollhammerConfig"]


class PageConfig(base.Config):
    """One page of the site, in the order of the navigation."""

    name = c.Type(str)
    """The page's file stem and URL (``buildings`` → ``/buildings/``; ``index`` is the home page)."""

    title = c.Type(str)
    """Its title in the navigation."""

    kind = c.Choice(("rulebook", "markdown", "calculators", "table", "readings"), default="rulebook")
    """``rulebook``: built from a section of the exports; ``markdown``: a hand-written page in
    ``docs/``; ``calculators``: the overview of every calculator, built from the placements;
    ``table``: the players' table, built from ``table``; ``readings``: where the rules are
    silent, built from the calculators' readings."""

    section = c.Optional(c.Type(str))
    """The heading (verbatim, without ``=`` or ``'''``) of the section the page shows."""

    group = c.ListOfItems(c.Type(str), default=[])
    """The groups the page sits in, outermost first (``[Books 11–20, Book 14]``); the pages
    of a group are next to each other in the list. Empty: at the navigation's top."""

    offline = c.Optional(c.Choice(("core", "book")))
    """When a phone keeps the page for offline use: ``core``, on the first visit (with the
    shell, the runtime and the search); ``book``, when the player keeps the whole book.
    Unset: ``core`` for a page at the navigation's top, ``book`` for a page in a group."""


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
    """Fail instead of updating the lock (and the rules' history) when ids or words are new
    or changed (set in CI)."""

    wiki = c.Type(str, default="wiki.toml")
    """The wiki the rulebook is synced from (``make sync``), relative to ``mkdocs.yml``: once
    its folder holds a sync, the build reads the wiki's pages from there instead of ``exports``."""

    rule_history = c.Type(str, default="rules.history.jsonl")
    """The committed history of every rule's words (one line per version), relative to ``mkdocs.yml``."""

    finish = c.Type(bool, default=True)
    """Finish the site after MkDocs (stage 4). Off, the build writes ``build/stages/finish.json``
    and leaves the site as the theme wrote it, for ``python -m build_scripts.finish site``."""

    cards = c.Type(bool, default=True)
    """Write a card (a page with the rule's words in its tags, and an image) for every rule under ``r/``."""

    card_images = c.Type(bool, default=True)
    """Draw each card's image (``og:image``). Off, a chat shows a card's words without a
    picture, and the site has one file a rule instead of two (for a host that counts files:
    deploy/README.md)."""

    xref_map = c.Type(str, default="build_scripts/xrefs.toml")
    """The committed map of ``page XX`` references, relative to ``mkdocs.yml``."""

    report = c.Type(str, default="build/reports/references.md")
    """Where to write the build report of every reference, relative to ``mkdocs.yml``."""

    terms = c.Type(str, default="build_scripts/terms.toml")
    """The committed map of terms and the rules that define them, relative to ``mkdocs.yml``."""

    build_times = c.Type(str, default="build/reports/build-times.json")
    """Where to write the wall seconds of each stage of the build, relative to ``mkdocs.yml``."""

    terms_report = c.Type(str, default="build/reports/terms.md")
    """Where to write the build report of every term, relative to ``mkdocs.yml``."""

    table = c.Type(str, default="build_scripts/table.toml")
    """The committed kinds of terrain piece and the questions the rules leave to the players,
    relative to ``mkdocs.yml`` (drawn as the page of kind ``table``)."""

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
        default=[
            "docs",
            "calculators",
            "build_scripts",
            "deploy/_headers",
            "mkdocs.yml",
            "package-lock.json",
            "requirements.lock",
        ],
    )
    """What the build id is a hash of (shown in the footer; names the offline cache)."""

    host_headers = c.Optional(c.Type(str))
    """A ``_headers`` file for hosts that read one (Netlify, Cloudflare Pages), copied into the
    site's root, relative to ``mkdocs.yml`` (``deploy/_headers``)."""

    cache_dir = c.Type(str, default="build/cache")
    """Where the build keeps work between builds (compressed copies, the compiled stdlib),
    relative to ``mkdocs.yml``."""
