"""Rule cards: a small static page for every rule, so a rule's link shows its words in a chat.

A URL fragment (``buildings/#total-collapse``) never reaches a server, so a link
unfurler only ever sees the page. Every rule therefore gets a card at
``r/<page>/<id>/`` whose ``<head>`` carries the rule's place and words (Open Graph and
Twitter tags) and an image of them; a person who opens it is sent on to the rule in its
page by the site's own script. :func:`cards_for` works out every card from the build:

- ``live``: a rule of this build (its current words and their date);
- ``moved``: an old id the anchors lock aliases to a rule with the same words (the card
  sends readers to the new place);
- ``gone``: an old id whose words are no longer in the book (aliased, as the lock
  requires, to the rule that covers it now): the card shows its last words and where
  they went, and sends no one on.

:func:`describe` cuts the words for a description at a word, with "…" only when cut.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from build_scripts.cards.rule_history import Edit, RuleHistory, Version, version_of
from build_scripts.cards.word_diff import word_diff
from build_scripts.core.model import AnchoredBlock, LastChange, RuleRef, page_url
from build_scripts.pages.render import place
from build_scripts.rulebook.anchor_lock import AnchorLock

__all__ = [
    "CARD_ROOT",
    "AsOfSpan",
    "Card",
    "as_of_span",
    "card_path",
    "cards_for",
    "describe",
    "last_change",
    "page_versions",
    "page_words",
]

#: The folder of the cards, from the site root.
CARD_ROOT = "r"
CardStatus = Literal["live", "moved", "gone"]


def card_path(rule: RuleRef) -> str:
    """A rule's card address from the site root: ``r/buildings/total-collapse/``."""
    return f"{CARD_ROOT}/{rule.page}/{rule.id}/"


@dataclass(frozen=True)
class Card:
    """One card: which rule, what it says, and where a reader goes from it."""

    rule: RuleRef
    status: CardStatus
    place: str
    words: str
    date: str
    version: str
    #: Where the rule is read now (for ``gone``: the rule that covers it now).
    leads_to: RuleRef
    leads_to_place: str
    #: The wiki's edit that made these words (``make sync``), when known.
    edit: Edit | None = None

    @property
    def path(self) -> str:
        """The card's address from the site root."""
        return card_path(self.rule)

    @property
    def target(self) -> str:
        """The rule in its page, from the site root (``buildings/#total-collapse``)."""
        return f"{page_url(self.leads_to.page)}#{self.leads_to.id}"

    @property
    def title(self) -> str:
        """The card's title: the rule's place."""
        return self.place

    def record(self) -> dict[str, Any]:
        """The card as a plain record (JSON), as :meth:`load` reads it."""
        record = asdict(self)
        record["rule"], record["leads_to"] = str(self.rule), str(self.leads_to)
        return record

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> Card:
        """A card from its :meth:`record`."""
        edit = record.get("edit")
        return cls(
            **{
                **record,
                "rule": RuleRef.parse(record["rule"]),
                "leads_to": RuleRef.parse(record["leads_to"]),
                "edit": Edit(**edit) if edit else None,
            }
        )


def page_words(item: AnchoredBlock) -> tuple[str, str]:
    """A rule's place and its words exactly as the source has them (a chart row's roll and paragraph included)."""
    return place(item), item.block.full_text


def cards_for(live: Mapping[RuleRef, tuple[str, str]], lock: AnchorLock, history: RuleHistory) -> list[Card]:
    """Every card of the build (``live``: each rule's :func:`page_words`), then each aliased old id, by address."""
    cards: dict[RuleRef, Card] = {}
    for rule, (where, words) in live.items():
        latest = history.latest(rule)
        same = latest is not None and latest.version == version_of(words)
        date, edit = (latest.date, latest.edit) if latest is not None and same else ("", None)
        cards[rule] = Card(rule, "live", where, words, date, version_of(words), rule, where, edit)
    for old, now_at in lock.resolved.items():
        now = cards.get(now_at)
        if now is None:
            continue  # the lock's own check refuses this build before cards are made
        last: Version | None = history.latest(old)
        if last is None or last.version == now.version:
            cards[old] = Card(old, "moved", now.place, now.words, now.date, now.version, now_at, now.place, now.edit)
        else:
            cards[old] = Card(
                old, "gone", last.place, last.words, last.date, last.version, now_at, now.place, last.edit
            )
    return sorted(cards.values(), key=lambda c: c.path)


