"""The header table the hosting tests use (``header_table.py``) is the README's own: every
sample's type and caching as the README's rows say them, and the one policy, pinned as
words, the one the build writes and the README shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from header_table import CONTENT_SECURITY_POLICY, IMMUTABLE, REVALIDATE, readme_rows, samples

from build_scripts.core import csp


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


def test_the_policy_is_the_readmes_and_the_builds() -> None:
    first = readme_rows()[0]
    assert first[0] == "every response, 404 included"
    assert f"Content-Security-Policy: {CONTENT_SECURITY_POLICY}" in cells(first[1])
    assert csp.CONTENT_SECURITY_POLICY == CONTENT_SECURITY_POLICY, "the build writes another policy"


def test_every_sample_is_typed_and_cached_as_the_readme_says(built_site: Path) -> None:
    types, immutable = readme_types(), readme_immutable()
    for expected in samples(built_site):
        name = expected.source(built_site).name
        ending = name if name == "manifest.webmanifest" else Path(name).suffix
        assert expected.content_type == types[ending], expected.kind
        year = immutable.match(expected.path) and expected.status == 200  # "every 404": no-cache
        assert expected.cache == (IMMUTABLE if year else REVALIDATE), expected.kind


@pytest.mark.parametrize(
    ("path", "year"),
    [
        ("assets/pyodide/314.0.7/pyodide.asm.wasm", True),
        ("assets/py/calculators-7c72f102ed6c.zip", True),
        ("assets/javascripts/bundle.a5f9d56c.min.js", True),
        ("assets/stylesheets/main.57a0d79d.min.css.map", True),
        ("assets/py/manifest.json", False),
        ("assets/rules.css", False),
        ("sw.js", False),
        ("pagefind/index/en_a367b3a.pf_index", True),
        ("pagefind/pagefind.en_6a9c8e4434.pf_meta", True),
        ("pagefind/pagefind.js", False),
        ("pagefind/wasm.en.pagefind", False),
    ],
)
def test_the_readmes_year_long_files_read_as_written(path: str, year: bool) -> None:
    assert bool(readme_immutable().match(path)) == year
