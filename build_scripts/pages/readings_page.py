"""Where the rules are silent: the readings page, the rules' markers, and the build's check.

The readings are declared in the calculators (:mod:`calculators.readings`); this module
only shows them. :func:`check_readings` fails the build, naming the declaration's file
and line, for a reading that names a rule the site does not have. :func:`reading_marks`
gives each rule a reading concerns a small marker linking to the reading, as the table's
Agree markers do. :func:`render_readings_page` is the page: every reading with its
question, the rules' words, each option (the site's marked), why it is a reading, and
the calculators that use it.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import calculators
from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, RuleRef, index_rules, page_url
from build_scripts.core.templates import environment
from build_scripts.pages.page_kinds import ReadingsPage
from build_scripts.pages.render import rule_href
from build_scripts.pages.table_spec import Question, TableSpec
from calculators.readings import Reading
from calculators.registry import all_calculators, all_readings

__all__ = [
    "QUESTION_PREFIX",
    "READINGS_PAGE",
    "calculator_links",
    "check_readings",
    "declared_at",
    "reading_marks",
    "render_readings_page",
    "with_readings",
]

#: The readings page's name (its URL), unless the site's configuration names another.
READINGS_PAGE = "readings"
_PACKAGE = Path(calculators.__file__).parent
#: A reading's question on The table is ``reading-ID`` (the page scripts read it back so).
QUESTION_PREFIX = "reading-"


def declared_at(reading: Reading, package: Path = _PACKAGE) -> Source:
    """Where ``reading`` is declared: the calculators' file and line with its ``id="…"``."""
    pattern = re.compile(r"""\bid\s*=\s*["']""" + re.escape(reading.id) + r"""["']""")
    for path in sorted(package.rglob("*.py")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if pattern.search(line):
                return Source(str(path.relative_to(package.parent)), number)
    return Source(f"{package.name}/", 0)


def check_readings(
    pages: Mapping[str, list[AnchoredBlock]],
    follow: Callable[[RuleRef], RuleRef] = lambda r: r,
    readings: Mapping[str, tuple[Reading, tuple[str, ...]]] | None = None,
) -> None:
    """Every rule a reading names is a rule of the site.

    Raises:
        RulebookError: naming the reading's declaration (file and line) and the rule.
    """
    rules = index_rules(pages)
    for reading, _ in (all_readings() if readings is None else readings).values():
        for rule in reading.rules:
            if follow(RuleRef.parse(rule)) not in rules:
                raise RulebookError(
                    f"the reading {reading.id!r} names {rule!r}, which is no rule (see anchors.lock.json)",
                    source=declared_at(reading),
                )


def reading_marks(
    page: str, urls: Mapping[str, str], readings_page: str, follow: Callable[[RuleRef], RuleRef] = lambda r: r
) -> dict[str, list[tuple[str, str]]]:
    """Rule id on ``page`` → (reading id, link to it) for each reading that concerns the rule."""
    rel = posixpath.relpath(page_url(readings_page) or ".", urls[page] or ".").rstrip("/")
    out: dict[str, list[tuple[str, str]]] = {}
    for reading, _ in all_readings().values():
        for rule in reading.rules:
            ref = follow(RuleRef.parse(rule))
            if ref.page == page:
                out.setdefault(ref.id, []).append((reading.id, f"{rel}/#{reading.id}"))
    return out


def calculator_links(places: list[tuple[str, RuleRef]], urls: Mapping[str, str], here: str) -> dict[str, str]:
    """Calculator name → a link from ``here`` to its first place (``places``: name and where it is)."""
    out: dict[str, str] = {}
    for name, where in places:
        out.setdefault(name, rule_href(where, here, urls))
    return out


def render_readings_page(
    pages: Mapping[str, list[AnchoredBlock]],
    urls: Mapping[str, str],
    here: str,
    place: Callable[[AnchoredBlock], str],
    calculator_links: Mapping[str, str],
    follow: Callable[[RuleRef], RuleRef] = lambda r: r,
) -> ReadingsPage:
    """The page "Where the rules are silent": every reading, its rules' words, options and calculators."""
    rules = index_rules(pages)
    titles = {name: calc.title for name, calc in all_calculators().items()}
    items = []
    for reading, users in all_readings().values():
        quoted = []
        for rule in reading.rules:
            ref = follow(RuleRef.parse(rule))
            quoted.append(
                {"place": place(rules[ref]), "words": rules[ref].block.full_text, "href": rule_href(ref, here, urls)}
            )
        items.append(
            {
                "reading": reading,
                "rules": quoted,
                "users": [{"title": titles[u], "href": calculator_links.get(u, "")} for u in users],
            }
        )
    return ReadingsPage(environment().get_template("readings.md.j2").render(items=items))


def with_readings(table: TableSpec) -> TableSpec:
    """The table with every reading as a question of the game, its default the site's reading.

    The group's choice is kept and shared with the table (a table link without it reads the
    default); the calculators read it. A reading asks nothing the rules ask the players
    (``asks`` is empty): its rules carry a Reading marker, not an Agree one. Its choices are
    the options' few words (a phone's select shows them whole).
    """
    questions = tuple(
        Question(
            id=QUESTION_PREFIX + reading.id,
            scope="game",
            kinds=(),
            type="choice",
            text=reading.question,
            rules=tuple(RuleRef.parse(rule) for rule in reading.rules),
            asks=(),
            source=declared_at(reading),
            choices={option: reading.words(option) for option in reading.options},
            default=reading.default,
        )
        for reading, _ in all_readings().values()
    )
    return replace(table, questions=table.questions + questions)
