"""The search's pure parts in Node: "Did you mean" (``docs/assets/js/search/typos.mjs``) and
Pagefind's results as the theme shows them (``results.mjs``), ``tests/js/search/*.test.mjs``."""

from __future__ import annotations

from support import node_tests

from harness.project import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "search").glob("*.test.mjs"))


def test_search_model_in_node() -> None:
    node_tests(TESTS, least=10)
