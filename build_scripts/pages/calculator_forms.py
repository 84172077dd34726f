"""Calculators in the page: where each one goes, and its form from its declaration.

The placements come from a committed map (rule id → calculator and fixed inputs), never
from the rule text. Every form is rendered by one template from the calculator's input
declaration, so adding a calculator needs no new HTML or JavaScript.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from build_scripts.core.data_file import load_entries
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from build_scripts.core.templates import environment
from calculators.contract import Calculator
from calculators.registry import all_calculators

__all__ = ["Placement", "load_placements", "render_form"]


@dataclass(frozen=True)
class Placement:
    """One calculator placed after one rule."""

    calculator: str
    after: RuleRef
    title: str
    intro: str
    fixed: dict[str, str] = field(default_factory=dict)

    @property
    def page(self) -> str:
        """The page the calculator is on."""
        return self.after.page

    @property
    def rule_id(self) -> str:
        """The id of the rule it follows (and resolves)."""
        return self.after.id

    def manifest_entry(self, page_url: str) -> dict[str, Any]:
        """Where the page script finds this calculator: ``{"page", "rule", "fixed"}``."""
        return {"page": page_url, "rule": self.rule_id, "fixed": dict(self.fixed)}

    @property
    def instance_id(self) -> str:
        """The calculator's element id: its name and fixed values (``calc-hit-split-artillery``)."""
        return "-".join(["calc", self.calculator, *self.fixed.values()])


def load_placements(text: str, name: str) -> list[Placement]:
    """Parse and check the placement map.

    Raises:
        RulebookError: for an unknown calculator, an unknown or invalid fixed input,
            or a malformed entry, naming the map's file and the entry's line.
    """
    places = []
    for entry in load_entries(text, name, ("place",))["place"]:
        raw = entry.data
        calc = all_calculators().get(str(raw.get("calculator", "")))
        if calc is None:
            raise entry.error(f"the place names no known calculator: {raw.get('calculator')!r}")
        try:
            after = RuleRef.parse(str(raw.get("after", "")))
        except ValueError:
            raise entry.error('the place needs after = "page#rule-id"') from None
        fixed = {str(k): str(v) for k, v in raw.get("fixed", {}).items()}
        specs = {i.name: i for i in calc.inputs}
        for key, value in fixed.items():
            if key not in specs:
                raise entry.error(f"the place fixes {key!r}, which {calc.name} does not take")
            try:
                specs[key].check(value)
            except ValueError as exc:
                raise entry.error(f"the place fixes {exc}") from None
        title, intro = str(raw.get("title", calc.title)), str(raw.get("intro", ""))
        places.append(Placement(calc.name, after, title, intro, fixed))
    ids = [p.instance_id for p in places]
    if len(ids) != len(set(ids)):
        raise RulebookError(f"{name}: two places give the same calculator the same fixed inputs")
    return places


def render_form(
    place: Placement, calc: Calculator[Any, Any], *, heading_level: int, runtime: Mapping[str, str] | None = None
) -> Markup:
    """The calculator's HTML, from its declaration.

    ``runtime`` (Pyodide's version, the stdlib's hash, the calculators archive) goes in the
    section, so the page starts the worker without asking the server for a manifest first.
    """
    html = (
        environment()
        .get_template("calculator.html.j2")
        .render(place=place, calc=calc, inputs=calc.inputs, level=min(6, heading_level), runtime=runtime or {})
    )
    # One line, so Markdown passes it through as a single raw HTML block.
    one_line = " ".join(line.strip() for line in html.splitlines() if line.strip())
    return Markup(one_line)  # noqa: S704 - rendered by the autoescaping template above
