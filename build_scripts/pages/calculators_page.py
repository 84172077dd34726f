"""The Calculators page: every calculator, with links to it and to its rule."""

from __future__ import annotations

from collections.abc import Sequence

from build_scripts.core.model import AnchoredBlock, index_rules, page_url
from build_scripts.core.templates import environment
from build_scripts.pages.calculator_forms import Placement
from build_scripts.pages.page_kinds import CalculatorsPage

__all__ = ["render_calculators_page"]


def render_calculators_page(
    placements: Sequence[Placement], anchored: dict[str, list[AnchoredBlock]]
) -> CalculatorsPage:
    """The page's Markdown, written from the committed placement map (its titles and intros).

    Each calculator is one tile that opens it in its page, under the headings of its rule.
    """
    rules = index_rules(anchored)
    items = [
        {
            "place": p,
            "title": p.title,
            "rule_label": rules[p.after].label,
            "page_url": page_url(p.page),
        }
        for p in placements
    ]
    return CalculatorsPage(environment(html=False).get_template("calculators.md.j2").render(items=items))
