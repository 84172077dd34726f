"""The README's header table, as the tests read it: for each kind of file the site has, the
Content-Type, the Cache-Control and whether a precompressed twin is sent.

Every host the README names is held to this one table: the project's server, nginx and
Caddy (through ``tests/hosting/test_hosting_headers.py``) and the ``_headers`` file for Netlify and
Cloudflare Pages (``tests/hosting/test_headers_file_applied.py``). The table is read from the README itself
(:func:`readme_rows`), and ``tests/unit/core/test_policy.py`` holds the samples below to it; the
policy is pinned here once, as words, not taken from the build that sends it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from harness.project import ROOT

__all__ = [
    "BOOK_MARK_COOKIE",
    "CONTENT_SECURITY_POLICY",
    "IMMUTABLE",
    "NO_STORE",
    "REVALIDATE",
    "Expected",
    "readme_book_mark",
    "readme_rows",
    "samples",
]

#: The site's policy, as the README's table gives it.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'"
)

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
NO_STORE = "no-store"
#: The mark of a book kept on the phone (``book-kept.txt``'s cookie), as the README gives it.
BOOK_MARK_COOKIE = "scrollhammer-book=kept; Path=/; Max-Age=34560000; SameSite=Strict"
#: The search's index files (compressed by Pagefind itself): plain bytes.
BINARY = "application/octet-stream"


@dataclass(frozen=True)
class Expected:
    """What a host sends for one file of the site."""

    kind: str
    path: str
    content_type: str
    cache: str
    status: int = 200
    #: The file the body is (``404.html`` for a missing path).
    file: str = ""
    #: The cookie the host sets with it (only the book's mark has one).
    cookie: str | None = None
    #: Who may read it from another site's page (only the rules as data: ``*``).
    allow_origin: str | None = None

    def source(self, site: Path) -> Path:
        """The file in the built site whose bytes the body must be."""
        name = self.file or (self.path + "index.html" if self.path.endswith("/") or not self.path else self.path)
        return site / name

    def twin(self, site: Path, suffix: str) -> bool:
        """Whether the build wrote a ``.br`` / ``.gz`` twin of the file."""
        source = self.source(site)
        return source.with_name(source.name + suffix).is_file()


def _one(site: Path, pattern: str) -> str:
    found = sorted(p.relative_to(site).as_posix() for p in site.glob(pattern))
    if len(found) != 1:
        raise AssertionError(f"the built site has {len(found)} files like {pattern}")
    return found[0]


def _first(site: Path, pattern: str) -> str:
    found = sorted(p.relative_to(site).as_posix() for p in site.glob(pattern))
    if not found:
        raise AssertionError(f"the built site has no file like {pattern}")
    return found[0]


def samples(site: Path) -> list[Expected]:
    """One file of every kind the table names, found in the built ``site``."""
    pyodide = _one(site, "assets/pyodide/*/pyodide.asm.wasm").rsplit("/", 1)[0]
    html, css, js, json = (
        "text/html; charset=utf-8",
        "text/css; charset=utf-8",
        "text/javascript; charset=utf-8",
        ("application/json"),
    )
    return [
        Expected("home page", "", html, REVALIDATE),
        Expected("rule page", "buildings/", html, REVALIDATE),
        Expected("stylesheet, content-hashed", _one(site, "assets/stylesheets/main.*.min.css"), css, IMMUTABLE),
        Expected("stylesheet", "assets/rules.css", css, REVALIDATE),
        Expected("script, content-hashed", _one(site, "assets/javascripts/bundle.*.min.js"), js, IMMUTABLE),
        Expected("module script", "assets/js/calculators/engine.mjs", js, REVALIDATE),
        Expected("module script, version-pinned", f"{pyodide}/pyodide.asm.mjs", js, IMMUTABLE),
        Expected("service worker", "sw.js", js, REVALIDATE),
        Expected("WebAssembly, version-pinned", f"{pyodide}/pyodide.asm.wasm", "application/wasm", IMMUTABLE),
        Expected("JSON", "assets/py/manifest.json", json, REVALIDATE),
        Expected("JSON, the theme's search settings", "search/search_index.json", json, REVALIDATE),
        Expected("the search's script", "pagefind/pagefind.js", js, REVALIDATE),
        Expected("the search's entry", "pagefind/pagefind-entry.json", json, REVALIDATE),
        Expected("the search's metadata, content-hashed", _one(site, "pagefind/pagefind.*.pf_meta"), BINARY, IMMUTABLE),
        Expected("the search's WebAssembly", "pagefind/wasm.en.pagefind", BINARY, REVALIDATE),
        Expected("a chunk of the search's index", _first(site, "pagefind/index/*.pf_index"), BINARY, IMMUTABLE),
        Expected(
            "a fragment of the search's index", _first(site, "pagefind/fragment/*.pf_fragment"), BINARY, IMMUTABLE
        ),
        Expected("web app manifest", "manifest.webmanifest", "application/manifest+json", REVALIDATE),
        Expected("SVG", "assets/icons/icon.svg", "image/svg+xml", REVALIDATE),
        Expected("PNG", "assets/icons/icon-192.png", "image/png", REVALIDATE),
        Expected("rule card (what link unfurlers read)", "r/buildings/total-collapse/", html, REVALIDATE),
        Expected("rule card's image", "r/buildings/total-collapse/card.png", "image/png", REVALIDATE),
        Expected("zip, content-hashed", _one(site, "assets/py/calculators-*.zip"), "application/zip", IMMUTABLE),
        Expected("zip, version-pinned", f"{pyodide}/python_stdlib.zip", "application/zip", IMMUTABLE),
        Expected("the rules as data: the book", "api/v1/book.json", json, REVALIDATE, allow_origin="*"),
        Expected(
            "the rules as data: every rule", "api/v1/rules.jsonl.gz", "application/gzip", REVALIDATE, allow_origin="*"
        ),
        Expected(
            "the mark of a kept book", "book-kept.txt", "text/plain; charset=utf-8", NO_STORE, cookie=BOOK_MARK_COOKIE
        ),
        Expected("missing path", "no/such/rule/", html, REVALIDATE, status=404, file="404.html"),
        Expected("missing file in a pinned folder", f"{pyodide}/gone.wasm", html, REVALIDATE, 404, "404.html"),
    ]


def readme_rows(readme: Path = ROOT / "README.md") -> list[tuple[str, str]]:
    """The README's header table: ``(files, headers)`` for each row, as written."""
    text = readme.read_text("utf-8")
    found = re.search(r"^\| files \| header \|\n\| --- \| --- \|\n((?:\|.*\|\n)+)", text, flags=re.MULTILINE)
    assert found, f"{readme.name} has no header table"
    rows = []
    for line in found.group(1).splitlines():
        files, headers = (cell.strip() for cell in line.strip().strip("|").split(" | ", 1))
        rows.append((files, headers))
    return rows


