"""The rules of a built page, read back from its HTML: what the search indexes.

Every rule the build writes carries its id and a class of ours: ``rule-heading`` on a
heading, ``rule`` on a paragraph or list item, ``rule chart-row`` on a damage-chart row
(its name in ``chart-row__name``). What the site adds inside a rule to help (a reference's
"not in these sections", the Agree and Reading markers) carries ``data-help`` and is not
rule text; nor is a heading's permalink (``headerlink``). Nothing here knows the theme:
only these marks, which the page templates write, are read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Literal

__all__ = ["CalculatorText", "PageRules", "RuleText", "page_rules"]

RuleKind = Literal["heading", "rule", "chart-row"]
_SPACES = re.compile(r"\s+")
#: The first element that is a rule (a rule is never inside another): the page is read from there.
_FIRST_RULE = re.compile(r"""<[a-z0-9]+\b[^>]*\bclass="(?:rule|rule-heading)[ "]""")
_HEADING_TAG = re.compile(r"h[1-6]")
_VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed", "track"})


@dataclass(frozen=True)
class RuleText:
    """One rule's words as the page shows them.

    ``name`` is a heading's words or a chart row's roll and name (``6: Total Collapse``),
    empty for a paragraph or list item; ``text`` the words under it (a chart row's
    paragraph, a paragraph's or item's words; empty for a heading); ``heading`` the words
    of the nearest heading at or above the rule; ``place`` the words of every heading the
    rule sits under, outermost (the page's title) first, its own heading's included and a
    heading's own words not (``("Ruins", "Barrage Weapons")``).
    """

    id: str
    kind: RuleKind
    name: str
    text: str
    heading: str
    place: tuple[str, ...] = ()


@dataclass(frozen=True)
class CalculatorText:
    """A calculator on a page: its section's id, its name and what it answers (its intro)."""

    id: str
    name: str
    intro: str


@dataclass(frozen=True)
class PageRules:
    """A page's title (its first heading's words), its rules in page order, and its calculators."""

    title: str
    rules: tuple[RuleText, ...]
    calculators: tuple[CalculatorText, ...] = ()


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


class _RuleReader(HTMLParser):
    """Collects the rules' words, skipping what helps beside them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rules: list[RuleText] = []
        self._stack: list[tuple[str, str | None]] = []  # (tag, what it opens: rule / name / skip / None)
        self._rule: dict[str, str] | None = None
        self._skip = 0  # open elements inside something skipped
        self._in_name = 0
        self._heading = ""
        self._level = 0  # the open rule's heading level (h1 → 1), for a heading
        self._above: list[tuple[int, str]] = []  # the headings the next rule sits under: (level, words)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        role: str | None = None
        if self._rule is None:
            rule_id = found.get("id")
            if rule_id and ("rule" in classes or "rule-heading" in classes):
                kind = "heading" if "rule-heading" in classes else "chart-row" if "chart-row" in classes else "rule"
                self._rule = {"id": rule_id, "kind": kind, "name": "", "text": ""}
                self._level = int(tag[1]) if _HEADING_TAG.fullmatch(tag) else 7
                role = "rule"
        elif self._skip or "data-help" in found or "headerlink" in classes:
            role = "skip"
            self._skip += 1
        elif "chart-row__name" in classes:
            role = "name"
            self._in_name += 1
        self._stack.append((tag, role))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        while self._stack:
            open_tag, role = self._stack.pop()
            if role == "skip":
                self._skip -= 1
            elif role == "name":
                self._in_name -= 1
            elif role == "rule":
                self._end_rule()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._rule is None or self._skip:
            return
        part = "name" if self._rule["kind"] == "heading" or self._in_name else "text"
        self._rule[part] += data

    def _end_rule(self) -> None:
        rule = self._rule
        self._rule = None
        if rule is None:
            return
        name, text = _clean(rule["name"]), _clean(rule["text"])
        kind: RuleKind = rule["kind"]  # type: ignore[assignment]
        if kind == "heading":
            self._heading = name
            while self._above and self._above[-1][0] >= self._level:
                self._above.pop()
        place = tuple(words for _, words in self._above)
        if kind == "heading":
            self._above.append((self._level, name))
        self.rules.append(RuleText(rule["id"], kind, name, text, self._heading, place))


class _CalculatorReader(HTMLParser):
    """Collects each calculator's id, name (``sh-calc__title``) and intro (``sh-calc__intro``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._found: list[tuple[str, dict[str, str]]] = []  # (id, {"name": ..., "intro": ...})
        self._part: str | None = None  # the part being read: "name" or "intro"
        self._depth = 0  # open elements inside it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if self._part is not None:
            self._depth += 1
        elif tag == "section" and "sh-calc" in classes and found.get("id"):
            self._found.append((found["id"] or "", {"name": "", "intro": ""}))
        elif self._found and ("sh-calc__title" in classes or "sh-calc__intro" in classes):
            self._part = "name" if "sh-calc__title" in classes else "intro"
            self._depth = 0

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or self._part is None:
            return
        if self._depth:
            self._depth -= 1
        else:
            self._part = None

    def handle_data(self, data: str) -> None:
        if self._part is not None:
            self._found[-1][1][self._part] += data

    def calculators(self) -> tuple[CalculatorText, ...]:
        """The calculators read, those with a name."""
        out = (CalculatorText(id_, _clean(parts["name"]), _clean(parts["intro"])) for id_, parts in self._found)
        return tuple(c for c in out if c.name)


def page_rules(html: str) -> PageRules:
    """The rules of a built page, and its calculators (none on a page without rules)."""
    first = _FIRST_RULE.search(html)
    reader = _RuleReader()
    reader.feed(html[first.start() :] if first else "")
    reader.close()
    rules = tuple(reader.rules)
    title = next((r.name for r in rules if r.kind == "heading"), "")
    calculators = _CalculatorReader()
    calculators.feed(html[first.start() :] if first else "")
    calculators.close()
    return PageRules(title, rules, calculators.calculators())
