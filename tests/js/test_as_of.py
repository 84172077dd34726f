"""The rules as of a date, the pure part (``docs/assets/js/as-of-when.mjs``) in Node:
reading ``?as-of=`` against the book's span and finding each rule's words then
(``tests/js/as-of/*.test.mjs``). What a player sees is tested in
``tests/browser/test_wiki_life.py``."""

from __future__ import annotations

from support import node_tests

from harness.project import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "as-of").glob("*.test.mjs"))


def test_as_of_in_node() -> None:
    node_tests(TESTS, least=15)
