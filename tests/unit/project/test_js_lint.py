"""The project's JavaScript never builds markup or code from strings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.project import ROOT

SCRIPTS = sorted(
    [
        *ROOT.glob("docs/assets/**/*.js"),
        *ROOT.glob("docs/assets/**/*.mjs"),
        *ROOT.glob("build_scripts/**/*.mjs"),
        *ROOT.glob("build_scripts/**/*.js"),
    ]
)
FORBIDDEN = {
    # Markup put in (the build's first answers read a section's outerHTML, to write the page).
    "innerHTML": re.compile(r"\binnerHTML\s*\+?=(?!=)"),
    "outerHTML": re.compile(r"\bouterHTML\s*\+?=(?!=)"),
    "insertAdjacentHTML": re.compile(r"\binsertAdjacentHTML\b"),
    "document.write": re.compile(r"\bdocument\.write(ln)?\s*\("),
    "eval": re.compile(r"(?<![\w.])eval\s*\("),
    "new Function": re.compile(r"\bnew\s+Function\s*\("),
    "setTimeout with a string": re.compile(r"set(Timeout|Interval)\s*\(\s*[\"'`]"),
    "Python run from a string": re.compile(r"\brunPython(Async)?\s*\("),
    "Python source in a template string": re.compile(r"`[^`]*\b(import|def|print)\s[^`]*`"),
}


def strip_comments(code: str) -> str:
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.DOTALL)
    return re.sub(r"(?m)^\s*//.*$", "", code)


def test_there_are_scripts_to_check() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in SCRIPTS}
    assert {
        "docs/assets/js/main.mjs",
        "docs/assets/js/rule-links.mjs",
        "docs/assets/js/calculators/render.mjs",
        "docs/assets/js/calculators/worker.mjs",
        "build_scripts/finish/service_worker/workbox_source.js",
    } <= names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_string_built_markup_or_code(script: Path) -> None:
    code = strip_comments(script.read_text("utf-8"))
    found = [name for name, pattern in FORBIDDEN.items() if pattern.search(code)]
    assert not found, f"{script.relative_to(ROOT)} uses {', '.join(found)}"


@pytest.mark.parametrize(
    "snippet",
    [
        "el.innerHTML = x",
        "el.innerHTML += x",
        "el.outerHTML=x",
        "eval(code)",
        "new Function('a')",
        "pyodide.runPython(src)",
        "setTimeout('go()', 1)",
        "document.write(s)",
    ],
)
def test_the_lint_catches_each_pattern(snippet: str) -> None:
    assert any(pattern.search(snippet) for pattern in FORBIDDEN.values())


@pytest.mark.parametrize("snippet", ["return section.outerHTML;", "if (a.innerHTML === b) go()"])
def test_the_lint_lets_markup_be_read(snippet: str) -> None:
    assert not any(pattern.search(snippet) for pattern in FORBIDDEN.values())
