"""Cross references: every "page XX" is mapped to a rule or marked as not in these sections."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build, rule, xref_map

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, BlockKind, Inline, RuleRef
from build_scripts.rulebook.xrefs import Resolution, XrefEntry, load_map, resolve


def resolutions() -> dict[str, str | None]:
    return {r.context: str(r.target) if r.target else None for r in build().references}


def test_every_reference_is_resolved_as_mapped() -> None:
    found = resolutions()
    assert found["things like Flyer units, (see page XX"] == "unit-types#flyer-units"
    assert found["then use the ruins rules presented on page XX"] == "ruins#ruins"
    assert (
        found["Rooms may have different Elevations(see page XX"] == "ruins#blast-weapons-when-firing-weapon-blast-large"
    )
    assert found["must take a Difficult Terrain test(see page XX"] is None
    assert found["The rules for marching and difficult terrain are on page XX"] is None
    assert len(found) == 8


def test_page_xx_stays_verbatim_with_the_sites_help_beside_it() -> None:
    result = build()
    terrain = result.markdown["terrain"]
    pages = "".join(result.markdown.values())
    # Every reference keeps the book's words, each followed by the site's help.
    assert pages.count('<span class="xref">page XX</span>') == 8
    assert pages.count('<span class="xref">page XX</span><a class="xref-help"') == 4
    assert (
        pages.count('<span class="xref">page XX</span><button type="button" class="xref-help xref-help--missing"') == 4
    )
    assert (
        '(see <span class="xref">page XX</span><a class="xref-help" href="../unit-types/#flyer-units" data-help>'
        "Unit Types › Flyer Units</a>)" in terrain
    )
    assert 'Difficult Terrain test(see <span class="xref">page XX</span><button' in terrain
    assert "and the Difficult Terrain test is not in these sections of the rulebook.</span>)" in terrain
    assert 'href="../ruins/#blast-weapons-when-firing-weapon-blast-large"' in result.markdown["buildings"]


def test_an_unmapped_reference_fails_with_file_and_line() -> None:
    entries = xref_map().replace(
        '[[ref]]\ncontext = "things like Flyer units, (see page XX"\ntarget = "unit-types#flyer-units"\n', ""
    )
    with pytest.raises(RulebookError) as info:
        build(xrefs=entries)
    assert info.value.source is not None
    assert (info.value.source.file, info.value.source.line) == ("battlefield-terrain.wiki", 13)
    assert "no entry" in info.value.message


def test_an_entry_that_matches_nothing_fails() -> None:
    entries = xref_map() + '\n[[ref]]\ncontext = "words that are nowhere page XX"\nunresolved = "nothing"\n'
    with pytest.raises(RulebookError, match="matched 0 references"):
        build(xrefs=entries)


def test_a_target_that_is_not_a_rule_fails() -> None:
    entries = xref_map().replace('target = "unit-types#flyer-units"', 'target = "unit-types#flyers"')
    with pytest.raises(RulebookError, match="not a rule id"):
        build(xrefs=entries)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[ref]]\ncontext = "no ref"\nunresolved = "x"\n',
            "xrefs.toml:1: the context must end with 'page XX': 'no ref'",
        ),
        ('[[ref]]\nunresolved = "x"\n', "xrefs.toml:1: the context must end with 'page XX': ''"),
        (
            '[[ref]]\ncontext = "a page XX"\n',
            "xrefs.toml:1: the entry 'a page XX' needs exactly one of 'target' or 'unresolved'",
        ),
        (
            '\n[[ref]]\ncontext = "a page XX"\ntarget = "ruins#ruins"\nunresolved = "y"\n',
            "xrefs.toml:2: the entry 'a page XX' needs exactly one of 'target' or 'unresolved'",
        ),
        (
            '[[ref]]\ncontext = "a page XX"\ntarget = "nohash"\n',
            "xrefs.toml:1: the entry 'a page XX': 'nohash' is not a rule reference; write it as page#rule-id",
        ),
    ],
)
def test_a_bad_entry_of_the_map_is_refused_at_its_line(text: str, message: str) -> None:
    with pytest.raises(RulebookError) as refused:
        load_map(text, "xrefs.toml")
    assert str(refused.value) == message


def test_the_maps_entries_are_read_with_their_lines() -> None:
    entries = load_map(
        '[[ref]]\ncontext = "a page XX"\ntarget = "ruins#ruins"\n\n[[ref]]\ncontext = "b page XX"\nunresolved = "the test"\n',
        "x.toml",
    )
    assert [(e.context, str(e.target) if e.target else None, e.unresolved, str(e.source)) for e in entries] == [
        ("a page XX", "ruins#ruins", None, "x.toml:1"),
        ("b page XX", None, "the test", "x.toml:5"),
    ]


def test_an_entry_that_matches_nothing_is_named_whole() -> None:
    entries = xref_map() + '\n[[ref]]\ncontext = "words that are nowhere page XX"\nunresolved = "nothing"\n'
    with pytest.raises(RulebookError) as refused:
        build(xrefs=entries)
    assert str(refused.value).endswith(
        "the entry 'words that are nowhere page XX' matched 0 references; "
        "it must match exactly one (give more words before 'page XX')"
    )


def test_a_target_that_is_not_a_rule_is_named_with_where_it_is_used() -> None:
    entries = xref_map().replace('target = "unit-types#flyer-units"', 'target = "unit-types#flyers"')
    with pytest.raises(RulebookError) as refused:
        build(xrefs=entries)
    said = str(refused.value)
    assert "the target 'unit-types#flyers' of 'things like Flyer units, (see page XX' (used at " in said
    assert said.endswith("is not a rule id in this build")


# ----------------------------------------------------------------------------- resolve, on blocks made here


def _rule(
    page_id: str, *inlines: Inline, body: tuple[Inline, ...] = (), kind: BlockKind = "paragraph"
) -> AnchoredBlock:
    return rule(page_id, *inlines, kind=kind, body=body, path=("P",), at=Source("p.wiki", 3))


HEADING = rule("melee", Inline("text", "Melee"), kind="heading", path=("Melee",), at=Source("p.wiki", 1))


def test_two_references_in_one_run_and_one_after_a_bold_run_each_get_their_entry() -> None:
    text = Inline("text", "as on page XX and unlike page XX.")
    after_bold = (Inline("bold", "Charge"), Inline("text", " rules on page XX"))
    pages = {"p": [HEADING, _rule("both", text), _rule("bold", *after_bold)]}
    entries = [
        XrefEntry("as on page XX", target=RuleRef("p", "melee")),
        XrefEntry("XX and unlike page XX", unresolved="the Shooting section"),
        XrefEntry("Charge rules on page XX", target=RuleRef("p", "melee")),
    ]
    out, report = resolve(pages, entries)
    assert out["p"][1].block.inlines == (
        Inline("text", "as on "),
        Inline("xref", "page XX", href=RuleRef("p", "melee"), label="Melee"),
        Inline("text", " and unlike "),
        Inline("xref", "page XX", label="not in these sections", note="the Shooting section"),
        Inline("text", "."),
    )
    assert out["p"][2].block.inlines[-1] == Inline("xref", "page XX", href=RuleRef("p", "melee"), label="Melee")
    assert report == [
        Resolution("p", "both", "as on page XX", RuleRef("p", "melee"), "Melee"),
        Resolution("p", "both", "XX and unlike page XX", None, "the Shooting section: not in these sections"),
        Resolution("p", "bold", "Charge rules on page XX", RuleRef("p", "melee"), "Melee"),
    ]


def test_a_reference_in_a_charts_body_is_resolved_there() -> None:
    row = _rule("row", Inline("text", "1: Breach"), body=(Inline("text", "see page XX"),), kind="chart_row")
    out, report = resolve({"p": [HEADING, row]}, [XrefEntry("see page XX", target=RuleRef("p", "melee"))])
    assert out["p"][1].block.body == (
        Inline("text", "see "),
        Inline("xref", "page XX", href=RuleRef("p", "melee"), label="Melee"),
    )
    assert out["p"][1].block.inlines == (Inline("text", "1: Breach"),)
    assert report == [Resolution("p", "row", "see page XX", RuleRef("p", "melee"), "Melee")]


def test_a_reference_two_entries_match_is_refused_with_the_words_before_it() -> None:
    words = "x" * 70 + " see page XX"
    entries = [XrefEntry("see page XX", unresolved="a"), XrefEntry("x see page XX", unresolved="b")]
    with pytest.raises(RulebookError) as info:
        resolve({"p": [_rule("r", Inline("text", words))]}, entries, map_name="refs.toml")
    assert info.value.message == (
        f"the reference '…{words[-60:]}' has 2 entries in refs.toml; add one with context = the words before it "
        "and a target (page#id) or unresolved = what it is"
    )
    assert info.value.source == Source("p.wiki", 3)


def test_an_entry_made_in_code_that_matches_twice_names_the_map() -> None:
    pages = {"p": [_rule("a", Inline("text", "see page XX")), _rule("b", Inline("text", "see page XX"))]}
    with pytest.raises(RulebookError) as info:
        resolve(pages, [XrefEntry("see page XX", unresolved="a")])
    assert info.value.message == (
        "xrefs.toml: the entry 'see page XX' matched 2 references; it must match exactly one "
        "(give more words before 'page XX')"
    )


def test_a_reference_with_no_entry_is_named_with_all_the_words_before_it() -> None:
    with pytest.raises(RulebookError) as info:
        resolve({"p": [_rule("r", Inline("text", "see page XX"))]}, [])
    assert info.value.message == (
        "the reference '…see page XX' has no entry in xrefs.toml; add one with context = the words before it "
        "and a target (page#id) or unresolved = what it is"
    )


def test_the_words_before_a_reference_run_back_over_every_run_and_reference_of_the_rule() -> None:
    runs = (Inline("text", "See the "), Inline("bold", "Charge"), Inline("text", " rules on page XX or"))
    runs += (Inline("bold", "B"), Inline("text", " page XX"))
    entries = [
        XrefEntry("the Charge rules on page XX", unresolved="charging"),
        XrefEntry("page XX orB page XX", unresolved="the other"),
    ]
    _out, report = resolve({"p": [_rule("r", *runs)]}, entries)
    assert [r.context for r in report] == ["the Charge rules on page XX", "page XX orB page XX"]


def test_page_xx_in_a_bold_run_is_left_as_written() -> None:
    out, report = resolve({"p": [_rule("r", Inline("bold", "page XX"))]}, [])
    assert out["p"][0].block.inlines == (Inline("bold", "page XX"),)
    assert report == []


def test_a_faulty_entry_of_the_map_is_refused_at_its_own_line() -> None:
    at = Source("refs.toml", 7)
    pages = {"p": [_rule("a", Inline("text", "see page XX")), _rule("b", Inline("text", "see page XX"))]}
    with pytest.raises(RulebookError) as info:
        resolve(pages, [XrefEntry("see page XX", unresolved="a", source=at)], map_name="refs.toml")
    assert (info.value.message, info.value.source) == (
        "the entry 'see page XX' matched 2 references; it must match exactly one (give more words before 'page XX')",
        at,
    )
    with pytest.raises(RulebookError) as info:
        resolve(
            {"p": [_rule("a", Inline("text", "see page XX"))]}, [XrefEntry("see page XX", RuleRef("p", "x"), source=at)]
        )
    assert info.value.source == at
    with pytest.raises(RulebookError) as info:
        resolve({"p": [_rule("a", Inline("text", "see page XX"))]}, [XrefEntry("see page XX", RuleRef("p", "x"))])
    assert info.value.source == Source("p.wiki", 3), "an entry made in code: the rule's place"


def test_a_reference_in_a_charts_body_with_no_entry_names_the_map() -> None:
    row = _rule("row", Inline("text", "1: Breach"), body=(Inline("text", "see page XX"),), kind="chart_row")
    with pytest.raises(RulebookError, match=r"has no entry in refs\.toml"):
        resolve({"p": [row]}, [], map_name="refs.toml")
