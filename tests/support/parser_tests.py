"""MediaWiki's own parser tests, read from the file its developers keep (``parserTests.txt``).

The file is MediaWiki's (GPL), so it is never in this repository: ``make parser-tests``
takes it from the npm registry's ``parsoid`` package (pinned, its checksum checked) into
``build/parser-tests/``. Only each test's wikitext is read: the site is compared with the
real MediaWiki 1.39 reading the same text, as the rest of the corpus is.

A test is taken when MediaWiki's own parser runs it with no option that changes what a page
is (a language, a title, a pre-save transform, …) and its wikitext uses only the markup the
site reads from a wiki page: templates (the sync has the wiki expand them), files (the
tests' own uploads), raw HTML blocks, magic links, the language converter, interwiki links
and redirects are left out, each for its reason in :data:`LEFT_OUT`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from harness.project import ROOT

__all__ = ["FOLDER", "LEFT_OUT", "ParserTest", "chosen", "read_tests"]

FOLDER = ROOT / "build" / "parser-tests"
_FIELD = re.compile(r"^!!\s*(\w[\w/-]*)\s*$")
#: Options under which MediaWiki reads the text as a page, as the sync's pages are read.
_PAGE_OPTIONS = re.compile(r"^(?:parsoid(?:=\S+|\s*=\s*\{.*?\})?|wrap|\s)*$", re.DOTALL)
#: What a test's wikitext may not hold, and why the site does not read it from a page.
LEFT_OUT = {
    "{{": "a template or parser function: the sync has the wiki expand them",
    "{{{": "a template's parameter",
    "~~~": "a signature: the wiki's pre-save transform",
    "[[file:": "a file of the parser tests' own uploads",
    "[[image:": "a file of the parser tests' own uploads",
    "[[media:": "a file of the parser tests' own uploads",
    "<gallery": "a gallery of the parser tests' own uploads",
    "-{": "the language converter",
    "#redirect": "a redirect",
    "isbn ": "a magic link",
    "rfc ": "a magic link",
    "pmid ": "a magic link",
}
_RAW_HTML = re.compile(r"<\s*/?\s*(?:table|tr|td|th|div|p|ul|ol|li|dl|dt|dd|h[1-6]|center|blockquote)\b", re.IGNORECASE)
_INTERWIKI = re.compile(r"\[\[\s*:?\s*(?:[a-z]{2,3}|wikipedia|meatball|memoryalpha)\s*:", re.IGNORECASE)
_TAGS = re.compile(r"<\s*([a-zA-Z][\w-]*)")
#: The tags the site reads (the text-level ones, a line break, nowiki, pre, a gallery, footnotes).
_KNOWN_TAGS = frozenset(
    {"b", "strong", "i", "em", "sup", "sub", "small", "big", "s", "strike", "del", "ins", "u", "code", "tt"}
    | {"kbd", "var", "samp", "q", "cite", "dfn", "abbr", "mark", "span", "bdi", "br", "nowiki", "pre", "ref"}
    | {"references", "hr"}
)


@dataclass(frozen=True)
class ParserTest:
    """One test of the file: its name, options and wikitext."""

    name: str
    options: str
    wikitext: str
    php: bool


def read_tests(path: Path) -> Iterator[ParserTest]:
    """Every test of a parser tests file, in its order."""
    fields: dict[str, list[str]] = {}
    current: str | None = None
    for line in path.read_text("utf-8").splitlines():
        field = _FIELD.match(line)
        if field:
            name = field.group(1).lower()
            if name == "end" and "test" in fields:
                yield ParserTest(
                    " ".join(fields.get("test", [])).strip(),
                    " ".join(fields.get("options", [])).strip(),
                    "\n".join(fields.get("wikitext", [])),
                    "html" in fields or "html/php" in fields or "html/php+disabled" in fields,
                )
            if name in ("end", "endarticle"):
                fields, current = {}, None
            else:
                current = name
                fields[current] = []
        elif current is not None:
            fields[current].append(line)


def why_left_out(test: ParserTest) -> str:
    """Why the test is not in the corpus ("": it is)."""
    text = test.wikitext.lower()
    unknown = {t.lower() for t in _TAGS.findall(test.wikitext)} - _KNOWN_TAGS
    checks = [
        (not test.php, "Parsoid's alone"),
        (not _PAGE_OPTIONS.fullmatch(test.options), f"options: {test.options}"),
        (not text.strip(), "no wikitext"),
        *((mark in text, why) for mark, why in LEFT_OUT.items()),
        (bool(_RAW_HTML.search(test.wikitext)), "raw HTML blocks"),
        (bool(_INTERWIKI.search(test.wikitext)), "an interwiki or language link"),
        (bool(unknown), f"tags the site does not read: {', '.join(sorted(unknown))}"),
    ]
    return next((why for found, why in checks if found), "")


def chosen(*names: str) -> list[ParserTest]:
    """The tests of the named files (in :data:`FOLDER`) the corpus takes."""
    return [t for name in names for t in read_tests(FOLDER / name) if not why_left_out(t)]
