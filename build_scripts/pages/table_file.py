"""Reading ``table.toml``: its entries into a :class:`~build_scripts.pages.table_spec.TableSpec`, each checked.

The kinds of terrain piece, what the rules make of each, and the questions these sections
leave to the players (see the file's header for its keys). A missing or ill-typed key,
an unknown group, kind or type, a duplicate id or a bad default fails as
``table.toml:line: message``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from build_scripts.core.data_file import Entry, load_entries
from build_scripts.core.model import RuleRef
from build_scripts.pages.table_spec import (
    GROUPS,
    ID,
    PIECE_VALUES,
    TABLE_NAME,
    TYPES,
    Fact,
    Feed,
    Kind,
    NoChoice,
    Question,
    TableSpec,
)
from calculators.building_damage import BUILDINGS
from calculators.registry import get

__all__ = ["load_table"]


def load_table(text: str, name: str = TABLE_NAME) -> TableSpec:
    """Read ``table.toml`` and check its shape.

    Raises:
        RulebookError: naming the file and the entry's line, for a missing or ill-typed
            key, an unknown group, kind or type, a duplicate id or a bad default.
    """
    entries = load_entries(text, name, ("signal", "group", "kind", "question", "no_choice", "feed"))
    signals = tuple(_signal(e) for e in entries["signal"])
    shared: dict[str, tuple[Fact, ...]] = {}
    for entry in entries["group"]:
        group = _str(entry, "id")
        if group not in GROUPS:
            raise entry.error(f"the group {group!r} is none of {', '.join(GROUPS)}")
        shared[group] = _facts(entry, group)
    kinds = tuple(_kind(e, shared) for e in entries["kind"])
    _unique(entries["kind"], [k.id for k in kinds], "kind")
    known = {k.id for k in kinds} | set(GROUPS) | {"any"}
    questions = tuple(_question(e, known) for e in entries["question"])
    _unique(entries["question"], [q.id for q in questions], "question")
    by_id = {q.id: q for q in questions}
    for kind, entry in zip(kinds, entries["kind"], strict=True):
        for fact in kind.facts:
            if fact.when and (fact.when[0] not in by_id or fact.when[1] not in by_id[fact.when[0]].choices):
                raise entry.error(f"the kind {kind.id!r} has a fact shown when {'='.join(fact.when)!r}, no such answer")
    no_choice = tuple(
        NoChoice(_rule(e, e.data.get("rule")), _str(e, "asks"), _str(e, "why"), e.source) for e in entries["no_choice"]
    )
    feeds = tuple(_feed(e, by_id) for e in entries["feed"])
    return TableSpec(signals, kinds, questions, no_choice, feeds)


# ----------------------------------------------------------------------------- reading entries


def _str(entry: Entry, key: str, *, required: bool = True) -> str:
    value = entry.data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise entry.error(f"the entry needs {key} = some words")
    return value


def _id(entry: Entry) -> str:
    value = _str(entry, "id")
    if not ID.match(value):
        raise entry.error(f"the id {value!r} must be lower-case letters, digits and hyphens (at most 40)")
    return value


def _rule(entry: Entry, value: object) -> RuleRef:
    try:
        return RuleRef.parse(value if isinstance(value, str) else "")
    except ValueError as exc:
        raise entry.error(str(exc)) from None


def _signal(entry: Entry) -> re.Pattern[str]:
    pattern = _str(entry, "pattern")
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise entry.error(f"the signal {pattern!r} is no regular expression: {exc}") from None


def _kind(entry: Entry, shared: Mapping[str, tuple[Fact, ...]]) -> Kind:
    kind_id, group = _id(entry), _str(entry, "group")
    if group not in GROUPS:
        raise entry.error(f"the kind {kind_id!r} has group {group!r}; the groups are {', '.join(GROUPS)}")
    return _kind_rest(entry, kind_id, group, shared.get(group, ()) + _facts(entry, kind_id))


def _facts(entry: Entry, owner: str) -> tuple[Fact, ...]:
    """An entry's ``facts``: what the rules make of a kind (or of every kind of a group)."""
    facts = []
    for raw in entry.data.get("facts", []):
        if not isinstance(raw, dict):
            raise entry.error(f"{owner!r}: each fact is {{ says = ..., rule = ... }}")
        when = raw.get("when")
        if when is not None and (not isinstance(when, str) or when.count("=") != 1):
            raise entry.error(f'{owner!r}: a fact\'s when is "question=value"')
        says = raw.get("says")
        if not isinstance(says, str) or not says:
            raise entry.error(f"{owner!r}: each fact needs says = some words")
        facts.append(
            Fact(says, _rule(entry, raw.get("rule")), (when.split("=")[0], when.split("=")[1]) if when else None)
        )
    return tuple(facts)


