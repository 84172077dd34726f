"""The site's wikitext renderer against MediaWiki's own (Debian's 1.39, ``action=parse``), case by case.

Two corpora, each case read by the real MediaWiki and by the site's build steps:

* the project's own (``tests/support/wiki_corpus.py``), in the rulebook's voice: italics and
  bold, the text-level tags, ``<br>``, entities, ``<nowiki>``, every list and its mixes,
  links of every kind, headings, tables, footnotes, preformatted text, images (the wiki's own
  files, uploaded) and horizontal rules, comments, categories, switches and paragraphs;
* MediaWiki's own parser tests (``parserTests.txt`` and Cite's ``citeParserTests.txt``, which
  ``make parser-tests`` takes from the npm registry's ``parsoid`` package: never in this
  repository), those that use only the markup the site reads from a page
  (``tests/support/parser_tests.py`` says which and why the others are left out).

The figures and every difference, with why where the site differs on purpose, are written
to ``build/reports/wiki-corpus.md`` and ``build/reports/wiki-parser-tests.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from support.parser_tests import FOLDER, chosen
from support.wiki import running_wiki
from support.wiki_corpus import FILES, HEAD, TITLE, Case, Result, cases, compare, known_gap, report, why

from build_scripts.rulebook.wiki_files import kept_images
from build_scripts.rulebook.wikilinks import WikiLinks
from build_scripts.sync.from_api import missing_pages
from harness.project import ROOT

REPORT = ROOT / "build" / "reports" / "wiki-corpus.md"
PARSER_REPORT = ROOT / "build" / "reports" / "wiki-parser-tests.md"
PARSER_FILES = ("parserTests.txt", "citeParserTests.txt")
#: MediaWiki's own tests the site reads as the wiki does, at least (today's figure: 403 of 487).
PARSER_TESTS_EQUAL = 471


@dataclass(frozen=True)
class Compared:
    """The corpus compared; its lists against a MediaWiki whose numbered lists were bulleted; the parser tests."""

    found: list[Result]
    bulleted: list[Result]
    parser: list[Result]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Compared:
    missing = [name for name in PARSER_FILES if not (FOLDER / name).is_file()]
    if missing:
        pytest.fail(f"MediaWiki's parser tests are not in {FOLDER} ({', '.join(missing)}): run make parser-tests")
    parser_cases = [Case(f"parserTests: {t.name}", t.wikitext) for t in chosen(*PARSER_FILES)]
    with running_wiki(tmp_path_factory.mktemp("corpus") / "wiki") as wiki:
        wiki.edit("Scrollhammer FAQ", text="Questions and answers.", summary="the FAQ")
        for name, data in FILES.items():
            wiki.upload(name, data, summary=f"the {name}")

        def parse(text: str) -> str:
            answer = wiki.site.post(
                "parse", text=text, title=TITLE, contentmodel="wikitext", prop="text", disablelimitreport=1
            )
            return str(answer["parse"]["text"]["*"])

        texts = [HEAD + c.text for c in [*cases(), *parser_cases]]
        missing_titles = frozenset(missing_pages(wiki.site, texts, [TITLE]))
        links = WikiLinks((TITLE,), wiki.index, missing_titles, kept_images(FILES), synced=True)
        found = compare(parse, links)
        lists = [c for c in cases() if c.name.startswith("list #")]
        bulleted = compare(lambda text: parse(text).replace("<ol>", "<ul>").replace("</ol>", "</ul>"), links, lists)
        parser = compare(parse, links, parser_cases)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    equal, total = sum(r.equal for r in [*found, *parser]), len(found) + len(parser)
    whole = f"**The whole corpus (ours and MediaWiki's parser tests): {equal} of {total} equal ({equal / total:.1%}).**"
    REPORT.write_text(report(found, whole=whole), "utf-8")
    source = "`tests/support/parser_tests.py` (" + ", ".join(f"`{name}`" for name in PARSER_FILES) + ")"
    title = ": MediaWiki's own parser tests"
    PARSER_REPORT.write_text(report(parser, source=source, title=title, whole=whole), "utf-8")
    return Compared(found, bulleted, parser)


def test_the_site_shows_what_mediawiki_shows_in_98_of_100_cases(results: Compared) -> None:
    found = results.found
    equal = sum(r.equal for r in found)
    assert len({r.case.name for r in found}) == len(found) >= 300, "each case once, by its own name"
    assert equal / len(found) >= 0.98, f"{equal} of {len(found)} equal; see {REPORT}"


def test_the_whole_corpus_ours_and_mediawikis_parser_tests_is_98_of_100_equal(results: Compared) -> None:
    whole = [*results.found, *results.parser]
    equal = sum(r.equal for r in whole)
    assert len(whole) >= 300
    assert equal / len(whole) >= 0.98, f"{equal} of {len(whole)} equal; see {REPORT} and {PARSER_REPORT}"
    assert f"{equal} of {len(whole)} equal" in Path(REPORT).read_text("utf-8")


def test_every_difference_of_the_whole_corpus_has_its_why(results: Compared) -> None:
    unexplained = [
        r.case.name for r in [*results.found, *results.parser] if not r.equal and not (why(r) or known_gap(r))
    ]
    assert not unexplained, f"differences with no reason: {unexplained}; see {PARSER_REPORT}"
    assert "Why: not known" not in Path(PARSER_REPORT).read_text("utf-8")


def test_every_difference_is_one_the_site_makes_on_purpose(results: Compared) -> None:
    unexplained = [r.case.name for r in results.found if not r.equal and not why(r)]
    assert not unexplained, f"differences with no known reason: {unexplained}; see {REPORT}"


def test_the_comparison_sees_a_list_of_the_wrong_kind(results: Compared) -> None:
    assert results.bulleted
    assert not any(r.equal for r in results.bulleted), "a numbered list shown as bullets would count as equal"


def test_the_report_lists_the_figure_and_each_difference(results: Compared) -> None:
    for found, path in ((results.found, REPORT), (results.parser, PARSER_REPORT)):
        text = Path(path).read_text("utf-8")
        assert f"of {len(found)} cases equal" in text
        for r in found:
            if not r.equal:
                assert f"## {r.case.name}\n" in text


def test_mediawikis_own_parser_tests_are_read_as_the_wiki_reads_them_no_fewer_than_today(results: Compared) -> None:
    parser = results.parser
    equal = sum(r.equal for r in parser)
    assert len(parser) >= 450, "the tests the site can be compared on are all taken"
    assert equal >= PARSER_TESTS_EQUAL, (
        f"{equal} of {len(parser)} of MediaWiki's parser tests equal; see {PARSER_REPORT}"
    )
