"""The search's records as the finish stage writes them: a rule's markup characters escaped,
and the rules' words by length for "Did you mean" (read from a built site:
``tests/site/test_search_index.py``)."""

from __future__ import annotations

from collections import Counter

from build_scripts.finish.search.records import records, words_by_length
from build_scripts.finish.search.rule_text import PageRules, RuleText, page_rules


def test_a_rules_markup_characters_are_escaped_in_its_record() -> None:
    page = PageRules('A "quoted" <page>', (RuleText("x", "rule", "", "<script>alert(1)</script> & co", "H & <i>"),))
    [record] = records("p/", page)
    assert "<script>" not in record.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in record.html
    assert 'content="H &amp; &lt;i&gt;"' in record.html
    assert 'page:A &#34;quoted&#34; &lt;page&gt;"' in record.html


def test_the_words_come_by_length_most_frequent_first_none_shorter_than_four() -> None:
    shards = words_by_length(Counter({"barrage": 3, "garage": 5, "damage": 9, "hit": 40, "rolls": 2}))
    assert shards == {5: {"rolls": 2}, 6: {"damage": 9, "garage": 5}, 7: {"barrage": 3}}
    assert list(shards[6]) == ["damage", "garage"]


NESTED = """
<h1 class="rule-heading" id="unit-types">Unit Types</h1>
<h2 class="rule-heading" id="monstrous-cavalry">Monstrous Cavalry<a class="headerlink" href="#x">#</a></h2>
<p class="rule" id="mc-units">A Monstrous Cavalry unit consists of a Monstrous Creature.</p>
<h3 class="rule-heading" id="mc-shooting">Shooting:</h3>
<p class="rule" id="mc-fire">Monstrous Creatures can fire up to two of their weapons.</p>
<h2 class="rule-heading" id="beasts">Beasts</h2>
<p class="rule" id="beasts-move">Beasts can move up to 6".</p>
"""


def test_a_rule_knows_every_heading_it_sits_under_and_a_heading_its_own_above_it() -> None:
    rules = {rule.id: rule for rule in page_rules(NESTED).rules}
    assert rules["mc-fire"].place == ("Unit Types", "Monstrous Cavalry", "Shooting:")
    assert rules["mc-units"].place == ("Unit Types", "Monstrous Cavalry")
    assert rules["mc-shooting"].place == ("Unit Types", "Monstrous Cavalry"), "a heading's own words are not its place"
    assert rules["beasts-move"].place == ("Unit Types", "Beasts"), "a sibling section closes the one before"
    assert rules["unit-types"].place == ()


def test_a_rules_record_carries_its_place_at_a_tenth_of_its_own_words_and_a_headings_does_not() -> None:
    found = {record.url: record.html for record in records("unit-types/", page_rules(NESTED))}
    fire = found["unit-types/#mc-fire"]
    assert '<p data-pagefind-weight="0.1">Unit Types Monstrous Cavalry Shooting:</p>' in fire
    assert fire.index("can fire up to two") < fire.index("Unit Types Monstrous Cavalry"), "its own words first"
    assert 'data-pagefind-weight="0.1"' not in found["unit-types/#mc-shooting"]
