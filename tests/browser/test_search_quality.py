"""The search finds what a player means: the queries of ``harness/search_quality.py`` (a rule's
name, where it sits and a word of it, a few words of its text, plurals, typos taken through
"Did you mean"), each typed into the built site's own search box at a phone's size, put the
rule they mean first in 90 % of cases and among the first three in 97 %; and the questions a
player asks at the table, in the game's words, put a rule that answers them among the first
three in 90 %."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from harness.search_quality import PROBE, QUERIES, Query, hit_rates, run_queries
from harness.search_questions import HELD_OUT, QUESTIONS


def test_forty_queries_of_every_kind_find_the_rule_they_mean(returning_page: Page, site_url: str) -> None:
    assert len(QUERIES) >= 40
    assert {q.kind for q in QUERIES} == {"name", "place", "words", "plural", "typo"}
    returning_page.add_init_script(PROBE)
    asked = run_queries(returning_page, site_url)
    missed = {a.query.text: a.shown[:3] for a in asked if not a.hit(3)}
    rates = hit_rates(asked)
    assert rates["hit@1"] >= 0.90, (rates, {a.query.text: a.shown[:3] for a in asked if not a.hit(1)})
    assert rates["hit@3"] >= 0.97, (rates, missed)
    by_text = {a.query.text: a for a in asked}
    # The two queries that found nothing when a record held a rule's own words alone.
    assert by_text["barrage ruins"].hit(1)
    assert by_text["monstrous cavalry shooting"].hit(3)
    # A mistyped word beside known ones is offered its fix, though the others found something.
    assert by_text["monstrus cavalry shooting"].fixed == "monstrous cavalry shooting"


def test_thirty_questions_a_player_asks_find_the_rules_that_answer_them(returning_page: Page, site_url: str) -> None:
    assert len(QUESTIONS) >= 30
    assert {q.kind for q in QUESTIONS} == {"question"}
    returning_page.add_init_script(PROBE)
    asked = run_queries(returning_page, site_url, QUESTIONS)
    rates = hit_rates(asked)
    assert rates["hit@3"] >= 0.90, (rates, {a.query.text: a.shown[:3] for a in asked if not a.hit(3)})
    by_text = {a.query.text: a for a in asked}
    assert by_text["how far can infantry climb"].hit(1)  # "climb": the book says "clambering"
    assert not any(a.fixed for a in asked), {a.query.text: a.fixed for a in asked if a.fixed}


#: Each result's snippet: its article's words after its title (the theme writes them bare).
SNIPPETS = """() => [...document.querySelectorAll('.md-search-result__article')].map((article) =>
  [...article.childNodes].filter((n) => !(n instanceof Element && n.matches('h1, h2, .md-icon')))
    .map((n) => n.textContent).join('')).filter(Boolean)"""


def test_the_searches_players_tried_answer_first_with_their_rule_and_strike_out_no_word_it_has(
    returning_page: Page, site_url: str
) -> None:
    """A word the rule has in another form ("hits" in a rule that says "hit") is never shown
    struck out as missing; a calculator is found by its name; "armor" finds the book's "armour"."""
    returning_page.add_init_script(PROBE)
    asked = run_queries(returning_page, site_url, HELD_OUT)
    firsts = {a.query.text: a.shown[:1] for a in asked}
    assert all(a.hit(1) for a in asked), firsts
    struck = {a.query.text: a.struck for a in asked if any(a.struck)}
    assert struck == {}, struck
    # The same first rule whichever way "armour" is spelt.
    [british] = run_queries(returning_page, site_url, (Query("armour value", "words", ()),))
    assert british.shown[0] == firsts["armor value"][0]
    # A snippet is the rule's words: not the headings it sits under, which the search also reads.
    run_queries(returning_page, site_url, (Query("cavalry charge", "words", ()),))
    snippets = returning_page.evaluate(SNIPPETS)
    assert snippets, "the results' snippets"
    assert not [text for text in snippets if "Unit Types" in text], snippets
    # Each chart row that names a collapse is shown, none folded under "more on this page".
    [collapses] = run_queries(returning_page, site_url, (Query("building collapses", "words", ()),))
    for row in ("partial-collapse", "structural-collapse", "total-collapse"):
        assert f"buildings#{row}" in collapses.shown
        expect(returning_page.locator(f".md-search-result__link[href$='#{row}']")).to_be_visible()
