"""The rules as of a date, the pure part (``docs/assets/js/as-of/when.mjs``) in Node:
reading ``?as-of=`` against the book's span and finding each rule's words then
(``tests/js/as-of/*.test.mjs``). What a player sees is tested in
``tests/browser/test_wiki_life.py``. A page's last change, chosen alike by the page script
and by the build (the printed foot, the PDF's title page), for the same rules."""

from __future__ import annotations

import json
import subprocess

from support import node_tests

from build_scripts.cards.rule_cards import last_change
from harness.project import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "as-of").glob("*.test.mjs"))


def test_as_of_in_node() -> None:
    node_tests(TESTS, least=15)


#: Pages' rules' versions ([day, revision, version], oldest first), each a case where a page's
#: last change could be chosen two ways: the newest day, then the highest revision of that day,
#: from one version each time (never the newest day beside another rule's revision).
TIMELINES: list[dict[str, list[list[str | int]]]] = [
    {"a": [["2026-12-03", 0, "x"]], "b": [["2026-11-20", 15, "y"]]},
    {"a": [["2026-12-03", 15, "x"]], "b": [["2026-12-03", 16, "y"]]},
    {"a": [["2026-12-03", 16, "x"]], "b": [["2026-12-03", 15, "y"]]},
    {"a": [["2026-11-01", 7, "x"], ["2026-11-20", 12, "y"]], "b": [["2026-11-05", 9, "z"]]},
    {"a": [["2026-11-01", 40, "x"], ["2026-11-02", 3, "y"]], "b": [["2026-11-01", 41, "z"]]},
    {"a": [["2026-11-02", 17, "b"]], "b": [["2026-11-02", 17, "b2"]]},
    {"a": [], "b": [["2026-10-01", 3, "a"]]},
    {"a": []},
    {},
]
LAST_MADE = """
import { lastMade } from %s;
const cases = JSON.parse(process.argv[1]);
const made = cases.map((rules) => lastMade(Object.values(rules).map((steps) => steps.at(-1) ?? null)));
process.stdout.write(JSON.stringify(made.map((step) => (step ? [step[0], step[1]] : ["", 0]))));
"""


def test_a_pages_last_change_is_the_same_in_python_and_in_the_page_script() -> None:
    """The printed foot and the PDF's title page (``last_change``, from the pages' step) and the
    as-of banner (``lastMade``, in the page) name the same day and revision for the same rules."""
    module = json.dumps((ROOT / "docs" / "assets" / "js" / "as-of/when.mjs").as_uri())
    done = subprocess.run(
        ["node", "--input-type=module", "-e", LAST_MADE % module, json.dumps(TIMELINES)],
        capture_output=True,
        text=True,
        check=True,
    )
    in_page = [tuple(made) for made in json.loads(done.stdout)]
    assert in_page == [tuple(last_change(rules)) for rules in TIMELINES]
    assert in_page[0] == ("2026-12-03", 0), "the newest day's own revision, not another rule's"
