"""What a reading changes, marked as the page shows it beside the answer
(``calculators/side_by_side.change``): the headline or the first figure that differs, with
both labels when they differ; else a chart's first bar that differs (a bar one chart lacks is
0.0%); else the working alone differs."""

from __future__ import annotations

from typing import Any

from calculators.side_by_side import change


def view(
    headline: str,
    figures: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
    charts: tuple[dict[str, Any], ...] | list[dict[str, Any]] = (),
) -> Any:
    return {
        "headline": {"label": "Total Collapse within 1 hit", "text": headline},
        "figures": [{"label": label, "text": text} for label, text in figures],
        "charts": list(charts),
    }


def chart(caption: str, bars: list[tuple[str, str]]) -> dict[str, Any]:
    return {"caption": caption, "bars": [{"label": label, "text": text} for label, text in bars]}


def test_the_headline_when_it_differs() -> None:
    assert change(view("22.2%"), view("11.1%")) == "Total Collapse within 1 hit: 22.2% → 11.1%"


def test_the_first_figure_that_differs_after_a_headline_alike() -> None:
    mine = view("50.0%", [("Hits", "3"), ("Wounds", "2"), ("Saves", "1")])
    theirs = view("50.0%", [("Hits", "3"), ("Wounds", "4"), ("Saves", "0")])
    assert change(mine, theirs) == "Wounds: 2 → 4"


def test_both_labels_when_the_figure_that_differs_is_named_otherwise() -> None:
    mine = view("50.0%", [('Moves 3" up', "yes")])
    theirs = view("50.0%", [('Moves 6" up', "no")])
    assert change(mine, theirs) == 'Moves 3" up / Moves 6" up: yes → no'


def test_a_figure_only_one_answer_has_is_not_compared() -> None:
    mine = view("50.0%", [("Hits", "3")])
    theirs = view("50.0%", [("Hits", "3"), ("Extra", "1")], [chart("Damage", [("Breach", "10.0%")])])
    assert change(mine, theirs) == "the working differs (the figures shown round alike)"


def test_a_charts_first_bar_that_differs_and_a_bar_one_lacks_is_none() -> None:
    mine = view("50.0%", [], [chart("Damage", [("Breach", "10.0%"), ("Tremor", "5.0%")])])
    theirs = view("50.0%", [], [chart("Damage", [("Breach", "10.0%"), ("Tremor", "7.5%")])])
    assert change(mine, theirs) == "Damage, Tremor: 5.0% → 7.5%"
    lacking = view("50.0%", [], [chart("Damage", [("Breach", "10.0%"), ("Collapse", "2.0%")])])
    assert change(mine, lacking) == "Damage, Tremor: 5.0% → 0.0%"
    assert change(lacking, mine) == "Damage, Collapse: 2.0% → 0.0%"
    gained = view("50.0%", [], [chart("Damage", [("Breach", "10.0%"), ("Tremor", "5.0%"), ("Fire", "1.0%")])])
    assert change(mine, gained) == "Damage, Fire: 0.0% → 1.0%"


def test_the_second_chart_when_the_first_is_alike() -> None:
    first = chart("Damage", [("Breach", "10.0%")])
    mine = view("50.0%", [], [first, chart("Hits", [("1", "50.0%")])])
    theirs = view("50.0%", [], [first, chart("Hits", [("1", "25.0%")])])
    assert change(mine, theirs) == "Hits, 1: 50.0% → 25.0%"


def test_answers_alike_in_every_figure_shown_differ_in_their_working() -> None:
    same = view("50.0%", [("Hits", "3")], [chart("Damage", [("Breach", "10.0%")])])
    assert change(same, same) == "the working differs (the figures shown round alike)"
