"""A real MediaWiki on loopback for the sync's tests: Debian's ``mediawiki`` (1.39), installed
with ``maintenance/install.php`` into SQLite in a temporary folder, served by PHP's own
server, the rulebook page created from our exports and edited through the Action API.

``make test`` installs the packages (``make wiki``); each :class:`Wiki` is a wiki of its own.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import mwclient

from harness.network import free_port
from harness.project import ROOT

MEDIAWIKI = Path("/usr/share/mediawiki")


def sync(project: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``make sync``'s command, in ``project`` (no retries: a fault is named at once)."""
    return subprocess.run(
        [sys.executable, "-m", "build_scripts.sync", "--root", str(project), "--retries", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )


TITLE = "Scrollhammer Rulebook"
USER, PASSWORD = "Admin", "Scrollhammer-test-wiki-1"


def rulebook_text() -> str:
    """Our exports as the one wiki page they are sections of (the edit page's banner left out;
    Buildings and Ruins are already inside Battlefield Terrain)."""

    def body(name: str) -> str:
        return (ROOT / "docs" / "rulebook" / name).read_text("utf-8").split("\n", 1)[1].lstrip("\n")

    return body("battlefield-terrain.wiki") + "\n" + body("unit-types.wiki")


@dataclass
class Wiki:
    """A running wiki: its addresses and a logged-in client to edit it."""

    folder: Path
    port: int
    site: mwclient.Site

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api.php"

    @property
    def index(self) -> str:
        return f"http://127.0.0.1:{self.port}/index.php"

    def edit(self, title: str, change: str | None = None, *, text: str | None = None, summary: str) -> int:
        """Save a new revision of ``title`` (``text``, or the page's text with ``change`` applied
        as ``old→new``); return its id. The page is read afresh (mwclient's page objects keep
        the text they were made with)."""
        page = self.site.pages[title]
        if text is None:
            assert change is not None
            old, new = change.split("→")
            current = page.text()
            assert current.count(old) == 1, f"{old!r} is in the page {current.count(old)} times"
            text = current.replace(old, new)
        result = page.edit(text, summary=summary)
        assert result["result"] == "Success", result
        return int(result["newrevid"])

    def hide(self, rev: int, *, parts: str = "content|comment|user", reason: str = "vandalism") -> None:
        """Hide a revision's words, summary and editor, as a wiki hides vandalism (``action=revisiondelete``)."""
        page = self.site.api("query", prop="revisions", revids=str(rev))["query"]["pages"]
        title = next(iter(page.values()))["title"]
        token = self.site.get_token("csrf")
        result = self.site.post(
            "revisiondelete", type="revision", target=title, ids=str(rev), hide=parts, reason=reason, token=token
        )
        assert result["revisiondelete"]["status"] == "Success", result

    def move(self, old: str, new: str, *, reason: str, redirect: bool = True) -> None:
        """Move a page (``action=move``), leaving a redirect at the old title unless ``redirect`` is false."""
        token = self.site.get_token("csrf")
        extra = {} if redirect else {"noredirect": "1"}
        result = self.site.post("move", **{"from": old, "to": new, "reason": reason, "token": token}, **extra)
        assert result["move"]["to"] == new, result

    def upload(self, name: str, data: bytes, *, summary: str) -> None:
        """Upload a file (``File:name``) as an editor does (``action=upload``)."""
        self.site.site_init()  # the user's rights as the wiki gives them after the login (upload among them)
        result = self.site.upload(io.BytesIO(data), filename=name, description=summary, ignore=True)
        assert result.get("result") == "Success", result

    def raw(self, title: str) -> bytes:
        """The page's wikitext as the wiki serves it to a reader (``action=raw``)."""
        url = f"{self.index}?title={title.replace(' ', '_')}&action=raw"
        with urllib.request.urlopen(url, timeout=30) as answer:
            return bytes(answer.read())

    def export(self, title: str) -> bytes:
        """Special:Export of ``title`` with every revision (schema 0.11)."""
        url = f"{self.index}?title=Special:Export&pages={title.replace(' ', '_')}&history=1&action=submit"
        with urllib.request.urlopen(url, timeout=30) as answer:
            return bytes(answer.read())


@contextmanager
def _serving(config: Path, port: int, log: Path) -> Iterator[None]:
    """PHP's own server for the wiki configured by ``config`` (``MW_CONFIG_FILE``), until the block ends."""
    env = {**os.environ, "MW_CONFIG_FILE": str(config)}
    with log.open("wb") as out:
        server = subprocess.Popen(
            ["php", "-S", f"127.0.0.1:{port}", "-t", str(MEDIAWIKI)],
            cwd=MEDIAWIKI,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait(port)
            yield
        finally:
            server.terminate()
            server.wait(10)


def _wait(port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api.php?action=query&format=json", timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@contextmanager
def running_wiki(folder: Path) -> Iterator[Wiki]:
    """Install a wiki into ``folder``, serve it, create the rulebook page from our exports (one revision)."""
    port = free_port()
    (folder / "data").mkdir(parents=True)
    subprocess.run(
        [
            "php", "maintenance/install.php", "--dbtype", "sqlite", "--dbpath", str(folder / "data"),
            "--dbname", "wiki", "--server", f"http://127.0.0.1:{port}", "--scriptpath", "",
            "--confpath", str(folder), "--pass", PASSWORD, "--lang", "en", "Scrollhammer Wiki", USER,
        ],
        cwd=MEDIAWIKI, check=True, capture_output=True,
    )  # fmt: skip
    config = folder / "LocalSettings.php"
    with config.open("a", encoding="utf-8") as out:
        out.write(f'\n$wgCacheDirectory = "{folder}/cache";\n')
        # Uploads (an image on a rule page), kept in the wiki's folder and served by the wiki's
        # own img_auth.php (PHP's server serves only MediaWiki's folder); GD scales them.
        out.write(f'$wgEnableUploads = true;\n$wgUploadDirectory = "{folder}/images";\n')
        out.write('$wgUploadPath = "/img_auth.php";\n$wgImgAuthPublicTest = false;\n$wgUseImageMagick = false;\n')
        # Hiding a revision (revision deletion): Debian's 1.39 gives it to the "suppress" group only.
        out.write("$wgGroupPermissions['sysop']['deleterevision'] = true;\n")
        # Footnotes, as most wikis have them (Debian ships the extension; install.php loads none).
        out.write("wfLoadExtension('Cite');\n")
    with _serving(config, port, folder / "server.log"):
        site = mwclient.Site(f"127.0.0.1:{port}", path="/", scheme="http")
        site.clientlogin(username=USER, password=PASSWORD)
        wiki = Wiki(folder, port, site)
        wiki.edit(TITLE, text=rulebook_text(), summary="The rulebook, from the section exports")
        yield wiki


@contextmanager
def private_copy(wiki: Wiki) -> Iterator[str]:
    """The same wiki served again with reading closed to anonymous readers; yields its api.php."""
    config = wiki.folder / "Private.php"
    config.write_text(
        (wiki.folder / "LocalSettings.php").read_text("utf-8") + "\n$wgGroupPermissions['*']['read'] = false;\n",
        "utf-8",
    )
    port = free_port()
    with _serving(config, port, wiki.folder / "private.log"):
        yield f"http://127.0.0.1:{port}/api.php"
