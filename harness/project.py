"""The project as the tests and the benchmarks find it: its folder, its settings, its pages."""

from __future__ import annotations

from pathlib import Path

from build_scripts.core.model import page_url
from build_scripts.settings.options import CONFIG_FILE, Project, load_project

__all__ = ["PAGE_URLS", "PROJECT", "ROOT", "SITE"]

ROOT = Path(__file__).resolve().parent.parent
#: The project's settings, read as the build reads them (``build_scripts.settings``).
PROJECT: Project = load_project(ROOT / CONFIG_FILE)
#: Where ``make build`` writes the site.
SITE = ROOT / "site"
#: Every page's URL from the site root, in navigation order.
PAGE_URLS = [page_url(p.name) for p in PROJECT.options.pages]
