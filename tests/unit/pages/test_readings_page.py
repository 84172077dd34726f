"""The page "Where the rules are silent", the rules' Reading markers, and the build's check of readings."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from support.rulebook_helpers import build, committed_table

from calculators.registry import all_readings
from harness.project import ROOT

RESULT = build(readings_page="readings", table=committed_table())


def test_the_page_lists_every_reading_with_its_options_rules_and_calculators() -> None:
    page = RESULT.readings_page
    assert page is not None
    for reading, _ in all_readings().values():
        assert f"{{ #{reading.id} .sh-reading }}" in page
        for option in reading.options:
            assert f'<li data-option="{option}">' in page
        default = re.search(rf'<li data-option="{reading.default}">.*?</li>', page)
        assert default is not None
        assert "The site's reading." in default.group(0)
        assert page.count("The site's reading.") == len(all_readings())
        for rule in reading.rules:
            assert f'href="../{rule.replace("#", "/#")}"' in page, rule
    assert "Used by: Building damage." in page  # no calculator placed in this build: no link


def test_the_page_quotes_the_rules_words_verbatim() -> None:
    page = RESULT.readings_page or ""
    assert "<p>Flame attacks get +1 on the Damage Chart against Wooden buildings.</p>" in page
    assert "Unit Types › Flyer Units › Close Combat Phase" in page


def test_a_rule_a_reading_concerns_carries_a_marker_linking_to_it() -> None:
    buildings = RESULT.markdown["buildings"]
    line = next(x for x in buildings.splitlines() if 'id="what-can-hurt-a-building-flame-attacks-get-1-damage"' in x)
    assert 'class="reading-mark" href="../readings/#chart-beyond" data-help data-reading="chart-beyond"' in line
    ruins = RESULT.markdown["ruins"]
    line = next(x for x in ruins.splitlines() if 'id="moving-within-ruins-only-certain-troops-capable-clambering"' in x)
    assert "../readings/#ranks-flying" in line
    # The Agree marker of the same rule stays, before it.
    assert line.index("table-mark") < line.index("reading-mark")
    assert "reading-mark" not in build().markdown["buildings"]  # no readings page, no markers


def test_a_reading_naming_an_unknown_rule_fails_the_build_at_its_declaration(tmp_path: Path) -> None:
    copy = tmp_path / "calculators"
    shutil.copytree(ROOT / "calculators", copy, ignore=shutil.ignore_patterns("__pycache__"))
    declared = copy / "charge_and_fall_back" / "readings.py"
    text = declared.read_text("utf-8")
    bad = text.replace(
        '"unit-types#beasts-close-combat-roll-3d6-when-charging-when",', '"unit-types#beasts-nowhere",', 1
    )
    assert bad != text
    declared.write_text(bad, "utf-8")
    line = bad[: bad.index('id="roll-reaches"')].count("\n") + 1
    script = "from support.rulebook_helpers import build; build(readings_page='readings')"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "tests"), str(ROOT)])}
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path, check=False
    )
    assert run.returncode != 0
    assert (
        f"calculators/charge_and_fall_back/readings.py:{line}: the reading 'roll-reaches' names "
        "'unit-types#beasts-nowhere', which is no rule (see anchors.lock.json)"
    ) in run.stderr
