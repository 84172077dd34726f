"""The static server's headers for each kind of asset (what a real host should send)."""

from __future__ import annotations

import gzip
import http.client
import urllib.error
import urllib.request
from pathlib import Path

import brotli
import pytest

from build_scripts.core.csp import CONTENT_SECURITY_POLICY
from site_server import cache_control, content_type, serve

PYODIDE = "assets/pyodide/314.0.7/"


def get(url: str, *, encoding: str | None = None, etag: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url)
    if encoding is not None:
        request.add_header("Accept-Encoding", encoding)
    if etag:
        request.add_header("If-None-Match", etag)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


@pytest.mark.parametrize(
    ("path", "mime", "cache"),
    [
        ("buildings/", "text/html; charset=utf-8", "no-cache"),
        ("sw.js", "text/javascript; charset=utf-8", "no-cache"),
        ("assets/js/calculators/worker.mjs", "text/javascript; charset=utf-8", "no-cache"),
        ("assets/py/manifest.json", "application/json", "no-cache"),
        ("search/search_index.json", "application/json", "no-cache"),
        (PYODIDE + "pyodide.asm.wasm", "application/wasm", "public, max-age=31536000, immutable"),
        (PYODIDE + "pyodide.asm.mjs", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"),
        (PYODIDE + "python_stdlib.zip", "application/zip", "public, max-age=31536000, immutable"),
    ],
)
def test_type_and_caching(site_url: str, path: str, mime: str, cache: str) -> None:
    status, headers, _ = get(site_url + path, encoding="identity")
    assert status == 200
    assert headers["content-type"] == mime
    assert headers["cache-control"] == cache
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert headers["x-content-type-options"] == "nosniff"


def test_hashed_bundles_and_archive_are_immutable(built_site: Path) -> None:
    bundle = next((built_site / "assets/javascripts").glob("bundle.*.min.js")).relative_to(built_site)
    archive = next((built_site / "assets/py").glob("calculators-*.zip")).relative_to(built_site)
    for path in (bundle, archive):
        assert cache_control("/" + path.as_posix()) == "public, max-age=31536000, immutable"
    assert cache_control("/assets/js/main.mjs") == "no-cache"
    assert content_type("x.webmanifest") == "application/manifest+json"


@pytest.mark.parametrize(
    ("accept", "expected"),
    [("br, gzip", "br"), ("gzip, deflate", "gzip"), ("identity", None)],
)
def test_precompressed_copies_are_negotiated(
    site_url: str, built_site: Path, accept: str, expected: str | None
) -> None:
    path = PYODIDE + "pyodide.asm.wasm"
    status, headers, body = get(site_url + path, encoding=accept)
    assert status == 200
    assert headers.get("content-encoding") == expected
    assert headers["vary"] == "Accept-Encoding"
    raw = (built_site / path).read_bytes()
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[expected](body)
    assert decoded == raw
    assert int(headers["content-length"]) == len(body)


def test_etag_revalidation_answers_304(site_url: str) -> None:
    _, headers, _ = get(site_url + "ruins/", encoding="br")
    status, again, body = get(site_url + "ruins/", encoding="br", etag=headers["etag"])
    assert status == 304
    assert body == b""
    assert again["etag"] == headers["etag"]


def test_missing_page_is_a_404_page_not_cached(site_url: str) -> None:
    status, headers, body = get(site_url + "no-such-rule/", encoding="identity")
    assert status == 404
    assert headers["cache-control"] == "no-cache"
    assert b"<html" in body


def test_no_path_outside_the_site(site_url: str) -> None:
    status, _, _ = get(site_url + "..%2f..%2fpyproject.toml", encoding="identity")
    assert status == 404


def test_folder_without_slash_redirects(site_url: str) -> None:
    request = urllib.request.Request(site_url + "ruins")
    opener = urllib.request.build_opener(urllib.request.HTTPRedirectHandler)
    with opener.open(request, timeout=10) as response:  # follows the redirect
        assert response.url.endswith("/ruins/")


def test_a_closed_server_answers_nothing_on_a_connection_the_browser_kept_open(built_site: Path) -> None:
    """A browser keeps a connection open between requests; a test that takes the server away to
    go offline must find nothing answering on it either."""
    server = serve(built_site)
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    try:
        connection.request("GET", "/sitemap.xml")
        first = connection.getresponse()
        assert first.status == 200
        first.read()
        server.shutdown()
        server.server_close()

        def ask_again() -> None:
            connection.request("GET", "/sitemap.xml")
            connection.getresponse()

        with pytest.raises((ConnectionError, http.client.HTTPException)):
            ask_again()
    finally:
        connection.close()
