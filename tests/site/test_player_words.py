"""Words for players: every sentence the site writes for a player speaks of the rules and the
game, never of the project, its build, its tests or the machinery under the calculators.

Read from the built pages as a player sees them (the text outside the rules' own words, which
are quoted verbatim and may say anything: "Difficult Terrain test") and from the sentences the
page scripts write into a page. Words that name the machinery are refused; "0.0 MB" too.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from harness.project import ROOT

#: Words no sentence for a player uses (whole words, any case).
MACHINERY = re.compile(
    r"\b(project|build|builds|python|pyodide|runtime|javascript|webassembly|worker|snapshot|cache|cached|"
    r"mkdocs|documents?|recorded)\b|0\.0 MB",
    re.IGNORECASE,
)
#: Where the rules' own words are quoted (verbatim, whatever they say), and what is not read.
QUOTED = {"script", "style", "svg", "noscript-skip"}
RULE_WORDS = re.compile(
    r"\b(rule|rule-heading|chart-row|sh-q__rule|sh-ask__words|sh-ask__rule|sh-reading__rule|sh-changed__diff|"
    r"sh-change__rules|md-nav|sh-show__words)\b"
)


class _Text(HTMLParser):
    """The text of a page a player reads, outside the rules' quoted words and the data attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"br", "img", "input", "link", "meta", "hr", "source", "wbr"}:
            return
        classes = dict(attrs).get("class") or ""
        quoted = tag in QUOTED or bool(RULE_WORDS.search(classes)) or "hidden" in dict(attrs)
        self.stack.append(quoted or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in {"br", "img", "input", "link", "meta", "hr", "source", "wbr"} and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]) and data.strip():
            self.text.append(" ".join(data.split()))


def page_sentences(html: str) -> list[str]:
    """The text runs of a page a player reads (outside the rules' own words)."""
    parser = _Text()
    parser.feed(html)
    return parser.text


#: Not pages for players: the site's files, and the rules as data's page, written for those who
#: write tools (it names Python, the build and the data's files, as it must).
NOT_FOR_PLAYERS = {"assets", "pagefind", "api"}


def _pages(site: Path) -> list[Path]:
    pages = [p for p in site.rglob("index.html") if p.relative_to(site).parts[0] not in NOT_FOR_PLAYERS]
    return sorted([*pages, site / "404.html"])


def test_no_page_speaks_of_the_machinery(built_site: Path) -> None:
    found = {}
    for page in _pages(built_site):
        bad = [t for t in page_sentences(page.read_text("utf-8")) if MACHINERY.search(t)]
        if bad:
            found[str(page.relative_to(built_site))] = bad[:3]
    assert found == {}


#: The page scripts that write sentences into a page (the workers' own messages never reach one).
SCRIPTS = sorted(
    p
    for p in (ROOT / "docs" / "assets" / "js").rglob("*.mjs")
    if not re.search(r"worker|code-cache|snapshot-format|protocol|types/", p.relative_to(ROOT).as_posix())
)
#: A string or template literal that reads as a sentence: it starts with a capital and has three words.
_SENTENCE = re.compile(r"""(["`])([A-Z][^"`\n]*?\s\S+\s[^"`\n]*?)\1""")


def script_sentences(source: str) -> list[str]:
    """The sentences a page script writes, outside its comments."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("//", "*", "/*")))
    return [m.group(2) for m in _SENTENCE.finditer(code)]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(ROOT / "docs" / "assets" / "js").as_posix())
def test_no_page_script_writes_of_the_machinery(script: Path) -> None:
    assert [s for s in script_sentences(script.read_text("utf-8")) if MACHINERY.search(s)] == []


def test_the_words_check_finds_what_it_refuses() -> None:
    html = (
        "<p>The calculator keeps 0.0 MB with the same Python code the project's tests check.</p>"
        '<p class="rule">Units may build a camp (the rule\'s words are quoted as they are).</p>'
        "<div hidden>Seen by the site's build.</div><p>Seen by the site's build.</p>"
    )
    sentences = page_sentences(html)
    assert [s for s in sentences if MACHINERY.search(s)] == [
        "The calculator keeps 0.0 MB with the same Python code the project's tests check.",
        "Seen by the site's build.",
    ]
    assert script_sentences(
        'el("p", "", `This site keeps ${x} for the Python runtime.`); // Not a worker sentence'
    ) == ["This site keeps ${x} for the Python runtime."]
