"""The site's wikitext renderer against MediaWiki's own (Debian's 1.39, ``action=parse``), case by case.

The corpus (``tests/support/wiki_corpus.py``) holds each construct editors write in the
rulebook's voice: italics and bold, the text-level tags, ``<br>``, entities, ``<nowiki>``,
every list and its mixes, links of every kind, headings, tables, footnotes, preformatted
text, images (the wiki's own files, uploaded) and horizontal rules, comments, categories,
switches and paragraphs. The figure and every difference, with why, are written to
``build/reports/wiki-corpus.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.wiki import running_wiki
from support.wiki_corpus import FILES, HEAD, TITLE, Result, cases, compare, report, why

from build_scripts.rulebook.wiki_files import kept_images
from build_scripts.rulebook.wikilinks import WikiLinks
from build_scripts.sync.from_api import missing_pages
from harness.project import ROOT

REPORT = ROOT / "build" / "reports" / "wiki-corpus.md"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Result], list[Result]]:
    """The corpus compared; and its lists compared with a MediaWiki whose numbered lists were bulleted."""
    with running_wiki(tmp_path_factory.mktemp("corpus") / "wiki") as wiki:
        wiki.edit("Scrollhammer FAQ", text="Questions and answers.", summary="the FAQ")
        for name, data in FILES.items():
            wiki.upload(name, data, summary=f"the {name}")

        def parse(text: str) -> str:
            answer = wiki.site.post(
                "parse", text=text, title=TITLE, contentmodel="wikitext", prop="text", disablelimitreport=1
            )
            return str(answer["parse"]["text"]["*"])

        texts = [HEAD + c.text for c in cases()]
        missing = frozenset(missing_pages(wiki.site, texts, [TITLE]))
        links = WikiLinks((TITLE,), wiki.index, missing, kept_images(FILES), synced=True)
        found = compare(parse, links)
        lists = [c for c in cases() if c.name.startswith("list #")]
        bulleted = compare(lambda text: parse(text).replace("<ol>", "<ul>").replace("</ol>", "</ul>"), links, lists)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(report(found), "utf-8")
    return found, bulleted


def test_the_site_shows_what_mediawiki_shows_in_98_of_100_cases(results: tuple[list[Result], list[Result]]) -> None:
    found, _ = results
    equal = sum(r.equal for r in found)
    assert len({r.case.name for r in found}) == len(found) >= 300, "each case once, by its own name"
    assert equal / len(found) >= 0.98, f"{equal} of {len(found)} equal; see {REPORT}"


def test_every_difference_is_one_the_site_makes_on_purpose(results: tuple[list[Result], list[Result]]) -> None:
    found, _ = results
    unexplained = [r.case.name for r in found if not r.equal and not why(r)]
    assert not unexplained, f"differences with no known reason: {unexplained}; see {REPORT}"


def test_the_comparison_sees_a_list_of_the_wrong_kind(results: tuple[list[Result], list[Result]]) -> None:
    _, bulleted = results
    assert bulleted
    assert not any(r.equal for r in bulleted), "a numbered list shown as bullets would count as equal"


def test_the_report_lists_the_figure_and_each_difference(results: tuple[list[Result], list[Result]]) -> None:
    found, _ = results
    text = Path(REPORT).read_text("utf-8")
    assert f"of {len(found)} cases equal" in text
    for r in found:
        if not r.equal:
            assert f"## {r.case.name}\n" in text
