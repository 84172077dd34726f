"""The calculator contract, proven from the outside.

* A calculator that exists only in this test (one module and one placement entry, no
  other file touched) builds into the site, validates its inputs, answers in Chromium
  and gives the same JSON as the command line.
* The page's renderer reads nothing of an answer's view that the schema does not name.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support import build_site, copy_project

from build_scripts.runtime.protocol_types import json_schema
from harness.network import free_port
from harness.project import ROOT
from site_server import serving

ANSWER_TIMEOUT = 60_000

# A calculator nobody asked for: how many sixes N dice roll. It cites a real rule.
THROWAWAY = '''"""sixes: how many of N dice roll a 6 (a calculator that exists only in a test)."""

from __future__ import annotations

from fractions import Fraction

from calculators.contract import Calculator, Checked, Computed, Dice, Rules, View
from calculators.dice import binomial
from calculators.spec import Input, as_int
from calculators.view import chance, chart, working

RULES = Rules({"collapse": "buildings#total-collapse"})


class Sixes(Computed):
    distribution: dict[str, Fraction]
    at_least_one: Fraction


def _resolve(v: Checked) -> int:
    return as_int(v, "dice")


def _compute(dice: int) -> Sixes:
    dist = binomial(dice, Fraction(1, 6))
    return {
        "distribution": {str(k): p for k, p in dist.items()},
        "at_least_one": 1 - dist[0],
        "working": [RULES.step(f"Each of {dice} dice rolls a 6 one time in six.", "collapse")],
    }


def _present(dice: int, r: Sixes) -> View:
    return {
        "asked": f"{dice} dice",
        "headline": chance("At least one 6", r["at_least_one"], RULES.link("collapse")),
        "why": None,
        "figures": [],
        "charts": [chart("Sixes", [(k, p) for k, p in r["distribution"].items()])],
        "tables": [],
        "working": working(r["working"]),
        "unused": [],
        "can_roll": True,
    }


def _play(dice: int, d6: Dice) -> list[str]:
    faces = [d6() for _ in range(dice)]
    return [f"Rolled {' '.join(map(str, faces))}: {faces.count(6)} sixes."]


CALCULATOR: Calculator[int, Sixes] = Calculator(
    name="sixes",
    title="Sixes",
    inputs=(Input.int("dice", "Dice", help="How many dice are rolled.", default=3, minimum=1, maximum=12),),
    rules=RULES,
    resolve=_resolve,
    compute=_compute,
    present=_present,
    play=_play,
)
'''

PLACEMENT = """
[[place]]
calculator = "sixes"
after = "buildings#total-collapse"
title = "Sixes"
intro = "How many of the dice roll a 6."
"""


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if (ROOT / line).is_file()]


def changed_files(project: Path) -> set[str]:
    """The files of the copy that differ from the project's, and the files only the copy has."""
    tracked = tracked_files()
    changed = {name for name in tracked if (project / name).read_bytes() != (ROOT / name).read_bytes()}
    calculators = {f"calculators/{p.name}" for p in (project / "calculators").glob("*.py")}
    return changed | (calculators - set(tracked))


