"""A card per reading: its question, why it is a reading and its options, in a chat's preview.

A reading (:mod:`calculators.readings`) is shared as a rule is: ``r/readings/<id>/`` is a
card page (:mod:`build_scripts.cards.card_pages` writes it and draws its image) that sends a
reader on to the reading on the page "Where the rules are silent". Its words are the
site's, not the rulebook's: a reading's card has no date.
"""

from __future__ import annotations

from build_scripts.cards.rule_cards import Card
from build_scripts.cards.rule_history import version_of
from build_scripts.core.model import RuleRef
from calculators.registry import all_readings

__all__ = ["reading_cards"]


def reading_cards(readings_page: str) -> list[Card]:
    """A card per reading (``r/<readings page>/<id>/``), as a rule has: its question and options in a chat's preview."""
    cards = []
    for reading, _ in all_readings().values():
        where = RuleRef(readings_page, reading.id)
        title = f"Where the rules are silent › {reading.question}"
        site = {reading.default: " (the site's reading)"}
        marked = [words + site.get(option, "") for option, words in reading.options.items()]
        words = "\n".join([reading.why, *marked])
        cards.append(Card(where, "live", title, words, "", version_of(words), where, title))
    return cards
