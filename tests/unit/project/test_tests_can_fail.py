"""The tests themselves: shapes that let a test pass whatever happens, caught before they land.

Ruff (``select = ["ALL"]``: flake8-bugbear, flake8-pytest-style, useless expressions and
comparisons) catches the general ones; these are the shapes it misses, each found in this
suite once (see tests/README.md, "What a test here must do"):

* an ``assert`` on a value that is always true: a generator (``path.rglob(…)``), a
  generator expression, a non-empty literal;
* a query whose answer is thrown away (``locator.count()`` on a line of its own);
* a fixed sleep (``wait_for_timeout``, ``time.sleep``) outside a polling loop without a
  comment saying what it waits for, or followed at once by an ``assert``: a negative check
  waits for the event that would break it (or polls, bounded), it does not sleep.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from harness.project import ROOT

TESTS = sorted(p for p in (ROOT / "tests").rglob("*.py") if p.name != "test_tests_can_fail.py")
#: Calls that make a generator, always true in an ``assert``.
GENERATORS = {"glob", "rglob", "iterdir", "walk", "finditer", "map", "filter", "zip", "iter", "range"}
#: Queries that only answer: calling one on a line of its own throws the answer away.
QUERIES = {
    "count",
    "is_visible",
    "is_hidden",
    "is_checked",
    "is_enabled",
    "is_disabled",
    "text_content",
    "inner_text",
    "inner_html",
    "input_value",
    "get_attribute",
    "all_inner_texts",
    "all_text_contents",
    "bounding_box",
}
SLEEPS = {"wait_for_timeout", "sleep"}


def _name(call: ast.expr) -> str:
    if isinstance(call, ast.Call):
        func = call.func
        return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return ""


def _always_true(test: ast.expr) -> bool:
    if isinstance(test, ast.GeneratorExp | ast.Lambda):
        return True
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.Tuple | ast.List | ast.Dict | ast.Set | ast.JoinedStr):
        return bool(getattr(test, "elts", None) or getattr(test, "keys", None) or getattr(test, "values", None))
    return _name(test) in GENERATORS


def _statement_problems(statement: ast.stmt, after: ast.stmt | None, line: str, loops: set[int]) -> list[str]:
    if not isinstance(statement, ast.Expr):
        return []
    name = _name(statement.value)
    found = []
    if name in QUERIES:
        found.append(f"{statement.lineno}: the answer of {name}() is thrown away")
    if name in SLEEPS and id(statement) not in loops:
        if "#" not in line:
            found.append(f"{statement.lineno}: a fixed sleep that does not say what it waits for")
        if isinstance(after, ast.Assert):
            found.append(f"{statement.lineno}: a sleep, then an assert: wait for the event instead")
    return found


def problems(source: str) -> list[str]:
    """Each shape above in ``source``, as ``line: what``."""
    lines = source.splitlines()
    tree = ast.parse(source)
    found = []
    loops = {id(n) for loop in ast.walk(tree) if isinstance(loop, ast.While | ast.For) for n in ast.walk(loop)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and _always_true(node.test):
            found.append(f"{node.lineno}: an assert that is always true")
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list) or not body:
                continue
            for statement, after in zip(body, [*body[1:], None], strict=True):
                found += _statement_problems(statement, after, lines[statement.lineno - 1], loops)
    return sorted(found, key=lambda line: int(line.split(":")[0]))


@pytest.mark.parametrize("module", TESTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_test_passes_whatever_happens(module: Path) -> None:
    assert problems(module.read_text("utf-8")) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('assert (ROOT / "x").rglob("*.br")\n', "always true"),
        ("assert (p for p in xs)\n", "always true"),
        ('assert "message"\n', "always true"),
        ('def t(page):\n    page.locator("#tremor").count()\n', "thrown away"),
        ("def t(page):\n    page.wait_for_timeout(1500)\n    x = 1\n", "does not say"),
        ("def t(page):\n    page.wait_for_timeout(500)  # settle\n    assert page.url == u\n", "then an assert"),
    ],
)
def test_each_shape_is_caught(source: str, found: str) -> None:
    assert any(found in problem for problem in problems(source)), problems(source)


def test_a_polling_loop_and_a_said_sleep_pass() -> None:
    source = (
        "def t(page):\n    while not done:\n        page.wait_for_timeout(100)\n"
        "    page.wait_for_timeout(200)  # the dialog's fade-in, for the screenshot\n    shot(page)\n"
    )
    assert problems(source) == []
