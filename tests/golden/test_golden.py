"""Golden files: wikitext → the Markdown page MkDocs gets.

Each ``tests/golden/cases/<case>.wiki`` is built as a one-page site and compared with
``<case>.md``; the real rulebook's pages are compared with ``tests/golden/rulebook/``.
Run ``pytest tests/golden/test_golden.py --update-golden`` to rewrite the expectations, then
read the diff before committing it.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from support.rulebook_helpers import PAGES, build, committed_table

from build_scripts.finish.search.question_words import load_question_words
from build_scripts.pages.report import reference_report
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.wikitext import decode, parse_blocks
from build_scripts.steps.pipeline import PageSpec, RulebookInputs, build_rulebook
from harness.project import ROOT

GOLDEN = ROOT / "tests" / "golden"
CASES = sorted((GOLDEN / "cases").glob("*.wiki"))


def compare(actual: str, expected_path: Path, update: bool) -> None:
    if update:
        expected_path.write_text(actual, "utf-8")
        return
    assert expected_path.exists(), f"no golden file {expected_path}; run with --update-golden"
    expected = expected_path.read_text("utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=str(expected_path.relative_to(ROOT)),
                tofile="built",
            )
        )
        pytest.fail(f"Markdown differs from the golden file:\n{diff}")


def build_case(path: Path) -> str:
    data = path.read_bytes()
    first = parse_blocks(decode(data, path.name), path.name)[0]
    inputs = RulebookInputs(
        sources=[(path.name, data)], pages=[PageSpec("page", first.text)], lock=AnchorLock(), xref_map="", frozen=False
    )
    result = build_rulebook(inputs)
    return result.markdown["page"]


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case: Path, request: pytest.FixtureRequest) -> None:
    compare(build_case(case), case.with_suffix(".md"), request.config.getoption("--update-golden"))


@pytest.mark.parametrize("page", [p.name for p in PAGES])
def test_rulebook_page(page: str, request: pytest.FixtureRequest) -> None:
    compare(
        build(table=committed_table()).markdown[page],
        GOLDEN / "rulebook" / f"{page}.md",
        request.config.getoption("--update-golden"),
    )


@pytest.mark.parametrize("report", ["terms", "search-words", "references"])
def test_rulebook_report(report: str, request: pytest.FixtureRequest) -> None:
    """The build's reports on the real rulebook (``build/reports/``): each term, where it is
    defined and how often it is linked, and those defined elsewhere; each player's word with
    the book's words and how many rules use each; each "page XX", its rule and where it leads."""
    words = ROOT / "build_scripts" / "maps" / "search_words.toml"
    result = build(table=committed_table(), question_words=load_question_words(words.read_text("utf-8"), words.name))
    text = {
        "terms": result.terms_report,
        "search-words": result.question_words_report,
        "references": reference_report(result.references),
    }[report]
    compare(text, GOLDEN / "reports" / f"{report}.md", request.config.getoption("--update-golden"))
