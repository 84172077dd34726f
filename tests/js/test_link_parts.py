"""A calculation's link read without the page (``docs/assets/js/calculators/link-parts.mjs``) in
Node: which parts a form takes, which readings, what is left out and said, which place a link
means; ``tests/js/calculators/*.test.mjs``."""

from __future__ import annotations

from support import node_tests

from harness.project import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "calculators").glob("*.test.mjs"))


def test_link_parts_in_node() -> None:
    node_tests(TESTS, least=15)
