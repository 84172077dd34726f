"""Keywords you can tap: the term map is checked by the build, and linking keeps the words."""

from __future__ import annotations

import re

import pytest
from support.rulebook_helpers import build, term_map

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.terms import load_terms

TERMS = term_map()


def build_with(terms_text: str):
    return build(terms=terms_text)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_the_committed_map_builds_and_links_terms() -> None:
    result = build_with(TERMS)
    ruins = result.markdown["ruins"]
    assert (
        'All ruins are <a class="term" href="../terrain/#difficult-terrain-slows-down-models-wishing-move" '
        'data-term="Difficult Terrain">difficult area terrain</a>, and so provide a cover save' in ruins
    )
    assert "term-definitions" in ruins


def test_only_the_first_use_in_a_block_is_linked_and_a_definition_never_links_itself() -> None:
    result = build_with(TERMS)
    block = next(
        a for a in result.anchored["terrain"] if a.id == "dangerous-terrain-follows-all-rules-difficult-terrain"
    )
    terms = [run for run in block.block.inlines if run.kind == "term"]
    assert [run.label for run in terms].count("Difficult Terrain") == 1
    assert "Dangerous Terrain" not in [run.label for run in terms]  # its own definition


def test_the_words_stay_verbatim_for_search_and_the_lock() -> None:
    plain = build(terms="")  # no terms
    linked = build_with(TERMS)
    for page, items in plain.anchored.items():
        for before, after in zip(items, linked.anchored[page], strict=True):
            assert after.id == before.id
            assert "".join(r.text for r in after.block.inlines) == "".join(r.text for r in before.block.inlines)
            assert "".join(r.text for r in after.block.body) == "".join(r.text for r in before.block.body)
    assert not linked.lock.is_updated


def test_a_term_outside_these_sections_is_never_linked() -> None:
    result = build_with(TERMS)
    pages = "".join(result.markdown.values())
    assert "Difficult Terrain test" in pages
    assert not re.search(r'data-term="[^"]*">Difficult Terrain</a> test', pages)
    assert 'data-term="Fearless"' not in pages
    assert "| Fearless | 5 |" in result.terms_report


def test_an_unknown_rule_fails_naming_the_file_and_line() -> None:
    broken = TERMS.replace(
        'rule = "terrain#lethal-terrain-uses-all-normal-rules-impassable"', 'rule = "terrain#lethal-terain"'
    )
    with pytest.raises(RulebookError, match=r"^terms\.toml:(\d+): the term 'Lethal Terrain' links to") as info:
        build_with(broken)
    assert info.value.source is not None
    assert info.value.source.line == line_of(broken, 'term = "Lethal Terrain"') - 1


def test_a_term_that_never_occurs_fails_naming_the_file_and_line() -> None:
    broken = TERMS + '\n[[term]]\nterm = "Wraithgate"\nspellings = ["Wraithgate"]\nrule = "terrain#open-ground"\n'
    with pytest.raises(RulebookError, match="'Wraithgate' never occurs in the rule text") as info:
        build_with(broken)
    assert info.value.source is not None
    assert info.value.source.line == line_of(broken, 'term = "Wraithgate"') - 1


def test_an_outside_term_that_never_occurs_fails_too() -> None:
    broken = TERMS + '\n[[outside]]\nterm = "Waaagh!"\nspellings = ["Waaagh!"]\n'
    with pytest.raises(RulebookError, match=r"terms\.toml:\d+: the term 'Waaagh!' never occurs"):
        build_with(broken)


def test_a_term_used_only_in_its_own_definition_fails() -> None:
    broken = TERMS + (
        '\n[[term]]\nterm = "Open Ground"\nspellings = ["open ground"]\n'
        'rule = "terrain#open-ground-covers-everything-dusty-plains-rolling"\n'
    )
    with pytest.raises(RulebookError, match="'Open Ground' is used only in the rule that defines it"):
        build_with(broken)


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ('[[term]]\nspellings = ["x"]\nrule = "terrain#open-ground"\n', "needs term ="),
        ('[[term]]\nterm = "X"\nspellings = []\nrule = "terrain#open-ground"\n', "needs spellings"),
        ('[[term]]\nterm = "Lethal Terrain"\nrule = "open-ground"\n', "is not a rule reference"),
    ],
)
def test_malformed_entries_fail_naming_the_line(entry: str, words: str) -> None:
    with pytest.raises(RulebookError, match=rf"^terms\.toml:\d+: .*{words}"):
        load_terms(TERMS + "\n" + entry, "terms.toml")
