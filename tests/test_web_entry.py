"""The worker's entry points (``calculators.web``): JSON in, JSON out, never an exception;
the snapshot canary answers every calculator's sample."""

from __future__ import annotations

import json

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
