"""Merging overlapping exports: identical repeats once, differing text stops the build."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import build

from build_scripts.core.errors import RulebookError
from harness.project import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def test_identical_repeats_appear_once() -> None:
    result = build()
    ids = [a.id for a in result.anchored["buildings"]]
    assert ids.count("total-collapse") == 1
    assert sum(a.block.text == "Breach!" for page in result.anchored.values() for a in page) == 1


def test_trailing_newlines_do_not_count_as_a_difference() -> None:
    raw = (ROOT / "docs/rulebook/buildings.wiki").read_bytes()
    build({"buildings.wiki": raw + b"\n\n\n"})


def test_conflicting_exports_name_both_files_and_the_first_differing_line() -> None:
    conflict = (FIXTURES / "merge-conflict" / "buildings.wiki").read_bytes()
    with pytest.raises(RulebookError) as info:
        build({"buildings.wiki": conflict})
    message = str(info.value)
    assert "battlefield-terrain.wiki:135" in message  # the base export's line
    assert "buildings.wiki:87" in message  # the conflicting export's line
    assert "reduced by d3" in message
    assert "reduced by d6" in message


def test_a_section_missing_from_one_export_is_a_conflict() -> None:
    raw = (ROOT / "docs/rulebook/ruins.wiki").read_text("utf-8")
    cut = raw.replace("'''Flyers'''\n\n", "").replace(
        "Remember that Flyers are not hindered by difficult terrain, and move over any terrain as part of "
        'their move without penalty. Flyers moving into a ruin are simply placed within 12" of their '
        "starting point, including on a different level of a ruin.\n\n",
        "",
    )
    assert cut != raw
    with pytest.raises(RulebookError, match="disagree about section 'Ruins'"):
        build({"ruins.wiki": cut.encode()})
