"""The project as the tests and the benchmarks find it: its folder, its settings, its pages."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from build_scripts.core.model import page_url
from build_scripts.settings.options import CONFIG_FILE, Project, load_project

__all__ = ["PAGE_KINDS", "PAGE_URLS", "PROJECT", "ROOT", "RULEBOOK_SAMPLES", "SITE", "first_day"]

ROOT = Path(__file__).resolve().parent.parent
#: The project's settings, read as the build reads them (``build_scripts.settings``).
PROJECT: Project = load_project(ROOT / CONFIG_FILE)
#: Where ``make build`` writes the site.
SITE = ROOT / "site"
#: Every page's URL from the site root, in navigation order.
PAGE_URLS = [page_url(p.name) for p in PROJECT.options.pages]
#: The rulebook pages that stand for all of them where a check is the same on every page made
#: by the same template and code: between them they hold every kind of thing a rulebook page
#: holds (the damage chart's rows, calculators and their answers as the build draws them, a
#: chart and a table among them, keywords, the table's marks, references to rules in and out
#: of these sections), which ``tests/site/test_page_kinds.py`` holds them to.
RULEBOOK_SAMPLES = ["buildings", "ruins", "unit-types"]
#: One page of each kind (the rulebook's by :data:`RULEBOOK_SAMPLES`), in navigation order.
PAGE_KINDS = [
    page_url(p.name)
    for n, p in enumerate(PROJECT.options.pages)
    if (
        p.name in RULEBOOK_SAMPLES
        if p.kind == "rulebook"
        else p.kind not in {q.kind for q in PROJECT.options.pages[:n]}
    )
]


def first_day(site: Path, url: str) -> str:
    """The first day of the book's history a built rulebook page carries (its ``?as-of=`` data).

    Raises:
        ValueError: when the page carries no rules' versions.
    """
    html = (site / url / "index.html").read_text("utf-8")
    found = re.search(r"""id="rule-versions" data-json='([^']*)'""", html)
    if found is None:
        raise ValueError(f"{url} carries no rule versions")
    return str(json.loads(unescape(found.group(1)))["asof"]["since"])
