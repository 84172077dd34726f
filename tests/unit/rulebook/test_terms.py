"""Keywords you can tap: the term map is checked by the build, and linking keeps the words."""

from __future__ import annotations

import html
import json
import re

import pytest
from support.rulebook_helpers import build, rule, term_map

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Inline, RuleRef
from build_scripts.rulebook.terms import (
    Outside,
    Term,
    TermMap,
    apply_terms,
    check_terms,
    link_terms,
    load_terms,
    outside_uses,
    terms_report,
)

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


def _definition(result: object, page: str, term: str) -> str:
    markdown = result.markdown[page]  # type: ignore[attr-defined]
    found = re.search(r"id=\"term-definitions\" data-json='([^']*)'", markdown)
    assert found, page
    return str(json.loads(html.unescape(found.group(1)))[term]["text"])


def test_a_popover_quotes_the_words_that_say_what_a_term_is() -> None:
    """Infantry's rule starts "In rare cases, an Infantry unit may comprise only a single model",
    which does not say what Infantry is; the map names the sentence that does, quoted with "…"
    where the rule goes on around it. A term without ``says`` shows its rule's first words."""
    result = build_with(TERMS)
    assert _definition(result, "buildings", "Infantry") == (
        "… Infantry are fairly slow moving, but can cross almost any terrain (given enough time) and make the "
        "best use of cover to avoid enemy fire."
    )
    assert _definition(result, "buildings", "Armour Value") == (
        "If the result is greater than the Armour Value(AV) of the Building, the Building is damaged. …"
    )
    assert _definition(result, "buildings", "Beasts") == 'Beasts can move up to 6" in the Movement phase.'


def test_words_a_term_says_that_its_rule_lacks_fail_naming_the_line() -> None:
    broken = TERMS.replace("make the best use of cover", "make best use of cover")
    with pytest.raises(RulebookError) as info:
        build_with(broken)
    assert info.value.source is not None
    assert info.value.source.line == line_of(broken, 'term = "Infantry"') - 1
    [says] = re.findall(r'says = "([^"]*make best use of cover[^"]*)"', broken)
    rule_id = re.search(r'term = "Infantry"\n(?:.*\n)*?rule = "([^"]+)"', broken)
    assert rule_id is not None
    assert str(info.value) == (
        f"terms.toml:{info.value.source.line}: the term 'Infantry' says {' '.join(says.split())!r}, which are not "
        f"the words of {rule_id.group(1)!r}; quote the rule exactly"
    )


def test_says_must_be_words() -> None:
    with pytest.raises(RulebookError, match=r"^terms\.toml:\d+: the entry 'Infantry' has says = something other"):
        load_terms(TERMS.replace('says = "Infantry are', 'says = 3\nx = "Infantry are', 1), "terms.toml")


def test_the_report_gives_a_term_no_rule_links_zero_links() -> None:
    terms = load_terms(TERMS, "terms.toml")
    report = terms_report(terms, {}, [])
    first = terms.terms[0]
    assert f"| {first.name} | `{first.rule}` | 0 |" in report


# ----------------------------------------------------------------------------- link_terms, on runs made here

_SOURCE = Source("terms.toml", 1)
_FLYERS = Term("Flyers", ("Flyers", "Flyer"), RuleRef("unit-types", "flyer-units"), _SOURCE)
_RUINS = Term("Ruins", ("ruins",), RuleRef("ruins", "ruins"), _SOURCE)
_MAP = TermMap((_FLYERS, _RUINS), (Outside("Difficult Terrain test", ("Difficult Terrain test",), _SOURCE),))


def test_a_run_that_begins_and_ends_with_terms_gets_no_empty_runs() -> None:
    seen: set[str] = set()
    runs = link_terms((Inline("text", "Flyer over ruins"),), _MAP, here=RuleRef("p", "x"), seen=seen)
    assert runs == (
        Inline("term", "Flyer", href=_FLYERS.rule, label="Flyers"),
        Inline("text", " over "),
        Inline("term", "ruins", href=_RUINS.rule, label="Ruins"),
    )
    assert seen == {"Flyers", "Ruins"}


def test_words_after_the_last_term_and_other_runs_are_kept_as_they_are() -> None:
    bold = Inline("bold", "Flyer")
    runs = (bold, Inline("text", "A Flyer, a Flyer and a Difficult Terrain test."))
    assert link_terms(runs, _MAP, here=RuleRef("p", "x"), seen=set()) == (
        bold,
        Inline("text", "A "),
        Inline("term", "Flyer", href=_FLYERS.rule, label="Flyers"),
        Inline("text", ", a Flyer and a Difficult Terrain test."),
    )


