"""The search's records as the finish stage writes them: a rule's markup characters escaped,
and the rules' words by length for "Did you mean" (read from a built site:
``tests/site/test_search_index.py``)."""

from __future__ import annotations

from collections import Counter

from build_scripts.finish.search.records import records, word_counts, words_by_length
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
    body = fire.split("<body", 1)[1]
    assert body.index("can fire up to two") < body.index("Unit Types Monstrous Cavalry"), "its own words first"
    assert 'data-pagefind-weight="0.1"' not in found["unit-types/#mc-shooting"]
    # The place is also the record's meta, for the results to leave it out of the excerpt.
    assert '<meta data-pagefind-meta="place[content]" content="Unit Types Monstrous Cavalry Shooting:">' in fire
    assert "place[content]" not in found["unit-types/#mc-shooting"]


CALCULATOR = """
<h1 class="rule-heading" id="unit-types">Unit Types</h1>
<p class="rule" id="charge">Cavalry roll 3D6 when charging.</p>
<section class="sh-calc" id="calc-charge" data-calc="charge"> <div class="sh-calc__title" role="heading">Charge
 <b>and</b> fall back calculator</div> <p class="sh-calc__intro">How far a charge goes &amp; the chance.</p>
 <div class="sh-calc__answer"><p class="sh-calc__headline">Not read</p></div></section>
<section class="sh-calc" id="calc-nameless"><p class="sh-calc__intro">No name, no record.</p></section>
"""


def test_each_calculator_is_a_record_found_by_its_name_and_what_it_answers() -> None:
    page = page_rules(CALCULATOR)
    assert [(c.id, c.name, c.intro) for c in page.calculators] == [
        ("calc-charge", "Charge and fall back calculator", "How far a charge goes & the chance.")
    ]
    found = {record.url: record.html for record in records("unit-types/", page)}
    calc = found["unit-types/#calc-charge"]
    assert "<h1>Charge and fall back calculator</h1><p>How far a charge goes &amp; the chance.</p>" in calc
    assert 'content="Charge and fall back calculator"' in calc
    # "calculator" as its place: found by the word, left out of the excerpt.
    assert '<p data-pagefind-weight="0.1">calculator</p>' in calc
    assert '<meta data-pagefind-meta="place[content]" content="calculator">' in calc
    assert "Not read" not in calc
    assert list(found) == ["unit-types/#unit-types", "unit-types/#charge", "unit-types/#calc-charge"]


PAGE = """<html><nav><p class="rule" id="nav">Not read: before the first rule? No, a rule.</p></nav>
<div id="top">Before</div>
<h1 class="rule-heading" id="buildings">Buildings<a class="headerlink" href="#buildings">#</a></h1>
<p class="rule" id="p1">Flame &amp; <b>shock</b> attacks<span data-help><i>help</i> more help</span> hurt.</p>
<ol class="damage-chart"><li class="rule chart-row" id="breach"><p class="chart-row__name">
<span class="chart-row__roll">1</span>: <strong>Breach!</strong></p><p>Armour is reduced.</p></li></ol>
<p id="plain">Not a rule.</p><p class="rule">No id, no rule.</p>
"""


def test_a_pages_rules_each_with_its_kind_name_words_and_heading() -> None:
    page = page_rules(PAGE)
    assert page.title == "Buildings"
    assert [(r.id, r.kind, r.name, r.text, r.heading, r.place) for r in page.rules] == [
        ("nav", "rule", "", "Not read: before the first rule? No, a rule.", "", ()),
        ("buildings", "heading", "Buildings", "", "Buildings", ()),
        ("p1", "rule", "", "Flame & shock attacks hurt.", "Buildings", ("Buildings",)),
        ("breach", "chart-row", "1: Breach!", "Armour is reduced.", "Buildings", ("Buildings",)),
    ]


def test_a_page_without_rules_or_headings_has_none_and_no_title() -> None:
    assert page_rules("<html><p>Words</p></html>") == PageRules("", (), ())
    only = page_rules('<p class="rule" id="a">Words</p>')
    assert (only.title, [r.text for r in only.rules]) == ("", ["Words"])


def test_each_kind_of_rule_makes_its_own_record() -> None:
    page = page_rules(PAGE)
    found = {record.url: record.html for record in records("buildings/", page)}
    assert list(found) == ["buildings/#nav", "buildings/#buildings", "buildings/#p1", "buildings/#breach"]
    assert '<p data-pagefind-weight="0.5">Buildings</p></body>' in found["buildings/#buildings"]
    assert 'content="Buildings"' in found["buildings/#buildings"]
    assert "<h1>1: Breach!</h1><p>Armour is reduced.</p>" in found["buildings/#breach"]
    assert 'content="1: Breach!"' in found["buildings/#breach"]
    assert '<p>Flame &amp; shock attacks hurt.</p><p data-pagefind-weight="0.1">Buildings</p>' in found["buildings/#p1"]
    assert 'content="Buildings"' in found["buildings/#p1"]
    assert 'data-pagefind-filter="page:Buildings"' in found["buildings/#p1"]


def test_the_words_counted_are_every_rules_name_and_words_in_lower_case() -> None:
    counts = word_counts([page_rules(PAGE), page_rules(PAGE)])
    assert counts["buildings"] == 2
    assert counts["breach"] == 2
    assert counts["flame"] == 2
    assert counts["help"] == 0
    assert counts["armour"] == 2
    assert "Flame" not in counts


def test_a_word_of_exactly_four_letters_is_kept_and_ties_go_alphabetically() -> None:
    shards = words_by_length(Counter({"wall": 2, "tree": 2, "hill": 5, "zone": 2}))
    assert list(shards[4].items()) == [("hill", 5), ("tree", 2), ("wall", 2), ("zone", 2)]


def test_a_more_frequent_word_comes_first_whatever_its_letters() -> None:
    shards = words_by_length(Counter({"able": 2, "zeal": 9, "mild": 5}))
    assert list(shards[4].items()) == [("zeal", 9), ("mild", 5), ("able", 2)]