def describe(words: str, limit: int) -> str:
    """The words on one line, cut at a word boundary to at most ``limit`` characters, "…" marking a cut."""
    flat = " ".join(words.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    if " " in cut and not flat[limit - 1].isspace():
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:—-") + "…"


@dataclass(frozen=True)
class AsOfSpan:
    """What a ``?as-of=`` value may name, the same for every page of a build.

    ``since``: the first day of the book's history (an earlier date is refused);
    ``revisions``: the first and last wiki revision the sync took (``None`` for a book kept
    as hand-copied exports: a revision number is refused there).
    """

    since: str
    revisions: tuple[int, int] | None = None


def as_of_span(history: RuleHistory, revisions: Iterable[int] = ()) -> AsOfSpan:
    """The span of a build's history: its first day, and the synced revisions (``revisions.jsonl``'s ids)."""
    dates = [v.date for versions in history.versions.values() for v in versions]
    revs = sorted(revisions)
    return AsOfSpan(min(dates, default=""), (revs[0], revs[-1]) if revs else None)


def page_versions(
    page: str,
    items: Sequence[AnchoredBlock],
    history: RuleHistory,
    page_url: str,
    wiki_index: str = "",
    span: AsOfSpan | None = None,
    old_ids: Mapping[RuleRef, Sequence[RuleRef]] | None = None,
) -> dict[str, Any]:
    """What a page's scripts know of its rules' versions (the page data ``rule-versions``).

    ``cards``: the cards' folder for this page, relative to the page; ``rules``: id →
    ``[version, date]`` of the words now; ``older``: id → each earlier version of the
    words, with the day it was replaced (``changed``) and the word difference to the
    words now (:func:`build_scripts.cards.word_diff.word_diff`); when the wiki's edit that
    replaced them is known, ``by``: its revision id, user and summary, and ``diff``: the wiki's
    page of that edit (``wiki_index``).

    ``asof`` (for the rules as of a date, ``?as-of=``): the ``span`` (``since``, ``revs``) and,
    for each rule, every version oldest first as ``[date, rev, version]`` (``rev`` 0 for
    words a build saw, not a wiki edit); the words of a version not current are in ``older``.
    Only this page's rules: the data grows with the page and its history, not the book.

    A rule's versions include those of the old ids the anchors lock aliases to it
    (``old_ids``: :func:`~build_scripts.cards.rule_history.renamed_from` of
    :attr:`AnchorLock.resolved`): a renamed heading's words before the rename are its words then.
    """
    cards = posixpath.relpath(f"{CARD_ROOT}/{page}", page_url.rstrip("/") or ".") + "/"
    rules: dict[str, list[str]] = {}
    older: dict[str, list[dict[str, Any]]] = {}
    timeline: dict[str, list[list[str | int]]] = {}
    for item in items:
        words = item.block.full_text
        version = version_of(words)
        versions = _versions_with_old_ids(RuleRef(page, item.id), history, old_ids or {})
        now = next((v for v in versions if v.version == version), None)
        rules[item.id] = [version, now.date if now else ""]
        timeline[item.id] = [[v.date, v.edit.rev if v.edit else 0, v.version] for v in versions]
        earlier = [
            {
                "v": old.version,
                "date": old.date,
                "changed": versions[n + 1].date,
                "words": old.words,
                "diff": [list(run) for run in word_diff(old.words, words)],
                **_edit_of(versions[n + 1].edit, wiki_index),
            }
            for n, old in enumerate(versions[:-1])
            if old.version != version
        ]
        if earlier:
            older[item.id] = earlier
    span = span or as_of_span(history)
    revs = list(span.revisions) if span.revisions else None
    return {
        "cards": cards,
        "rules": rules,
        "older": older,
        "asof": {"since": span.since, "revs": revs, "rules": timeline},
    }


def last_change(timeline: Mapping[str, Sequence[Sequence[str | int]]]) -> LastChange:
    """The page's last change, from its rules' versions (``page_versions``'s ``asof.rules``).

    One version, the newest by (day, revision) of each rule's words now, as the page script's
    ``lastMade`` (``as-of/when.mjs``) picks it: never the newest day beside another rule's
    highest revision. ``("", 0)`` for a page of no rules.
    """
    latest = [(str(steps[-1][0]), int(steps[-1][1])) for steps in timeline.values() if steps]
    return LastChange(*max(latest, default=("", 0)))  # (day, revision) tuples: by day, then revision


def _versions_with_old_ids(
    rule: RuleRef, history: RuleHistory, old_ids: Mapping[RuleRef, Sequence[RuleRef]]
) -> tuple[Version, ...]:
    """A rule's versions and those of the old ids aliased to it, by date (theirs first on a day they share)."""
    own = history.versions.get(rule, ())
    merged = [v for old in sorted(old_ids.get(rule, ())) for v in history.versions.get(old, ())]
    if not merged:
        return own
    return tuple(sorted([*merged, *own], key=lambda v: v.date))


def _edit_of(edit: Edit | None, wiki_index: str) -> dict[str, Any]:
    """The wiki edit that made a version, for the page's notice (nothing for words a build saw)."""
    if edit is None:
        return {}
    by = {"rev": edit.rev, "user": edit.user, "summary": edit.summary}
    # The wiki's page of what that revision changed (its diff to the revision before).
    return {"by": by, "link": f"{wiki_index}?diff=prev&oldid={edit.rev}"} if wiki_index else {"by": by}