def cells(text: str) -> list[str]:
    """The code spans of a cell (``*.css``, ``Content-Type: …``)."""
    return re.findall(r"`([^`]+)`", text)


def readme_types() -> dict[str, str]:
    """File ending (or name) → the Content-Type the README's table gives it; ``.html`` for pages."""
    types = {}
    for files, headers in readme_rows():
        stated = headers.split(" (", 1)[0]  # what follows in brackets says why
        values = [v.removeprefix("Content-Type: ") for v in cells(stated) if not v.startswith(("Cache", "Content-S"))]
        if files.startswith("HTML (and the 404"):
            types[".html"] = values[0]
            continue
        names = cells(files)
        if names and all(n.startswith("*.") or n == "manifest.webmanifest" for n in names):
            shared = values * len(names) if len(values) == 1 else values
            for name, value in zip(names, shared, strict=True):
                types[name.removeprefix("*")] = value
    return types


def readme_immutable() -> re.Pattern[str]:
    """The README's year-long files as one pattern of paths."""
    (files,) = [files for files, headers in readme_rows() if IMMUTABLE in headers]
    parts = []
    for glob in cells(files):
        regex = re.escape(glob).replace(r"<version>", r"[^/]+").replace(r"<hash>", r"[0-9a-f]+")
        regex = regex.replace(r"/\*\*/", "/(?:.*/)?").replace(r"\*", "[^/]*").replace(r"\{js,css\}", "(?:js|css)")
        parts.append(regex + r"(?:\.map)?")
    return re.compile("^(?:" + "|".join(parts) + ")$")


def readme_book_mark() -> tuple[str, str]:
    """The README's row for ``book-kept.txt`` (a text file): its Cache-Control and Set-Cookie."""
    (headers,) = [headers for files, headers in readme_rows() if cells(files) == ["book-kept.txt"]]
    values = dict(v.split(": ", 1) for v in cells(headers.split(" (", 1)[0]))
    return values["Cache-Control"], values["Set-Cookie"]
