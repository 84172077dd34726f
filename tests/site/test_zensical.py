"""The same stages around the second generator (``make build GENERATOR=zensical``): every
published rule id on its page, every rule's card, the policy on every page and no inline
script left, the runtime and the service worker; what differs from MkDocs is listed in
ARCHITECTURE.md ("A move to another site generator") and held here."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.core.model import page_url
from build_scripts.finish.generated_pages import generated_pages
from build_scripts.rulebook.anchor_lock import AnchorLock
from harness.project import ROOT

LOCK = AnchorLock.loads((ROOT / "anchors.lock.json").read_text("utf-8"))
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/(?:ld\+)?json)[^>]*>")


def test_every_published_rule_id_is_on_its_page_and_has_its_card(zensical_site: Path) -> None:
    missing = []
    for page, ids in LOCK.anchors.items():
        html = (zensical_site / page_url(page) / "index.html").read_text("utf-8")
        missing += [f"{page}#{rule}" for rule in ids if f'id="{rule}"' not in html]
        missing += [
            f"r/{page}/{rule}/" for rule in ids if not (zensical_site / "r" / page / rule / "index.html").exists()
        ]
    assert missing == []


def test_every_page_has_the_policy_and_no_inline_script(zensical_site: Path) -> None:
    pages = [path for path, _ in generated_pages(zensical_site)] + [zensical_site / "404.html"]
    assert len(pages) >= 11
    for path in pages:
        html = path.read_text("utf-8")
        assert 'http-equiv="Content-Security-Policy"' in html, path
        assert not INLINE_SCRIPT.findall(html), f"{path}: {INLINE_SCRIPT.findall(html)[:2]}"


def test_the_runtime_the_search_and_the_service_worker_are_there(zensical_site: Path) -> None:
    assert (zensical_site / "sw.js").exists()
    assert (zensical_site / "assets" / "py" / "manifest.json").exists()
    assert any((zensical_site / "pagefind").glob("pagefind.*.pf_meta"))


def test_what_only_a_plugin_could_add_is_missing_as_listed(zensical_site: Path, built_site: Path) -> None:
    """The table of contents' shortcuts to the calculators come from the MkDocs plugin alone."""
    shortcut = '<a href="#calc-ruin-movement" class="md-nav__link">'
    heading = '<a href="#unit-coherency" class="md-nav__link">'
    mkdocs, zensical = ((site / "ruins" / "index.html").read_text("utf-8") for site in (built_site, zensical_site))
    assert heading in mkdocs
    assert heading in zensical, "both tables of contents link the headings"
    assert shortcut in mkdocs
    assert shortcut not in zensical
