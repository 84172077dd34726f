"""The header table the hosting tests use (``support/header_table.py``) is the README's own:
the one policy, pinned as words, is the one the build writes and the README shows, and the
README's year-long files read as written (every sample of a built site:
``tests/hosting/test_header_samples.py``)."""

from __future__ import annotations

import pytest
from support.header_table import (
    BOOK_MARK_COOKIE,
    CONTENT_SECURITY_POLICY,
    NO_STORE,
    cells,
    readme_book_mark,
    readme_immutable,
    readme_rows,
)

import site_server
from build_scripts.core import csp


def test_the_policy_is_the_readmes_and_the_builds() -> None:
    first = readme_rows()[0]
    assert first[0] == "every response, 404 included"
    assert f"Content-Security-Policy: {CONTENT_SECURITY_POLICY}" in cells(first[1])
    assert csp.CONTENT_SECURITY_POLICY == CONTENT_SECURITY_POLICY, "the build writes another policy"


def test_the_book_mark_is_the_readmes_and_the_project_servers() -> None:
    assert readme_book_mark() == (NO_STORE, BOOK_MARK_COOKIE)
    assert site_server.BOOK_MARK_COOKIE == BOOK_MARK_COOKIE
    assert site_server.cache_control(site_server.BOOK_MARK_PATH) == NO_STORE


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