@pytest.fixture(scope="module")
def throwaway_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The project with the throwaway calculator added, built and served."""
    project = copy_project(tmp_path_factory.mktemp("contract") / "project")
    (project / "calculators" / "sixes.py").write_text(THROWAWAY, "utf-8")
    placements = project / "build_scripts" / "maps" / "calculator_placements.toml"
    placements.write_text(placements.read_text("utf-8") + PLACEMENT, "utf-8")
    assert changed_files(project) == {"calculators/sixes.py", "build_scripts/maps/calculator_placements.toml"}
    port = free_port()
    site = project / "site"
    build_site(project, site, port=port)
    with serving(site, port=port):
        yield project, f"http://127.0.0.1:{port}/"


def cli_json(project: Path, *args: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(project)}
    proc = subprocess.run(
        [sys.executable, "-m", "calculators", *args, "--json"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return dict(json.loads(proc.stdout))


def shown_result(page: Page, section: str, dice: str) -> dict[str, Any]:
    page.wait_for_function(
        """([sel, dice]) => { const r = document.querySelector(sel + ' .sh-calc__result');
                              return r && r.dataset.result && JSON.parse(r.dataset.result).inputs.dice === Number(dice); }""",
        arg=[f"#{section}", dice],
        timeout=ANSWER_TIMEOUT,
    )
    return dict(json.loads(page.locator(f"#{section} .sh-calc__result").get_attribute("data-result") or "{}"))


@pytest.mark.first_visit("a site built for this test alone: no phone has visited it")
def test_a_calculator_defined_only_here_builds_validates_answers_and_matches_its_cli(
    first_visit_page: Page, throwaway_site: tuple[Path, str]
) -> None:
    project, url = throwaway_site
    built = (project / "site" / "buildings" / "index.html").read_text("utf-8")
    assert 'id="calc-sixes"' in built
    assert 'name="dice"' in built
    listed = (project / "site" / "calculators" / "index.html").read_text("utf-8")
    assert "Sixes" in listed

    page = first_visit_page
    page.goto(url + "buildings/")
    assert shown_result(page, "calc-sixes", "3") == cli_json(project, "sixes")
    expect(page.locator("#calc-sixes .sh-calc__headline")).to_contain_text("At least one 6: 42.1%")
    expect(page.locator("#calc-sixes .sh-calc__asked")).to_contain_text("3 dice")

    page.locator("#calc-sixes-dice").fill("13")
    error = page.locator("#calc-sixes-dice-error")
    expect(error).to_be_visible(timeout=ANSWER_TIMEOUT)
    expect(error).to_contain_text("from 1 to 12")

    page.locator("#calc-sixes-dice").fill("7")
    assert shown_result(page, "calc-sixes", "7") == cli_json(project, "sixes", "dice=7")
    page.locator("#calc-sixes button[data-action='roll']").click()
    expect(page.locator("#calc-sixes .sh-calc__roll")).to_contain_text("sixes.")

    page.goto(url + "buildings/?calc=sixes&dice=11#total-collapse")
    assert shown_result(page, "calc-sixes", "11") == cli_json(project, "sixes", "dice=11")


# The view's property names, per the schema (every object the view holds).
def schema_names() -> set[str]:
    defs = json_schema()["$defs"]
    names: set[str] = set()
    for name in ("View", "Figure", "Chart", "Bar", "Table", "WorkingStep"):
        names |= set(defs[name]["properties"])
    return names


RECORD_READS = """async ([name, inputs]) => {
    const base = new URL('../assets/js/calculators/', location.href);
    const engine = await import(new URL('engine.mjs', base).href);
    const render = await import(new URL('render.mjs', base).href);
    const answer = await engine.compute(name, inputs);
    const reads = new Set();
    const watch = (value) => {
        if (value === null || typeof value !== 'object') return value;
        return new Proxy(value, {
            get(target, key, receiver) {
                if (typeof key === 'string' && !Array.isArray(target)) reads.add(key);
                return watch(Reflect.get(target, key, receiver));
            },
        });
    };
    const section = document.querySelector('section.sh-calc[data-calc="' + name + '"]');
    render.showResult(section, watch(answer.view), answer.result);
    return [...reads].sort();
}"""


@pytest.mark.parametrize(
    ("path", "name", "inputs"),
    [
        ("buildings/", "building-damage", {"strength": "9", "hits": "3", "ranged": "true"}),
        ("ruins/", "ruin-movement", {"unit_type": "beasts", "level_height": "2"}),
        ("ruins/", "ruin-movement", {"unit_type": "flyer-infantry"}),
        ("unit-types/", "hit-split", {"target": "artillery", "hits": "5"}),
    ],
)
def test_the_renderer_reads_only_what_the_schema_names(
    returning_page: Page, site_url: str, path: str, name: str, inputs: dict[str, str]
) -> None:
    page = returning_page
    page.goto(site_url + path)
    page.wait_for_selector(".sh-calc__result[data-result]", timeout=ANSWER_TIMEOUT)
    reads = set(page.evaluate(RECORD_READS, [name, inputs]))
    assert {"headline", "figures", "charts", "tables", "working", "label", "text"} <= reads
    assert reads <= schema_names(), reads - schema_names()
