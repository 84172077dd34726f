"""The build report: every cross reference and how it was resolved."""

from __future__ import annotations

from build_scripts.rulebook.xrefs import Resolution

__all__ = ["reference_report"]


def reference_report(references: list[Resolution]) -> str:
    """A Markdown table of every ``page XX`` reference, its context and its resolution."""
    lines = [
        "# Cross references",
        "",
        (
            f"{len(references)} references; "
            f"{sum(r.target is not None for r in references)} linked, "
            f"{sum(r.target is None for r in references)} marked as not in these sections."
        ),
        "",
        "| page | in rule | words before it | resolved to |",
        "| --- | --- | --- | --- |",
    ]
    for r in references:
        where = f"`{r.target}` ({r.label})" if r.target else r.label
        lines.append(f"| {r.page} | `#{r.block_id}` | …{r.context} | {where} |")
    return "\n".join(lines) + "\n"
