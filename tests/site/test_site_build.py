"""The strict site build: ids on every rule block, the lock honoured, no stray references,
no request to another host, and a broken source leaving no site behind."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from support import RULEBOOK_PAGES, copy_project

from harness.project import ROOT

PAGES = RULEBOOK_PAGES


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.rules: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"] or "")
        classes = (a.get("class") or "").split()
        if "rule" in classes or "rule-heading" in classes:
            self.rules.append((tag, a))
        if tag == "article":
            self._article += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1

    def handle_data(self, data: str) -> None:
        if self._article:
            self.text.append(data)


def parse(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text("utf-8"))
    return collector


def rule_article(path: Path) -> str:
    """The page's article without the calculators the build placed in it."""
    raw = path.read_text("utf-8")
    article = raw[raw.index("<article") : raw.index("</article>")]
    return re.sub(r'<section class="sh-calc".*?</section>', "", article, flags=re.DOTALL)


@pytest.mark.parametrize("page", PAGES)
def test_every_rule_block_has_a_unique_id(built_site: Path, page: str) -> None:
    html = parse(built_site / page / "index.html")
    assert len(html.ids) == len(set(html.ids)), "duplicate ids"
    assert html.rules, "no rule blocks"
    for tag, attrs in html.rules:
        assert attrs.get("id"), f"<{tag}> rule block without id"


@pytest.mark.parametrize("page", PAGES)
def test_every_paragraph_and_item_is_a_linkable_rule(built_site: Path, page: str) -> None:
    article = rule_article(built_site / page / "index.html")
    # A chart row is one rule (<li class="rule chart-row" id=…>): its name and its own
    # paragraph inside it are its parts, and only there is a bare <p> allowed.
    rows = re.findall(r'<li class="rule chart-row" id="[^"]+">(.*?)</li>', article, flags=re.DOTALL)
    for row in rows:
        assert re.findall(r"<(?:p|li)(?: [^>]*)?>", row) == ['<p class="chart-row__name">', "<p>"], row[:200]
    rest = re.sub(r'(<li class="rule chart-row" id="[^"]+">).*?</li>', r"\1</li>", article, flags=re.DOTALL)
    for start in re.findall(r"<(?:p|li)(?: [^>]*)?>", rest):
        assert re.search(r'class="rule[" ]', start), start
        assert " id=" in start, start


def test_lock_lists_every_id_in_the_built_site(built_site: Path) -> None:
    lock = json.loads((ROOT / "anchors.lock.json").read_text("utf-8"))
    for page in PAGES:
        html = parse(built_site / page / "index.html")
        rule_ids = {a["id"] for _tag, a in html.rules}
        assert rule_ids == set(lock["anchors"][page]), page


@pytest.mark.parametrize("page", PAGES)
def test_every_page_xx_has_help_beside_it(built_site: Path, page: str) -> None:
    html = (built_site / page / "index.html").read_text("utf-8")
    verbatim = html.count('<span class="xref">page XX</span>')
    assert verbatim == html.count('<span class="xref">page XX</span><a class="xref-help"') + html.count(
        '<span class="xref">page XX</span><button type="button" class="xref-help xref-help--missing"'
    )


def test_references_link_or_say_they_are_not_here(built_site: Path) -> None:
    terrain = (built_site / "terrain" / "index.html").read_text("utf-8")
    assert '<a class="xref-help" href="../unit-types/#flyer-units" data-help>' in terrain
    assert terrain.count(">not in these sections</button>") == 3


EXTERNAL = re.compile(r"""(?:https?:)?//(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\.[a-z]{2,}""", re.IGNORECASE)


def _requests(text: str, suffix: str) -> list[str]:
    """URLs to other hosts: any src/href/url() in HTML and CSS, import/fetch in JS."""
    if suffix == ".html":
        found = re.findall(r"""(?:src|href|action|poster|data)\s*=\s*["']([^"']+)["']""", text)
        found += re.findall(r"""url\(\s*["']?([^"')]+)""", text)
    elif suffix == ".css":
        found = re.findall(r"""url\(\s*["']?([^"')]+)""", text) + re.findall(r"""@import\s+["']([^"']+)""", text)
    else:
        found = re.findall(r"""(?:import|fetch|importScripts)\s*\(\s*["']([^"']+)["']""", text)
        found += re.findall(r"""from\s*["'](https?:[^"']+)["']""", text)
    return [u for u in found if EXTERNAL.match(u)]


def test_site_requests_nothing_from_another_host(built_site: Path) -> None:
    offenders = []
    for path in built_site.rglob("*"):
        if path.suffix in {".html", ".css", ".js", ".mjs"} and path.is_file():
            text = path.read_text("utf-8", errors="replace")
            offenders.extend(f"{path.relative_to(built_site)}: {url}" for url in _requests(text, path.suffix))
    assert not offenders, "\n".join(offenders)


def test_fonts_are_not_loaded_from_another_host() -> None:
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    assert re.search(r"^\s+font: false", config, re.MULTILINE)


def _build_copy(tmp_path: Path, mutate) -> subprocess.CompletedProcess[str]:
    project = copy_project(tmp_path / "project")
    mutate(project)
    site = project / "site"
    site.mkdir()
    (site / "index.html").write_text("stale site from an earlier build", "utf-8")
    env = {**os.environ, "SCROLLHAMMER_FROZEN_ANCHORS": "true", "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("content", "line", "words"),
    [
        (b"", 1, "empty"),
        (b"Editing Scrollhammer Rulebook (section)\n\n==Ruins==\n\nCaf\xe9.", 5, "UTF-8"),
        (b"==Ruins==\n\nText.", 1, "banner"),
        (b"Editing Scrollhammer Rulebook (section)\n\nText without heading.", 3, "heading"),
        (b"Editing Scrollhammer Rulebook (section)\n\n===Ruins===\n\n'''Unclosed\n", 5, "unclosed '''"),
        (b"Editing Scrollhammer Rulebook (section)\n\n===Ruins===\n\n== ==\n", 5, "heading has no text"),
    ],
    ids=["empty", "not-utf8", "no-banner", "no-heading", "unclosed-bold", "empty-heading"],
)
def test_malformed_source_stops_the_build_with_file_and_line(
    tmp_path: Path, content: bytes, line: int, words: str
) -> None:
    proc = _build_copy(tmp_path, lambda p: (p / "docs" / "rulebook" / "ruins.wiki").write_bytes(content))
    assert proc.returncode != 0
    assert f"ruins.wiki:{line}:" in proc.stderr
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr
    # No half-built site that looks good: the output folder holds no page.
    assert not list((tmp_path / "project" / "site").rglob("*.html"))