def test_how_often_each_term_is_linked_is_the_number_of_blocks_that_link_it() -> None:
    said = {"a": "Flyer and Flyer", "b": "ruins", "c": "Flyers over ruins"}
    pages = {"p": [rule(rule_id, Inline("text", text)) for rule_id, text in said.items()]}
    _pages, linked = apply_terms(pages, _MAP)
    assert linked == {"Flyers": 2, "Ruins": 2}


#: The line a map entry added after the committed map starts on.
ADDED_AT = len((TERMS + "\n").splitlines()) + 1


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        (
            '[[term]]\nterm = ""\nspellings = ["x"]\nrule = "terrain#open-ground"\n',
            "the entry needs term = the term's name",
        ),
        (
            '[[term]]\nterm = 3\nspellings = ["x"]\nrule = "terrain#open-ground"\n',
            "the entry needs term = the term's name",
        ),
        (
            '[[term]]\nterm = "X"\nspellings = ["x", ""]\nrule = "terrain#open-ground"\n',
            "the entry 'X' needs spellings = a list of the ways the rules write it",
        ),
        (
            '[[term]]\nterm = "X"\nspellings = [3]\nrule = "terrain#open-ground"\n',
            "the entry 'X' needs spellings = a list of the ways the rules write it",
        ),
        ('[[term]]\nterm = "X"\nspellings = ["x"]\n', "'' is not a rule reference; write it as page#rule-id"),
        ('[[outside]]\nspellings = ["x"]\n', "the entry needs term = the term's name"),
    ],
)
def test_each_malformed_entry_is_refused_whole_at_its_line(entry: str, says: str) -> None:
    with pytest.raises(RulebookError) as info:
        load_terms(TERMS + "\n" + entry, "terms.toml")
    assert str(info.value) == f"terms.toml:{ADDED_AT}: {says}"


def test_the_builds_refusals_of_the_map_are_whole() -> None:
    added = '\n[[term]]\nterm = "Wraithgate"\nspellings = ["Wraithgate", "Wraith Gate"]\nrule = "terrain#open-ground"\n'
    with pytest.raises(RulebookError) as info:
        build_with(TERMS + added)
    assert str(info.value) == (
        f"terms.toml:{ADDED_AT}: the term 'Wraithgate' never occurs in the rule text as 'Wraithgate', 'Wraith Gate'; "
        "correct its spellings or remove it"
    )
    own = '\n[[term]]\nterm = "Open Ground"\nspellings = ["open ground"]\n'
    own += 'rule = "terrain#open-ground-covers-everything-dusty-plains-rolling"\n'
    with pytest.raises(RulebookError) as info:
        build_with(TERMS + own)
    assert str(info.value) == (
        f"terms.toml:{ADDED_AT}: the term 'Open Ground' is used only in the rule that defines it, so it links "
        "nothing; remove it"
    )
    broken = TERMS.replace(
        'rule = "terrain#lethal-terrain-uses-all-normal-rules-impassable"', 'rule = "terrain#lethal-terain"'
    )
    with pytest.raises(RulebookError) as info:
        build_with(broken)
    assert str(info.value).endswith(": the term 'Lethal Terrain' links to 'terrain#lethal-terain', which is no rule")


def test_a_term_used_only_at_the_end_or_the_start_of_a_rule_is_used() -> None:
    """A use that ends one block or begins the next is a use (and counted)."""
    pages = {"p": [rule("a", Inline("text", "Over the ruins")), rule("b", Inline("text", "Flyer, then."))]}
    used = TermMap(
        (Term("Flyers", ("Flyer",), RuleRef("p", "b"), _SOURCE), Term("Ruins", ("ruins",), RuleRef("p", "a"), _SOURCE)),
        (Outside("Ruins", ("ruins",), _SOURCE), Outside("Flyer", ("Flyer",), _SOURCE)),
    )
    check_terms(used, pages)  # refuses a term that never occurs
    assert outside_uses(used, pages) == [("Ruins", 1), ("Flyer", 1)]


def test_a_term_of_a_chart_rows_body_is_not_linked_in_that_row() -> None:
    """A chart row that defines a term says it in its body: its own row links it nowhere."""
    row = rule("flyers-row", Inline("bold", "Flyers"), kind="chart_row", body=(Inline("text", "A Flyer flies."),))
    other = rule("elsewhere", Inline("text", "A Flyer lands."))
    terms = TermMap((Term("Flyers", ("Flyer",), RuleRef("p", "flyers-row"), _SOURCE),), ())
    out, linked = apply_terms({"p": [row, other]}, terms)
    assert out["p"][0].block.body == (Inline("text", "A Flyer flies."),)
    assert linked == {"Flyers": 1}
