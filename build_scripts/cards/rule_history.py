"""The history of every rule's words: which words a shared link meant, and since when.

``rules.history.jsonl`` (committed, beside the anchors lock) has one line per version of a
rule's words, oldest first for each rule::

    {"rule": "buildings#total-collapse", "date": "2026-12-01", "v": "3f9c0a1b",
     "place": "Buildings › … › 6: Total Collapse", "words": "6: Total Collapse⏎…"}

``v`` is :func:`version_of` the words (a short fingerprint: a card link carries it as
``?v=``); ``date`` is the day the build first saw these words, or, for words that came
from the wiki (``make sync``), the day of the wiki's revision that made them, which the
line then names: ``"rev": 1234, "user": "…", "summary": "clarify battlements"``. :meth:`RuleHistory.record`
compares a build's rules with the file: a rule whose words have no line yet gets one (dated
today), unless the history is frozen (CI), where that fails the build naming the rule and
the file, as the anchors lock does. A malformed line fails with ``file:line``. A rule that
left the book keeps its lines: its card shows its last words.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import RuleRef
from build_scripts.rulebook.ids import fingerprint

__all__ = ["HISTORY_NAME", "Edit", "HistoryCheck", "RuleHistory", "Version", "renamed_from", "today", "version_of"]

HISTORY_NAME = "rules.history.jsonl"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_VERSION = re.compile(r"^[0-9a-f]{8}$")
_KEYS = ("rule", "date", "v", "place", "words")
_EDIT_KEYS = ("rev", "user", "summary")


def version_of(words: str) -> str:
    """The short fingerprint of a rule's words that a card link carries (``?v=``)."""
    return fingerprint(words)[:8]


@dataclass(frozen=True)
class Edit:
    """The wiki revision that made a version of a rule's words: its id, who, and why."""

    rev: int
    user: str
    summary: str


@dataclass(frozen=True)
class Version:
    """One version of a rule's words: since when, where it was, the words verbatim.

    ``edit``: the wiki revision that made them (none for words a build saw in hand-copied exports).
    """

    rule: RuleRef
    date: str
    version: str
    place: str
    words: str
    edit: Edit | None = None

    @property
    def made(self) -> tuple[str, int]:
        """When these words were made, as versions are ordered: by day, then revision.

        A build's words (revision 0) come first on their day. The one order of versions, for
        the Changes and the rules as data alike.
        """
        return (self.date, self.edit.rev if self.edit else 0)

    def line(self) -> str:
        """The version as a line of the history file."""
        record: dict[str, object] = {
            "rule": str(self.rule),
            "date": self.date,
            "v": self.version,
            "place": self.place,
            "words": self.words,
        }
        if self.edit is not None:
            record |= {"rev": self.edit.rev, "user": self.edit.user, "summary": self.edit.summary}
        return json.dumps(record, ensure_ascii=False)


@dataclass(frozen=True)
class RuleHistory:
    """Every rule's versions, oldest first."""

    versions: Mapping[RuleRef, tuple[Version, ...]] = field(default_factory=dict)

    @classmethod
    def loads(cls, text: str, name: str = HISTORY_NAME) -> RuleHistory:
        """Parse the history file.

        Raises:
            RulebookError: naming ``file:line`` for a line that is not a version record
                (not JSON, a missing or extra key, a bad date or version, a version that is
                not the fingerprint of its words, dates going backwards).
        """
        versions: dict[RuleRef, list[Version]] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            at = Source(name, number)
            version = _parse_line(raw, at)
            earlier = versions.setdefault(version.rule, [])
            if earlier and version.date < earlier[-1].date:
                raise RulebookError(
                    f"{version.rule}: dated {version.date}, before its previous version ({earlier[-1].date})", source=at
                )
            if earlier and earlier[-1].version == version.version:
                raise RulebookError(f"{version.rule}: version {version.version} repeats the line before", source=at)
            earlier.append(version)
        return cls({rule: tuple(vs) for rule, vs in versions.items()})

    def dumps(self) -> str:
        """The file's text: rules sorted, each rule's versions oldest first, one per line."""
        return "".join(v.line() + "\n" for rule in sorted(self.versions) for v in self.versions[rule])

    def latest(self, rule: RuleRef) -> Version | None:
        """The rule's words as last recorded."""
        found = self.versions.get(rule)
        return found[-1] if found else None

    def find(self, rule: RuleRef, version: str) -> Version | None:
        """One recorded version of a rule's words (its latest time, when the words came back)."""
        return next((v for v in reversed(self.versions.get(rule, ())) if v.version == version), None)

    def record(
        self,
        current: Mapping[RuleRef, tuple[str, str]],
        *,
        today: str,
        frozen: bool,
        name: str = HISTORY_NAME,
        edit: Edit | None = None,
    ) -> HistoryCheck:
        """Check a build's rules (reference → (place, words)) against the history.

        ``edit``: the wiki revision whose text ``current`` is (``make sync`` replaying the
        wiki's revisions), named by each new version.

        Returns:
            The history that describes this build, and which rules got a new version.

        Raises:
            RulebookError: (frozen) when a rule's words have no version in the file.
        """
        versions = dict(self.versions)
        added: list[RuleRef] = []
        for rule, (place, words) in sorted(current.items()):
            last = self.latest(rule)
            version = version_of(words)
            if last is not None and last.version == version:
                continue
            added.append(rule)
            versions[rule] = (*versions.get(rule, ()), Version(rule, today, version, place, words, edit))
        if frozen and added:
            listed = ", ".join(str(rule) for rule in added[:5])
            raise RulebookError(
                f"{name} is out of date: the words of {len(added)} rule(s) have no version in it ({listed}…); "
                "run `make build` and commit the file"
            )
        return HistoryCheck(RuleHistory(versions), added)


