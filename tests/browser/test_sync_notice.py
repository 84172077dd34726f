"""A rule whose words an edit on the wiki changed, in real Chromium at 360×740, light and
dark: an old link's notice names the wiki's revision, its author and summary, and links to
that edit on the wiki; the rule's card names the revision too.

The site is a copy of the project synced from a real MediaWiki (tests/support/wiki.py), Tremor's
words edited there, synced again, and built frozen (the sync wrote the lock and history).
"""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import build_site, copy_project
from support.browser import assert_arrived, axe_violations
from support.expected import card_link
from support.visitors import Phones
from support.wiki import TITLE, running_wiki

from harness.network import free_port
from harness.project import ROOT
from site_server import serving

SCREENSHOTS = ROOT / "test-results" / "screenshots"
SUMMARY = "Tremor: -1 to hit, as agreed on the forum"


@dataclass(frozen=True)
class Synced:
    url: str
    index: str
    rev: int


def sync(project: Path, api: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "build_scripts.sync", "--root", str(project), "--api", api],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def synced_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synced]:
    folder = tmp_path_factory.mktemp("synced")
    project = copy_project(folder / "project")
    with running_wiki(folder / "wiki") as wiki:
        sync(project, wiki.api)
        rev = wiki.edit(TITLE, "section get -d3 to hit→section get -1 to hit", summary=SUMMARY)
        sync(project, wiki.api)
        index = wiki.index
    port = free_port()
    site = folder / "site"
    build_site(project, site, port=port, frozen=True)
    with serving(site, port=port):
        yield Synced(f"http://127.0.0.1:{port}/", index, rev)


@pytest.mark.first_visit("a site built for these tests alone: no phone has visited it")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_old_links_notice_names_the_wiki_edit_and_links_to_it(
    first_visit_phone: Phones, synced_site: Synced, scheme: str
) -> None:
    page = first_visit_phone(device_scale_factor=2, color_scheme=scheme).new_page()
    page.goto(card_link(synced_site.url, "buildings", "tremor"))  # the committed words: before the edit
    page.wait_for_url(re.compile(r"/buildings/\?v=[0-9a-f]{8}#tremor$"))
    assert_arrived(page, "tremor")
    notice = page.locator("#tremor .sh-changed")
    expect(notice).to_be_visible()
    expect(notice.locator(".sh-changed__edit")).to_have_text(
        f"By the wiki's revision {synced_site.rev} (Admin): “{SUMMARY}” See this edit on the wiki"
    )
    link = notice.locator(".sh-changed__link")
    assert link.get_attribute("href") == f"{synced_site.index}?diff=prev&oldid={synced_site.rev}"
    expect(notice.locator("ins")).to_have_text("[added: -1]")
    notice.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"card-changed-on-the-wiki-{scheme}.png"))
    assert axe_violations(page) == []


def test_the_rules_card_names_the_wiki_revision(synced_site: Synced) -> None:
    with urllib.request.urlopen(f"{synced_site.url}r/buildings/tremor/", timeout=30) as answer:
        card = answer.read().decode("utf-8")
    assert f"from the wiki's revision {synced_site.rev} (“{SUMMARY}”)" in card
