"""What a page should show, from the project's own sources, for every engine's browser tests:
a calculator's result as CPython computes it, and the card link a rule's menu gives."""

from __future__ import annotations

import json
from typing import Any

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.model import RuleRef
from calculators.format import to_jsonable
from calculators.registry import all_calculators
from harness.project import ROOT

__all__ = ["card_link", "cpython"]


def cpython(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """The calculator's result in CPython, as the page holds it (JSON)."""
    return dict(json.loads(json.dumps(to_jsonable(all_calculators()[name].compute(**inputs)))))


def card_link(site_url: str, page: str, rule: str) -> str:
    """The link the rule menu gives for a rule: its card address with the version of its words now."""
    history = RuleHistory.loads((ROOT / "rules.history.jsonl").read_text("utf-8"))
    latest = history.latest(RuleRef(page, rule))
    assert latest is not None, f"{page}#{rule} has no words in the history"
    return f"{site_url}r/{page}/{rule}/?v={latest.version}"
