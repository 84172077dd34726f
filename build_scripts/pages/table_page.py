"""The table on the site: its page, the spec as the page scripts' data, and the rules' marks.

:func:`table_data` is the one JSON value the page scripts read (on the table page, and on
each page whose calculator the table fills in): the kinds, their facts and questions, the
feeds and the Building Damage Chart's rows as the calculator rolls them. :func:`rule_words`
adds, for the table page, the words of every rule a question cites (one tap away).
:func:`marks` is, for each rule that asks for an agreement, the questions that answer it:
the rule gets a small marker linking to the table.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from typing import Any

from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules, page_url
from build_scripts.core.templates import environment
from build_scripts.pages.page_kinds import TablePage
from build_scripts.pages.render import rule_href
from build_scripts.pages.table_spec import TableSpec
from calculators.building_damage import CHART
from calculators.building_damage.words import RULES as DAMAGE_RULES

__all__ = ["FORMAT", "linker", "marks", "page_marks", "render_table_page", "rule_words", "table_data"]

#: The version of the table's state (on the device and in a link); the page scripts refuse newer ones.
#: 2: a table may carry the rules' date for its game (tables without one are still written as 1).
FORMAT = 2


def table_data(spec: TableSpec, href: Callable[[RuleRef], str]) -> dict[str, Any]:
    """The spec as the page scripts read it; ``href`` links a rule from the page it is on."""
    return {
        "format": FORMAT,
        "kinds": [
            {
                "id": k.id,
                "name": k.name,
                "group": k.group,
                "pick": k.pick,
                "type": k.type,
                "material": k.material,
                "armour_value": k.armour_value,
                "armour_rule": href(k.armour_rule) if k.armour_rule else None,
                "facts": [
                    {"says": f.says, "rule": href(f.rule), "when": list(f.when) if f.when else None} for f in k.facts
                ],
                "questions": [q.id for q in spec.for_kind(k)],
            }
            for k in spec.kinds
        ],
        "questions": {
            q.id: {
                "scope": q.scope,
                "type": q.type,
                "text": q.text,
                "rules": [str(r) for r in q.rules],
                "hrefs": [href(r) for r in q.rules],
                "choices": [[value, label] for value, label in q.choices.items()],
                "default": q.default,
                "min": q.minimum,
                "max": q.maximum,
            }
            for q in spec.questions
        },
        "game": [q.id for q in spec.questions if q.scope == "game"],
        "feeds": {f.calculator: {"group": f.group, "inputs": dict(f.inputs)} for f in spec.feeds},
        "chart": {
            str(n): {
                "name": row.name,
                "rule": href(RuleRef.parse(DAMAGE_RULES.link(row.rule))),
                "loss": row.armour_loss,
                "collapses": row.collapses,
            }
            for n, row in CHART.items()
        },
        "at_zero": href(RuleRef.parse(DAMAGE_RULES.link("zero-armour-value"))),
    }


def rule_words(
    spec: TableSpec, pages: Mapping[str, list[AnchoredBlock]], place: Callable[[AnchoredBlock], str]
) -> dict[str, dict[str, str]]:
    """Every rule a question cites → its place and words, exactly as the source has them."""
    rules = index_rules(pages)
    cited = {r for q in spec.questions for r in q.rules}
    return {str(r): {"place": place(rules[r]), "words": rules[r].block.full_text} for r in sorted(cited, key=str)}


def marks(spec: TableSpec) -> dict[RuleRef, list[str]]:
    """Each rule that asks for an agreement → the questions that answer it (those that quote it)."""
    out: dict[RuleRef, list[str]] = {}
    for question in spec.questions:
        for rule in question.rules if question.asks else ():
            out.setdefault(rule, []).append(question.id)
    return out


def linker(urls: Mapping[str, str], here: str) -> Callable[[RuleRef], str]:
    """Links to rules from the page at ``here`` (page name → URL in ``urls``), relative."""
    return lambda rule: rule_href(rule, here, urls)


def page_marks(table: TableSpec, page: str, urls: Mapping[str, str], table_page: str) -> dict[str, str]:
    """Rule id on ``page`` → the link to the first question that answers it (the rule asks for an agreement)."""
    rel = posixpath.relpath(page_url(table_page) or ".", urls[page] or ".").rstrip("/")
    return {rule.id: f"{rel}/#ask-{ids[0]}" for rule, ids in marks(table).items() if rule.page == page}


_GROUP_WORDS = {"building": "buildings", "ruin": "ruins", "terrain": "other terrain", "any": "every piece"}


def render_table_page(
    table: TableSpec,
    pages: Mapping[str, list[AnchoredBlock]],
    urls: Mapping[str, str],
    here: str,
    place: Callable[[AnchoredBlock], str],
) -> TablePage:
    """The table page's Markdown: the spec as data for the page script, and every question with its rules' words."""
    data = table_data(table, linker(urls, here))
    words = rule_words(table, pages, place)
    hrefs = {ref: rule_href(RuleRef.parse(ref), here, urls) for ref in words}
    names = {k.id: k.name for k in table.kinds}
    asked = {q.id: q.kinds for q in table.questions}

    def kinds_for(question: str) -> str:
        return ", ".join(_GROUP_WORDS.get(k) or names[k] for k in asked[question])

    def default_words(q: Mapping[str, Any]) -> str:
        return str(dict(q["choices"]).get(q["default"], q["default"]))

    template = environment().get_template("table.md.j2")
    return TablePage(
        template.render(spec=data, words=words, hrefs=hrefs, kinds_for=kinds_for, default_words=default_words)
    )
