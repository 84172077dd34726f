"""Cross references: every "page XX" is mapped to a rule or marked as not in these sections."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build, xref_map

from build_scripts.core.errors import RulebookError


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
