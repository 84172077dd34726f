"""What a player types into the search, and the rule each query means: the search's quality.

The queries are of five kinds a player types at the table: a rule's name, where a rule sits
and a word of it ("barrage ruins"), a few words of its text, a plural or a singular the
rule words otherwise, and a typo (answered through "Did you mean", one tap). Each names the
rules it means: one, or the few that say the same (a section's rules, a rule repeated
under two unit types). Questions as a player asks them at the table, in the game's words
rather than the book's ("how far can infantry climb"), are a sixth kind, apart
(``harness/search_questions.py``), run the same way.

:func:`run_queries` types each into the built site's own search box in a real Chromium, as
a player does, and reads the results the page shows; the browser tests hold the figures to
their targets (hit@1, hit@3), and ``make bench-scale`` measures the same queries on a book
fifty times today's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from playwright.sync_api import Page

__all__ = ["PROBE", "QUERIES", "Asked", "Query", "hit_rates", "run_queries"]

Kind = Literal["name", "place", "words", "plural", "typo", "question"]


@dataclass(frozen=True)
class Query:
    """A query a player types, and the rules (``page#id``) any of which answers it."""

    text: str
    kind: Kind
    means: tuple[str, ...]


def _q(text: str, kind: Kind, *means: str) -> Query:
    return Query(text, kind, means)


_B, _R, _T, _O, _U = "buildings#", "ruins#", "terrain#", "other-terrain#", "unit-types#"
#: A section a query names is met by its heading (a result that opens at the section) or its rules.
_BARRAGE = (
    _R + "barrage-weapons",
    _R + "barrage-weapons-work-lobbing-projectiles-high-into",
    _R + "barrage-weapons-always-strike-highest-level-under",
)
_MC_SHOOTING = _U + "monstrous-cavalry-shooting-creatures-can-fire-up-two"
_ROCKS = _O + "boulders-steep-rock-formations-difficult-terrain"
_HEDGES = _O + "tall-grass-and-hedges-difficult-terrain-cannot-grant-cover"

QUERIES: tuple[Query, ...] = (
    # A rule's name, as the book titles it.
    _q("total collapse", "name", _B + "total-collapse"),
    _q("tremor", "name", _B + "tremor"),
    _q("catastrophic breach", "name", _B + "catastrophic-breach"),
    _q("partial collapse", "name", _B + "partial-collapse"),
    _q("structural collapse", "name", _B + "structural-collapse"),
    _q("castle strongpoint", "name", _B + "building-types-castle-strongpoints-usually-have-armour"),
    _q("fire points", "name", _B + "shooting-and-buildings-some-buildings-have-fire-points"),
    _q("armour penetration roll", "name", _B + "attacking-buildings-roll-d6-armour-penetration-roll"),
    _q("deep strike", "name", _U + "flyer-units-special-rules-flyers-have-deep-strike-special"),
    _q("fleet of hoof", "name", _U + "cavalry-special-rules-have-fleet-hoof-special-rule"),
    # Where a rule sits, and a word of what it says.
    _q("barrage ruins", "place", *_BARRAGE),
    _q("monstrous cavalry shooting", "place", _MC_SHOOTING),
    _q("cavalry fall back", "place", _U + "cavalry-fall-back-moves-make-fall-back-moves-just"),
    _q("beasts fall back", "place", _U + "beasts-fall-back-moves-make-fall-back-moves-just"),
    _q("cavalry charge roll", "place", _U + "cavalry-close-combat-roll-3d6-when-charging-when"),
    _q(  # both of Artillery's close combat rules on charges
        "artillery close combat charge",
        "place",
        _U + "artillery-close-combat-units-cannot-charge-long-include",
        _U + "artillery-close-combat-unit-charged-move-charging-models",
    ),
    _q("battlements flyer", "place", _B + "battlements-flyer-units-using-wings-can"),
    _q("flyer template ruin", "place", _R + "template-weapons-flyer-fires-template-weapon-unit"),
    _q("flyer movement phase", "place", _U + "flyer-units-movement-phase-model-flies-movement-phase-can"),
    _q(
        "monstrous cavalry horde formation",
        "place",
        _U + "monstrous-cavalry-close-combat-horde-formation-counts-3-models",
    ),
    _q(
        "monstrous creatures special rules",
        "place",
        _U + "monstrous-creatures-special-rules-have-move-through-cover-relentless",
    ),
    _q("wooden house armour value", "place", _B + "building-types-wooden-houses-usually-have-armour"),
    _q("stone tower armour", "place", _B + "building-types-stone-towers-usually-have-armour"),
    _q("flame wooden buildings", "place", _B + "what-can-hurt-a-building-flame-attacks-get-1-damage"),
    _q("shock attacks stone buildings", "place", _B + "what-can-hurt-a-building-shock-attacks-get-1-damage"),
    _q("lava flame", "place", _O + "lava-difficult-terrain-treated-lethal-terrain"),
    _q("blast weapons ruin floor", "place", _R + "blast-weapons-when-firing-weapon-blast-large"),
    _q(
        "ruins charges",
        "place",
        _R + "ruins-and-charges",
        _R + "ruins-and-charges-once-charge-begins-both-friendly",
        _R + "ruins-and-charges-some-cases-ruin-might-genuinely",
    ),
    _q(
        "impassable buildings movement",
        "place",
        _B + "impassable-buildings-and-movement",
        _B + "impassable-buildings-and-movement-building-agreed-impassable-start-game",
    ),
    _q(
        "artillery crewman base contact",
        "place",
        _U + "artillery-shooting-with-artillery-otherwise-one-crewman-base-contact",
    ),
    _q("fast cavalry", "place", _U + "cavalry-movement-fast-cavalry-may-move-additional"),
    _q("fast beasts", "place", _U + "beasts-movement-fast-beasts-may-move-additional"),
    _q("cavalry outnumbers", "place", _U + "cavalry-close-combat-when-calculating-side-outnumbers-other"),
    _q(
        "monstrous cavalry riders relentless",
        "place",
        _U + "monstrous-cavalry-close-combat-riders-have-relentless-special-rule",
    ),
    # A few words of a rule's text.
    _q("lobbing projectiles", "words", _R + "barrage-weapons-work-lobbing-projectiles-high-into"),
    _q("steep rock formations", "words", _ROCKS),
    _q("dusty plains", "words", _T + "open-ground-covers-everything-dusty-plains-rolling"),
    _q("immune to poison and frost", "words", _B + "what-can-hurt-a-building-buildings-immune-poison-frost-unaffected"),
    _q("go to ground artillery", "words", _U + "artillery-shooting-at-artillery-unit-chooses-go-ground-does"),
    _q("cover saves better than 5+", "words", _HEDGES),
    _q("measure from the head of a model", "words", _R + "unit-coherency-means-you-measure-up-6"),
    _q("only infantry and beasts can enter", "words", _B + "basics-of-buildings-only-infantry-beasts-can-ever"),
    # A plural or singular the rule words otherwise.
    _q("swamp", "plural", _O + "swamps-and-marshes", _O + "swamps-and-marshes-always-least-difficult-area-terrain"),
    _q("boulder", "plural", _O + "boulders", _ROCKS),
    _q("forest cover save", "plural", _O + "forests-grant-cover-saves-models-area"),
    _q("hedge", "plural", _O + "tall-grass-and-hedges", _HEDGES),
    _q("castle strongpoints", "plural", _B + "building-types-castle-strongpoints-usually-have-armour"),
    # A typo, answered through "Did you mean" in one tap.
    _q("barage", "typo", *_BARRAGE),
    _q("catastrophic breech", "typo", _B + "catastrophic-breach"),
    _q("monstrus cavalry shooting", "typo", _MC_SHOOTING),
    _q("steep rok formations", "typo", _ROCKS),
)

#: Records each answer the site's search gives the page (search-later.js passes them on).
PROBE = """
window.__searched = [];
document.addEventListener('sh-search:fix', (event) => {
  window.__searched.push({ ...event.detail, at: performance.now() });
});
"""
_ANSWERED = """([query, since]) => window.__searched.slice(since)
  .some((answer) => answer.query === query && answer.done)"""
_RESULTS = ".md-search-result__link[href*='#']"


@dataclass(frozen=True)
class Asked:
    """A query as the page answered it.

    ``shown``: the rules it showed first (``page#id``), in order; ``fixed``: the query "Did
    you mean" searched, when it took it; ``seconds``: from the first key to the last answer;
    ``struck``: for each of the rules shown first, the words the page says it lacks ("Not
    in this rule").
    """

    query: Query
    shown: tuple[str, ...]
    fixed: str | None
    seconds: float
    struck: tuple[tuple[str, ...], ...] = ()

    def hit(self, k: int) -> bool:
        """Whether a rule the query means is among the first ``k`` shown."""
        return any(rule in self.query.means for rule in self.shown[:k])


def _rule(href: str, root: str) -> str:
    """``http://…/buildings/?h=tremor#tremor`` → ``buildings#tremor``."""
    parts = urlsplit(href)
    return f"{parts.path.removeprefix(root).strip('/')}#{parts.fragment}"


def _answered(page: Page, query: str, since: int, timeout_ms: float) -> str | None:
    """Wait for the search's last results for ``query`` (answers after the ``since``-th); the fix they offer.

    The last answer decides: a first pass may offer a fix that the whole search, finding
    rules after all, takes back (the page removes the offer then).
    """
    page.wait_for_function(_ANSWERED, arg=[query, since], timeout=timeout_ms)
    answers = page.evaluate(
        "([q, since]) => window.__searched.slice(since).filter((a) => a.query === q && a.done)", [query, since]
    )
    fixed = answers[-1].get("fixed") if answers else None
    return str(fixed) if fixed else None


def _asked(page: Page, query: Query, root: str, timeout_ms: float) -> Asked:
    """Type a query as a player does (taking "Did you mean" when nothing matches) and read what is shown."""
    box = page.locator("input[data-md-component='search-query']")
    box.fill("")
    since = int(page.evaluate("() => window.__searched.length"))
    started = time.monotonic()
    box.press_sequentially(query.text)
    fixed = _answered(page, query.text, since, timeout_ms)
    if fixed:
        since = int(page.evaluate("() => window.__searched.length"))
        page.locator(".sh-search-fix__button").tap()  # the player's one tap searches the fixed query
        _answered(page, fixed, since, timeout_ms)
    seconds = time.monotonic() - started
    hrefs = page.eval_on_selector_all(_RESULTS, "links => links.slice(0, 5).map((a) => a.href)")
    struck = page.eval_on_selector_all(
        _RESULTS, "links => links.slice(0, 5).map((a) => [...a.querySelectorAll('del')].map((d) => d.textContent))"
    )
    shown = tuple(_rule(h, root) for h in hrefs)
    return Asked(query, shown, fixed, round(seconds, 3), tuple(tuple(words) for words in struck))


def run_queries(
    page: Page, site_url: str, queries: tuple[Query, ...] = QUERIES, *, timeout_ms: float = 30_000
) -> list[Asked]:
    """Ask every query in the site's search on ``page`` (with :data:`PROBE` added), from its home page."""
    page.goto(site_url)
    page.locator("label.md-header__button[for='__search']").tap()
    root = urlsplit(site_url).path
    return [_asked(page, query, root, timeout_ms) for query in queries]


def hit_rates(asked: list[Asked]) -> dict[str, float]:
    """The share of queries whose rule is the first shown (hit@1) and among the first three (hit@3)."""
    return {f"hit@{k}": round(sum(a.hit(k) for a in asked) / len(asked), 3) for k in (1, 3)}
