"""The Markdown of each kind of page the build makes besides the rulebook's, each a type of its own.

They are all text to a generator, but a table page handed on where the readings page is
meant is a type error (mypy), not a silently swapped page.
"""

from __future__ import annotations

from typing import NewType

__all__ = ["CalculatorsPage", "NotFoundWords", "OfflinePage", "ReadingsPage", "TablePage"]

#: The Calculators page: every calculator, with links to it and to its rule.
CalculatorsPage = NewType("CalculatorsPage", str)
#: The players' table: what the rules leave to the players, for one game.
TablePage = NewType("TablePage", str)
#: "Where the rules are silent": every reading the calculators declare.
ReadingsPage = NewType("ReadingsPage", str)
#: "Not on this phone yet", where the service worker sends a page the phone has not kept.
OfflinePage = NewType("OfflinePage", str)
#: What the missing page (404) says: HTML, for the finish stage to put in the theme's page.
NotFoundWords = NewType("NotFoundWords", str)
