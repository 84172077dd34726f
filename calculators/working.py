"""A calculator's working: short steps, each citing the rule it applies."""

from __future__ import annotations

from dataclasses import dataclass

from calculators.rules import rule_link

__all__ = ["Step"]


@dataclass(frozen=True)
class Step:
    """One line of working and the rule key it applies (see :mod:`calculators.rules`)."""

    text: str
    rule: str

    def __post_init__(self) -> None:
        rule_link(self.rule)  # an unknown key fails at once, not in the page

    def as_dict(self) -> dict[str, str]:
        """The step with its rule's site id, for JSON."""
        return {"text": self.text, "rule": self.rule, "rule_id": rule_link(self.rule)}
