"""The search's records as the finish stage writes them: a rule's markup characters escaped,
and the rules' words by length for "Did you mean" (read from a built site:
``tests/site/test_search_index.py``)."""

from __future__ import annotations

from collections import Counter

from build_scripts.finish.search.records import records, words_by_length
from build_scripts.finish.search.rule_text import PageRules, RuleText


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