def _kind_rest(entry: Entry, kind_id: str, group: str, facts: tuple[Fact, ...]) -> Kind:
    material = usual = None
    building_type = entry.data.get("type")
    if group == "building":
        if building_type == "custom":
            material = None  # the players say what it is built of, and its armour value
        elif building_type in BUILDINGS:
            material, usual = BUILDINGS[building_type]
        else:
            raise entry.error(
                f"the building kind {kind_id!r} needs type = a building type ({', '.join(BUILDINGS)}, custom)"
            )
    armour_rule = entry.data.get("armour_rule")
    if group == "building" and not armour_rule:  # the table shows it beside every armour value
        raise entry.error(f"the building kind {kind_id!r} needs armour_rule = the rule that gives its armour value")
    return Kind(
        kind_id,
        _str(entry, "name"),
        group,
        facts,
        entry.source,
        pick=bool(entry.data.get("pick", True)),
        type=building_type if group == "building" else None,
        material=material,
        armour_value=usual,
        armour_rule=_rule(entry, armour_rule) if armour_rule else None,
    )


def _question(entry: Entry, known: set[str]) -> Question:
    question_id = _id(entry)
    scope = "game" if entry.data.get("scope") == "game" else "piece"
    kinds = tuple(entry.data.get("for", []))
    if scope == "piece" and (not kinds or not set(kinds) <= known):
        raise entry.error(
            f"the question {question_id!r} needs for = kinds or groups it asks about (unknown: "
            f"{', '.join(sorted(set(kinds) - known)) or 'none given'})"
        )
    kind = _str(entry, "type")
    if kind not in TYPES:
        raise entry.error(f"the question {question_id!r} has type {kind!r}; the types are {', '.join(TYPES)}")
    rules = tuple(_rule(entry, r) for r in entry.data.get("rules", []))
    if not rules:
        raise entry.error(f"the question {question_id!r} needs rules = the rules that ask it")
    asks = entry.data.get("asks", [])
    if not isinstance(asks, list) or not all(isinstance(a, str) and a for a in asks):
        raise entry.error(f"the question {question_id!r}: asks is a list of the rule's exact words")
    choices = entry.data.get("choices", {})
    default = entry.data.get("default")
    low, high = entry.data.get("min"), entry.data.get("max")
    _check_answers(entry, question_id, kind, choices, default, (low, high))
    return Question(
        question_id,
        scope,
        kinds,
        kind,
        _str(entry, "text"),
        rules,
        tuple(asks),
        entry.source,
        choices=dict(choices),
        default=default if kind != "text" else "",
        minimum=low if kind == "number" else None,
        maximum=high,
    )


def _check_answers(
    entry: Entry, question_id: str, kind: str, choices: object, default: object, bounds: tuple[object, object]
) -> None:
    """A question's choices, range or length, and its default among them."""
    low, high = bounds
    if kind == "choice":
        if not isinstance(choices, dict) or len(choices) < 2 or not all(ID.match(c) for c in choices):
            raise entry.error(f"the question {question_id!r} needs choices = two or more {{ value = label }}")
        if default not in choices:
            raise entry.error(f"the question {question_id!r} needs default = one of its choices")
    elif kind == "number":
        if not (isinstance(low, int) and isinstance(high, int) and low <= high):
            raise entry.error(f"the question {question_id!r} needs min and max, whole numbers")
        if default is not None and not (isinstance(default, int) and low <= default <= high):
            raise entry.error(f"the question {question_id!r}: default must be a whole number from {low} to {high}")
    elif not (isinstance(high, int) and 0 < high <= 500):
        raise entry.error(f"the question {question_id!r} needs max = how many characters (1 to 500)")


def _feed(entry: Entry, questions: Mapping[str, Question]) -> Feed:
    calculator, group = _str(entry, "calculator"), _str(entry, "group")
    try:
        names = {i.name for i in get(calculator).inputs}
    except ValueError:
        raise entry.error(f"the feed names the calculator {calculator!r}, which does not exist") from None
    if group not in GROUPS:
        raise entry.error(f"the feed's group {group!r} is none of {', '.join(GROUPS)}")
    inputs = entry.data.get("inputs")
    if not isinstance(inputs, dict) or not inputs:
        raise entry.error("the feed needs inputs = { input = what of the piece }")
    for key, value in inputs.items():
        if key not in names:
            raise entry.error(f"{calculator} has no input {key!r}")
        if value not in PIECE_VALUES and value not in questions:
            raise entry.error(f"the feed fills {key} from {value!r}: neither {', '.join(PIECE_VALUES)} nor a question")
        if value in questions and questions[value].default in (None, ""):  # a piece not yet asked feeds it
            raise entry.error(f"the feed fills {key} from the question {value!r}, which needs a default")
    return Feed(calculator, group, dict(inputs), entry.source)


def _unique(entries: list[Entry], ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for entry, value in zip(entries, ids, strict=True):
        if value in seen:
            raise entry.error(f"a second {what} with the id {value!r}")
        seen.add(value)