@dataclass(frozen=True)
class HistoryCheck:
    """What checking a build against the history found."""

    history: RuleHistory
    added: list[RuleRef] = field(default_factory=list)

    @property
    def is_updated(self) -> bool:
        """Whether the file must be rewritten to describe this build."""
        return bool(self.added)


def renamed_from(aliases: Mapping[RuleRef, RuleRef]) -> dict[RuleRef, list[RuleRef]]:
    """Each rule's old ids: the anchors lock's aliases (old → where it leads now), turned round."""
    found: dict[RuleRef, list[RuleRef]] = {}
    for old, new in aliases.items():
        found.setdefault(new, []).append(old)
    return found


def today(environ: Mapping[str, str]) -> str:
    """The build's date (``SOURCE_DATE_EPOCH`` when set, for reproducible builds), ``YYYY-MM-DD`` in UTC."""
    epoch = environ.get("SOURCE_DATE_EPOCH")
    moment = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC)
    return moment.date().isoformat()


def _parse_line(raw: str, at: Source) -> Version:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise RulebookError(f"not a JSON object ({exc.msg} at column {exc.colno})", source=at) from None
    if not isinstance(data, dict):
        raise RulebookError("not a JSON object", source=at)
    missing = [k for k in _KEYS if k not in data]
    extra = sorted(set(data) - set(_KEYS) - set(_EDIT_KEYS))
    named = [k for k in _EDIT_KEYS if k in data]
    if missing or extra or named not in ([], list(_EDIT_KEYS)):
        raise RulebookError(
            f"expected the keys {', '.join(_KEYS)}, and either all of {', '.join(_EDIT_KEYS)} or none "
            f"(missing {missing + [k for k in _EDIT_KEYS if named and k not in data]}, unknown {extra})",
            source=at,
        )
    if not all(isinstance(data[k], str) for k in (*_KEYS, "user", "summary") if k in data):
        raise RulebookError("every value but rev must be a string", source=at)
    edit = _edit(data, at) if named else None
    try:
        rule = RuleRef.parse(data["rule"])
    except ValueError as exc:
        raise RulebookError(str(exc), source=at) from None
    if not _DATE.match(data["date"]):
        raise RulebookError(f"date {data['date']!r} is not YYYY-MM-DD", source=at)
    try:
        dt.date.fromisoformat(data["date"])
    except ValueError:
        raise RulebookError(f"date {data['date']!r} is not a day of the calendar", source=at) from None
    if not _VERSION.match(data["v"]):
        raise RulebookError(f"v {data['v']!r} is not 8 hex digits", source=at)
    if version_of(data["words"]) != data["v"]:
        raise RulebookError(
            f"v {data['v']!r} is not the fingerprint of its words ({version_of(data['words'])})", source=at
        )
    return Version(rule, data["date"], data["v"], data["place"], data["words"], edit)


def _edit(data: dict[str, object], at: Source) -> Edit:
    rev, user, summary = data["rev"], data["user"], data["summary"]
    if not isinstance(rev, int) or isinstance(rev, bool) or rev < 1:
        raise RulebookError(f"rev {rev!r} is not a revision id (a whole number from 1)", source=at)
    return Edit(rev, str(user), str(summary))
