"""Stage 4's state for unit tests: the site and its pages as the pages' step would give them,
with only what a test names changed (``build_scripts/finish/stage.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from build_scripts.core.model import LastChange
from build_scripts.finish.stage import PagesState, RulebookPage, SiteState

SITE = SiteState(url="https://rules.example.org/", root="/", name="Scrollhammer Rules", build_id="b1")
PAGES = PagesState(
    modules=[],
    calculator_pages=[],
    places={},
    book_pages=[],
    unkept=[],
    feed="",
    calculators_page="",
    not_found="",
    question_words={},
    rulebook={},
)


def site_state(**given: Any) -> SiteState:
    """The site with ``given`` fields changed."""
    return replace(SITE, **given)


def pages_state(**given: Any) -> PagesState:
    """The pages with ``given`` fields changed."""
    return replace(PAGES, **given)


def rulebook_page(day: str = "", revision: int = 0, table: dict[str, Any] | None = None) -> RulebookPage:
    """A rulebook page whose words last changed on ``day`` at ``revision``."""
    return RulebookPage(LastChange(day, revision), table)
