"""The tap router (``docs/assets/js/taps.mjs``) in Node, on linkedom's DOM: every tap offered to
the handlers in the declared order, whatever order the page's modules registered them in, and
handled by the first that takes it alone (``tests/js/taps/*.test.mjs``). What each handler
does on a page is tested in ``tests/browser/test_taps.py``."""

from __future__ import annotations

from support import node_tests

from harness.project import ROOT

TESTS = sorted((ROOT / "tests" / "js" / "taps").glob("*.test.mjs"))


def test_the_tap_router_in_node() -> None:
    node_tests(TESTS, least=3)
