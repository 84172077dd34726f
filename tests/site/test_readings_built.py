"""The built page "Where the rules are silent": each reading links to the calculators it concerns."""

from __future__ import annotations

from pathlib import Path

from calculators.registry import all_readings


def test_the_built_site_links_each_reading_to_its_calculators(built_site: Path) -> None:
    page = (built_site / "readings" / "index.html").read_text("utf-8")
    assert '<a href="../buildings/#calc-building-damage">Building damage</a>' in page
    assert '<a href="../ruins/#calc-ruin-movement">Ruin movement</a>' in page
    assert '<a href="../unit-types/#calc-charge-and-fall-back">Charge and fall back</a>' in page
    for reading, _ in all_readings().values():
        assert f'id="{reading.id}"' in page
