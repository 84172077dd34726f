"""How an answer reads on a 360×740 phone: the answer bar stays in view after each edit,
each figure is shown once with exact fractions on request, a certain answer says why,
and each calculator's headline says what the rules give."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect
from support import PHONE
from support.browser import CALCULATORS, cpython, cpython_view, wait_for
from support.calc_cases import CALCULATOR_OF, CHARGE_SECTION, FIXED, PAGE_OF

from calculators.spec import Input, InputError


def other_value(spec: Input, current: str, answers: Any = None) -> str:
    """A different value for a field, as a player would pick it: one the calculator answers
    (``answers(value)`` is true), since some choices are refused for the other inputs."""
    if spec.kind == "int":
        assert spec.minimum is not None
        assert spec.maximum is not None
        number = int(current) if current else spec.minimum
        return str(number + 1 if number < spec.maximum else number - 1)
    if spec.kind == "bool":
        return "false" if current == "true" else "true"
    options = [c for c in spec.choices if c not in {current, "custom"}]
    middle_first = options[len(options) // 2 :] + options[: len(options) // 2]
    return next(c for c in middle_first if answers is None or answers(c))


def cpython_answers(name: str, inputs: dict[str, Any]) -> bool:
    try:
        CALCULATORS[name].compute(**inputs)
    except InputError:
        return False
    return True


EDITS = [
    (section, spec.name)
    for section in sorted(PAGE_OF)
    for spec in CALCULATORS[CALCULATOR_OF[section]].inputs
    if spec.name not in FIXED.get(section, {})
]


@pytest.mark.parametrize(("section", "name"), EDITS, ids=[f"{s}-{n}" for s, n in EDITS])
def test_each_fields_edit_leaves_the_headline_in_view(
    returning_page: Page, site_url: str, section: str, name: str
) -> None:
    calculator = CALCULATOR_OF[section]
    spec = next(i for i in CALCULATORS[calculator].inputs if i.name == name)
    # A field the form hides when it changes nothing is edited where it matters.
    start = {
        "fly": {"unit_type": "flyer-beasts" if calculator == "charge-and-fall-back" else "flyer-infantry"},
        "material": {"building": "custom", "material": "stone", "armour_value": "10"},
        "ranged": {"occupants": "inside"},
    }.get(name, {})
    query = {"calc": calculator, **FIXED.get(section, {}), **start}
    returning_page.goto(site_url + PAGE_OF[section] + "?" + urlencode(query))
    wait_for(returning_page, section, cpython(calculator, {**FIXED.get(section, {}), **start}))
    field = returning_page.locator(f"#{section}-{name}")
    expect(field).to_be_visible()
    field.scroll_into_view_if_needed()
    field.tap()
    current = field.input_value()
    given = {**FIXED.get(section, {}), **start}
    value = other_value(spec, current, lambda v: cpython_answers(calculator, {**given, name: v}))
    if spec.kind == "int":
        field.fill(value)
    else:
        field.select_option(value)
    inputs = {**FIXED.get(section, {}), **start, name: value}
    wait_for(returning_page, section, cpython(calculator, inputs))
    headline = returning_page.locator(f"#{section} .sh-calc__headline")
    expect(headline).to_be_in_viewport()
    box = headline.bounding_box()
    assert box is not None
    header = returning_page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert box["y"] >= header - 1, "the headline is under the site's header"
    assert box["y"] + box["height"] <= PHONE["height"]
    expected = cpython_view(calculator, inputs)["headline"]
    expect(headline).to_contain_text(f"{expected['label']}: {expected['text']}")


def test_each_figure_once_and_exact_fractions_on_request(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "unit-types/?calc=hit-split&target=artillery&hits=5")
    wait_for(returning_page, "calc-hit-split-artillery", cpython("hit-split", {"target": "artillery", "hits": 5}))
    section = returning_page.locator("#calc-hit-split-artillery")
    text = section.inner_text()
    assert text.count("31.3%") == 2  # 2 on the piece and 2 on the crew (5/16 each), once each
    assert text.count("How the 5 hits split (artillery piece – crew)") == 1
    fractions = section.locator(".sh-calc__fraction")
    expect(fractions.first).to_be_hidden()
    section.get_by_role("button", name="Show exact fractions").tap()
    expect(section.locator(".sh-calc__bar-value", has_text="31.3%").first).to_contain_text("5/16")
    expect(section.get_by_role("button", name="Hide exact fractions")).to_have_attribute("aria-pressed", "true")


def test_ruin_movement_climb_chance_is_shown_once(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "ruins/")
    wait_for(returning_page, "calc-ruin-movement", cpython("ruin-movement", {}))
    assert returning_page.locator("#calc-ruin-movement").inner_text().count("66.7%") == 1


def test_a_certain_answer_says_why(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?calc=building-damage&building=stone-house")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", {"building": "stone-house"}))
    why = returning_page.locator("#calc-building-damage .sh-calc__why")
    expect(why).to_have_text("S6 + d6 cannot beat armour value 13: needs Strength 8 or more.")
    returning_page.locator("#calc-building-damage-strength").fill("9")
    wait_for(
        returning_page, "calc-building-damage", cpython("building-damage", {"strength": 9, "building": "stone-house"})
    )
    expect(why).to_be_hidden()


def test_ruin_movement_follows_the_roll_and_flying_is_one_line(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "ruins/")
    wait_for(returning_page, "calc-ruin-movement", cpython("ruin-movement", {}))
    section = returning_page.locator("#calc-ruin-movement")
    returning_page.locator("#calc-ruin-movement-roll").fill("5")
    wait_for(returning_page, "calc-ruin-movement", cpython("ruin-movement", {"roll": 5}))
    expect(section.locator(".sh-calc__headline")).to_have_text(
        'A roll of 5 allows: 5" horizontally, or 1 level up or down and 2" horizontally'
    )
    expect(returning_page.locator("#calc-ruin-movement-fly")).to_be_hidden()  # only a Flyer can Fly
    returning_page.locator("#calc-ruin-movement-unit_type").select_option("flyer-infantry")
    wait_for(returning_page, "calc-ruin-movement", cpython("ruin-movement", {"roll": 5, "unit_type": "flyer-infantry"}))
    returning_page.locator("#calc-ruin-movement-fly").select_option("true")
    inputs = {"roll": 5, "unit_type": "flyer-infantry", "fly": True}
    wait_for(returning_page, "calc-ruin-movement", cpython("ruin-movement", inputs))
    expect(section.locator(".sh-calc__headline")).to_have_text(
        'Flying: placed within 12" of its start, on any level (up to 4 levels of 3")'
    )
    expect(returning_page.locator("#calc-ruin-movement-roll")).to_be_hidden()
    expect(section.locator("button[data-action='roll']")).to_be_hidden()
    assert "100.0%" not in section.inner_text()


def test_ranged_hits_say_they_are_the_weapons_strength_minus_one(returning_page: Page, site_url: str) -> None:
    returning_page.goto(site_url + "buildings/?calc=building-damage&strength=9&ranged=true")
    wait_for(returning_page, "calc-building-damage", cpython("building-damage", {"strength": 9, "ranged": True}))
    expect(returning_page.locator("#calc-building-damage .sh-calc__figures")).to_contain_text(
        "Average hits on the unit inside, at the weapon's Strength −1 (S8) and AP −1"
    )


def test_a_shared_fly_charge_answers_with_the_chance_to_make_it(returning_page: Page, site_url: str) -> None:
    inputs = {"unit_type": "flyer-beasts", "fly": "true", "distance": "12"}
    returning_page.goto(site_url + "unit-types/?calc=charge-and-fall-back&unit_type=flyer-beasts&fly=true&distance=12")
    expected = cpython("charge-and-fall-back", inputs)
    wait_for(returning_page, CHARGE_SECTION, expected)
    assert (
        json.loads(returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__result").get_attribute("data-result") or "{}")
        == expected
    )
    expect(returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__headline")).to_contain_text(
        'Makes the 12" charge: 60.9%'
    )
    expect(returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__asked")).to_contain_text("re-roll if short")
    bars = returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__bar-row")
    expect(bars).to_have_count(len(expected["distribution"]))  # the distribution, once
    returning_page.locator(f"#{CHARGE_SECTION} summary").tap()
    expect(returning_page.locator(f"#{CHARGE_SECTION} .sh-calc__working a").first).to_have_attribute(
        "href", re.compile(r"/unit-types/#beasts-close-combat-roll-3d6-when-charging-when$")
    )


@pytest.mark.parametrize("section", sorted(PAGE_OF))
def test_the_answer_bar_never_hides_the_field_being_typed_in(returning_page: Page, site_url: str, section: str) -> None:
    """With the phone's keyboard open (the screen 420 px tall), the field a player types in
    stays below the sticky answer bar and above the keyboard, as the answer comes and grows."""
    calculator = CALCULATOR_OF[section]
    returning_page.set_viewport_size(PHONE)
    returning_page.goto(site_url + PAGE_OF[section] + "?" + urlencode({"calc": calculator, **FIXED.get(section, {})}))
    wait_for(returning_page, section, cpython(calculator, FIXED.get(section, {})))
    spec = [i for i in CALCULATORS[calculator].inputs if i.kind == "int" and i.name not in FIXED.get(section, {})][-1]
    field = returning_page.locator(f"#{section}-{spec.name}")
    field.scroll_into_view_if_needed()
    field.tap()
    returning_page.set_viewport_size({"width": PHONE["width"], "height": 420})  # the keyboard takes the rest
    value = other_value(spec, field.input_value())
    field.fill(value)
    inputs = {**FIXED.get(section, {}), spec.name: value}
    wait_for(returning_page, section, cpython(calculator, inputs))
    expect(field).to_be_focused()
    returning_page.wait_for_function(
        """([sel, bar]) => { const f = document.querySelector(sel).getBoundingClientRect();
            const b = document.querySelector(bar).getBoundingClientRect();
            return f.top >= b.bottom - 0.5 && f.bottom <= window.innerHeight + 0.5; }""",
        arg=[f"#{section}-{spec.name}", f"#{section} .sh-calc__answer"],
        timeout=5000,
    )
    returning_page.set_viewport_size(PHONE)
