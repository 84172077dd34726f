"""Links that never break: edits to a copy of the rulebook, and every published link.

For each edit, every id in the committed lock must still land on the same rule text —
directly, or through an alias the build asked for by name. A build that cannot keep a
link must fail, naming the id and how to alias it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from support import RULEBOOK
from support.rulebook_helpers import build, committed_lock

from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef, index_rules
from build_scripts.rulebook.anchor_lock import follow_alias
from build_scripts.rulebook.ids import fingerprint
from build_scripts.steps.pipeline import BuildResult

TERRAIN = (RULEBOOK / "battlefield-terrain.wiki").read_text("utf-8")
UNITS = (RULEBOOK / "unit-types.wiki").read_text("utf-8")
BANNER = "Editing Scrollhammer Rulebook (section)\n\n"
SUGGESTION = re.compile(r'^\s+("[^"]+"): ("[^"]+"),$', re.MULTILINE)


def exports(terrain: str, units: str = UNITS) -> dict[str, bytes]:
    """The edited base export, with the section exports that repeat it kept in step."""
    out = {"battlefield-terrain.wiki": terrain.encode(), "unit-types.wiki": units.encode()}
    for name, heading in (("buildings.wiki", "===Buildings==="), ("ruins.wiki", "===Ruins===")):
        start = terrain.index(heading)
        end = terrain.find("\n===", start + len(heading))
        out[name] = (BANNER + terrain[start:end].rstrip("\n")).encode()
    return out


def build_with_aliases(edited: dict[str, bytes]) -> tuple[BuildResult, dict[str, str], str]:
    """Build; if links broke, take the aliases the error suggests and build again."""
    lock = committed_lock()
    try:
        return build(edited, lock=lock, frozen=False), {}, ""
    except RulebookError as exc:
        message = str(exc)
    aliases = {json.loads(old): json.loads(new) for old, new in SUGGESTION.findall(message)}
    return build(edited, lock=lock.with_aliases(aliases), frozen=False), aliases, message


def landing(result: BuildResult, aliases: dict[str, str]) -> dict[str, Any]:
    """Every published id → the block its link lands on now."""
    live = index_rules(result.anchored)
    moved = {RuleRef.parse(old): RuleRef.parse(new) for old, new in aliases.items()}
    return {str(ref): live.get(follow_alias(ref, moved)) for ref in committed_lock().published()}


def assert_same_text_everywhere(result: BuildResult, aliases: dict[str, str], *, except_: set[str]) -> None:
    lock = committed_lock()
    for key, block in landing(result, aliases).items():
        if key in except_:
            continue
        entry = lock.entry(RuleRef.parse(key))
        assert block is not None, f"{key} leads nowhere"
        assert entry is not None
        assert fingerprint(block.block.full_text) == entry.fingerprint, key


def test_inserting_a_paragraph_keeps_every_link() -> None:
    edited = TERRAIN.replace("'''Battlements'''\n\n", "'''Battlements'''\n\nA brand new first paragraph.\n\n")
    result, aliases, message = build_with_aliases(exports(edited))
    assert aliases == {}
    assert message == ""
    assert_same_text_everywhere(result, aliases, except_=set())


def test_rewording_a_heading_fails_by_name_then_aliases_keep_every_link() -> None:
    edited = TERRAIN.replace("'''Building Types'''", "'''Types of Building'''")
    result, aliases, message = build_with_aliases(exports(edited))
    assert "buildings#building-types" in message
    assert '"aliases"' in message
    # The heading and each paragraph under it moved to new ids; each old link follows.
    assert aliases["buildings#building-types-castle-strongpoints-usually-have-armour"] == (
        "buildings#types-of-building-castle-strongpoints-usually-have-armour"
    )
    assert aliases["buildings#building-types"] == "buildings#types-of-building"
    assert_same_text_everywhere(result, aliases, except_={"buildings#building-types"})
    heading = landing(result, aliases)["buildings#building-types"]
    assert heading.block.text == "Types of Building"


def test_removing_a_paragraph_fails_naming_it_and_where_to_alias_it() -> None:
    removed = "Other rules for buildings can be supplied as the scenario requires.\n\n"
    assert removed in TERRAIN
    with pytest.raises(RulebookError) as info:
        build(exports(TERRAIN.replace(removed, "")), frozen=False)
    message = str(info.value)
    assert "buildings#building-types-other-rules-buildings-can-supplied" in message
    assert "no rule has that text now" in message
    assert "alias it to the rule that now covers it, e.g. 'buildings#building-types'" in message
    # Following that advice keeps the link landing on the rule's section.
    alias = {"buildings#building-types-other-rules-buildings-can-supplied": "buildings#building-types"}
    result = build(exports(TERRAIN.replace(removed, "")), lock=committed_lock().with_aliases(alias), frozen=False)
    landed = landing(result, alias)["buildings#building-types-other-rules-buildings-can-supplied"]
    assert landed.block.text == "Building Types"


def test_moving_a_paragraph_to_another_page_keeps_its_link() -> None:
    moved = "Battlefield debris is difficult terrain.\n\n"
    edited = TERRAIN.replace(moved, "").replace("'''Area Terrain'''\n\n", "'''Area Terrain'''\n\n" + moved)
    result, aliases, message = build_with_aliases(exports(edited))
    old = "other-terrain#battlefield-debris-difficult-terrain"
    assert old in message
    assert aliases[old].startswith("terrain#area-terrain-")
    assert_same_text_everywhere(result, aliases, except_=set())


def test_a_target_of_a_cross_reference_that_moved_is_followed() -> None:
    edited = TERRAIN.replace("'''Blast Weapons'''", "'''Blast Weapons and Elevation'''")
    result, aliases, _ = build_with_aliases(exports(edited))
    target = aliases["ruins#blast-weapons-when-firing-weapon-blast-large"]
    assert any(str(r.target) == target for r in result.references)
