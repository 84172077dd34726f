"""Every browser test says which player it opens the site as, by the fixture it asks for
(``tests/support/visitors.py``): a returning player's phone (``returning_*``) unless the
first visit is what it tests (``first_visit_*``, with a ``@pytest.mark.first_visit("why")``).

So no test in ``tests/browser/`` makes a browser context of its own (``new_context``,
``launch_persistent_context``) or asks for a phone under a name that says neither; the
one test that holds Chromium's own contexts to its flags is the exception, by name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from harness.project import ROOT

BROWSER_TESTS = sorted((ROOT / "tests" / "browser").glob("test_*.py"))
#: Where a browser context may be made: the visitors themselves, and the test of Chromium's contexts.
MAKERS = {"tests/support/visitors.py", "tests/browser/test_chromium_flags.py"}
#: Fixtures that gave a phone without saying which player it was (before the visitors).
UNDECLARED = {"page", "context", "warm", "warm_zensical", "returning", "guarded"}
#: The fixtures that give a first visit, each of which the test's ``first_visit`` mark explains.
FIRST_VISITS = {"first_visit_phone", "first_visit_context", "first_visit_page", "first_visit_profile"}


def made_contexts(path: Path) -> list[int]:
    """The lines of ``path`` that make a browser context themselves."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"new_context", "launch_persistent_context"}
    ]


def asking(path: Path, names: set[str]) -> list[str]:
    """The test functions of ``path`` that ask for a fixture among ``names``."""
    return [
        node.name
        for node in ast.parse(path.read_text("utf-8")).body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("test_")
        and {a.arg for a in node.args.args} & names
    ]


def marked_first_visits(path: Path) -> set[str]:
    """The test functions of ``path`` marked ``@pytest.mark.first_visit("...")`` with a reason."""
    marked = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for mark in node.decorator_list:
            if (
                isinstance(mark, ast.Call)
                and isinstance(mark.func, ast.Attribute)
                and mark.func.attr == "first_visit"
                and mark.args
                and isinstance(mark.args[0], ast.Constant)
                and str(mark.args[0].value).strip()
            ):
                marked.add(node.name)
    return marked


@pytest.mark.parametrize("path", BROWSER_TESTS, ids=lambda p: p.name)
def test_no_browser_test_makes_its_own_context(path: Path) -> None:
    where = path.relative_to(ROOT).as_posix()
    if where in MAKERS:
        return
    assert made_contexts(path) == [], f"{where}: ask for returning_phone or first_visit_phone instead"


def test_the_visitors_make_the_contexts() -> None:
    assert made_contexts(ROOT / "tests" / "support" / "visitors.py"), "the visitors' own maker was not found"


@pytest.mark.parametrize("path", BROWSER_TESTS, ids=lambda p: p.name)
def test_every_phone_says_which_player_it_is(path: Path) -> None:
    assert asking(path, UNDECLARED) == []


@pytest.mark.parametrize("path", BROWSER_TESTS, ids=lambda p: p.name)
def test_every_first_visit_says_why(path: Path) -> None:
    assert set(asking(path, FIRST_VISITS)) <= marked_first_visits(path)


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    made = tmp_path / "test_made.py"
    made.write_text(
        "import pytest\n"
        "def test_a(browser, page):\n    browser.new_context()\n"
        "@pytest.mark.first_visit('')\ndef test_b(first_visit_page):\n    pass\n"
        "@pytest.mark.first_visit('its first start')\ndef test_c(first_visit_context):\n    pass\n",
        "utf-8",
    )
    assert made_contexts(made) == [3]
    assert asking(made, UNDECLARED) == ["test_a"]
    assert asking(made, FIRST_VISITS) == ["test_b", "test_c"]
    assert marked_first_visits(made) == {"test_c"}
