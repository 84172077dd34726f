"""Every internal link and fragment of the built site resolves."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from build_scripts.pages.calculator_forms import load_placements
from harness.project import PROJECT


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"] or "")
        for key in ("href", "src"):
            value = a.get(key)
            if value and not (tag == "link" and a.get("rel") == "canonical"):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text("utf-8"))
    return parser


def _target(site: Path, page: Path, link: str) -> tuple[Path | None, str]:
    parts = urlsplit(link)
    if parts.scheme in ("mailto", "data", "javascript") or (parts.scheme and parts.netloc != "127.0.0.1:8000"):
        return None, ""
    if parts.netloc or parts.path.startswith("/"):  # absolute: from the site root (the default SITE_URL)
        rel = posixpath.normpath(unquote(parts.path).lstrip("/") or ".")
        if parts.path.endswith("/"):
            rel += "/"
    elif parts.path:
        base = page.parent.relative_to(site).as_posix()
        rel = posixpath.normpath(posixpath.join(base, unquote(parts.path)))
        if parts.path.endswith("/"):
            rel += "/"
    else:
        rel = page.relative_to(site).as_posix()
    path = site / rel
    if rel.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_every_internal_link_and_fragment_resolves(built_site: Path) -> None:
    pages = {p: _parse(p) for p in built_site.rglob("*.html")}
    broken = []
    checked = 0
    for page, parsed in pages.items():
        for link in parsed.links:
            target, fragment = _target(built_site, page, link)
            if target is None:
                continue
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)}: {link} (no file)")
            elif fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if fragment not in ids:
                    broken.append(f"{page.relative_to(built_site)}: {link} (no #{fragment})")
    assert checked > 500
    assert not broken, "\n".join(broken[:30])


def test_the_calculators_page_opens_each_calculator_beside_its_rule(built_site: Path) -> None:
    """Each placed calculator is one tile of the Calculators page, leading to it in its page
    (where it sits right after the rule it resolves)."""
    text = (built_site / "calculators" / "index.html").read_text("utf-8")
    hrefs = re.findall(r'<a class="sh-tool[^"]*" id="([a-z0-9-]+)" href="\.\./([a-z-]+)/#([a-z0-9-]+)"', text)
    places = PROJECT.path(PROJECT.options.placements).read_text("utf-8")
    expected = {(p.instance_id, p.page, p.instance_id) for p in load_placements(places, "calculator_placements.toml")}
    assert set(hrefs) == expected
    for _, page, section in hrefs:
        assert f'<section class="sh-calc" id="{section}"' in (built_site / page / "index.html").read_text("utf-8")
