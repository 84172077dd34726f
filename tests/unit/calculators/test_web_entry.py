"""The worker's entry points (``calculators.web``): JSON in, JSON out, never an exception;
the snapshot canary answers every calculator's sample."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculators import web
from calculators.registry import all_calculators


def test_web_compute_returns_the_cli_result_and_a_view() -> None:
    answer = json.loads(web.compute("hit-split", json.dumps({"target": "artillery", "hits": "2"})))
    assert answer["result"]["distribution"] == {"0": "1/4", "1": "1/2", "2": "1/4"}
    assert answer["view"] == all_calculators()["hit-split"].present(
        all_calculators()["hit-split"].compute(target="artillery", hits=2)
    )
    assert [bar["exact"] for bar in answer["view"]["charts"][0]["bars"]] == ["1/4", "1/2", "1/4"]


def test_web_compute_reports_every_bad_field() -> None:
    answer = json.loads(web.compute("building-damage", json.dumps({"strength": "NaN", "hits": "0", "colour": "red"})))
    assert set(answer["errors"]) == {""}  # an unknown name is reported before the fields
    answer = json.loads(web.compute("building-damage", json.dumps({"strength": "NaN", "hits": "0"})))
    assert set(answer["errors"]) == {"strength", "hits"}


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", '{"1": 2, "x": {}}'])
def test_web_compute_never_raises_on_bad_json(raw: str) -> None:
    assert "errors" in json.loads(web.compute("hit-split", raw))


def test_web_play_needs_real_faces() -> None:
    assert "errors" in json.loads(web.play("hit-split", "{}", json.dumps([0, 7])))
    short = json.loads(web.play("hit-split", json.dumps({"hits": "5"}), json.dumps([1, 2])))
    assert "Not enough dice" in short["errors"][""]
    ok = json.loads(web.play("hit-split", json.dumps({"hits": "2"}), json.dumps([1, 6, 6])))
    assert ok["lines"][0] == "Rolled 1 6."


def test_the_canary_checks_one_calculator_by_name_and_none_for_an_unknown_name() -> None:
    for name in all_calculators():
        assert json.loads(web.canary(name)) == {"answered": 1}
    assert json.loads(web.canary("no-such-calculator")) == {"answered": 0}


def test_the_canary_refuses_a_calculator_that_does_not_answer_its_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web, "compute", lambda *_: json.dumps({"errors": {"": "broken"}}))
    with pytest.raises(ValueError, match="hit-split calculator did not answer its sample"):
        web.canary("hit-split")


def test_after_the_first_answer_every_module_the_browser_uses_is_imported() -> None:
    """A start from the snapshot answers before the calculators' files are unpacked (they
    follow): the snapshot, made after a fresh start's first answer, must already hold every
    module of the package the entry points use. A module imported only later (inside a
    function) would not be found until then; import it at the top of its module."""
    probe = (
        "import json, pkgutil, sys, calculators, calculators.web as web\n"
        "web.compute('building-damage', '{}')\n"
        "names = {m.name for m in pkgutil.walk_packages(calculators.__path__, 'calculators.')}\n"
        "print(json.dumps(sorted(n for n in names - {'calculators.__main__'} if n not in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
