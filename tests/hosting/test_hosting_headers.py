"""The README's header table, through every host it names: the project's server, and real
nginx and Caddy with the repo's own configuration files (``deploy/``), over HTTPS.

For each kind of file: the status, the exact Content-Type, the Cache-Control (a year and
``immutable`` for content-hashed and version-pinned files, ``no-cache`` for the rest and
for every 404), the CSP and ``nosniff`` on every response, the body byte for byte, and the
build's ``.br``/``.gz`` twin sent with its Content-Encoding and one ``Vary: Accept-Encoding``.
"""

from __future__ import annotations

import gzip
import http.client
import ssl
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from pathlib import Path

import brotli
import pytest
from support.header_table import CONTENT_SECURITY_POLICY, samples
from support.hosts import Host, HostError, start_nginx

HOSTS = ["project server", "nginx", "caddy"]
KINDS = [
    "home page",
    "rule page",
    "stylesheet, content-hashed",
    "stylesheet",
    "script, content-hashed",
    "module script",
    "module script, version-pinned",
    "service worker",
    "WebAssembly, version-pinned",
    "JSON",
    "JSON, the theme's search settings",
    "the search's script",
    "the search's entry",
    "the search's metadata, content-hashed",
    "the search's WebAssembly",
    "a chunk of the search's index",
    "a fragment of the search's index",
    "web app manifest",
    "SVG",
    "PNG",
    "rule card (what link unfurlers read)",
    "rule card's image",
    "zip, content-hashed",
    "zip, version-pinned",
    "the rules as data: the book",
    "the rules as data: every rule",
    "the mark of a kept book",
    "missing path",
    "missing file in a pinned folder",
]
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def base_url(request: pytest.FixtureRequest, host: str) -> tuple[str, ssl.SSLContext | None]:
    """Where ``host`` serves the built site, and the TLS context that trusts its certificate."""
    if host == "project server":
        return str(request.getfixturevalue("site_url")), None
    running: Host = request.getfixturevalue(f"{host}_host")
    return running.tls_url, ssl.create_default_context(cafile=running.workdir / "cert.pem")


def fetch(url: str, *, context: ssl.SSLContext | None, encoding: str | None = None) -> tuple[int, Message, bytes]:
    headers = {"Accept-Encoding": encoding} if encoding else {}
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, context=context) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_table_names_every_kind_once(built_site: Path) -> None:
    assert [s.kind for s in samples(built_site)] == KINDS


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("host", HOSTS)
def test_each_kind_of_file_is_sent_with_the_tables_headers(
    request: pytest.FixtureRequest, built_site: Path, host: str, kind: str
) -> None:
    expected = {s.kind: s for s in samples(built_site)}[kind]
    url, context = base_url(request, host)
    status, headers, body = fetch(url + expected.path, context=context)
    assert status == expected.status
    assert headers.get_all("Content-Type") == [expected.content_type]
    assert headers.get_all("Cache-Control") == [expected.cache]
    assert headers.get_all("Content-Security-Policy") == [CONTENT_SECURITY_POLICY]
    assert headers.get_all("X-Content-Type-Options") == ["nosniff"]
    assert headers.get_all("Set-Cookie") == ([expected.cookie] if expected.cookie else None)
    origin = headers.get_all("Access-Control-Allow-Origin")
    assert origin == ([expected.allow_origin] if expected.allow_origin else None)
    assert headers.get("Content-Encoding") is None  # the browser asked for none
    assert body == expected.source(built_site).read_bytes()


@pytest.mark.parametrize("encoding", ["br", "gzip"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("host", HOSTS)
def test_a_precompressed_twin_is_sent_with_its_encoding_and_vary(
    request: pytest.FixtureRequest, built_site: Path, host: str, kind: str, encoding: str
) -> None:
    expected = {s.kind: s for s in samples(built_site)}[kind]
    suffix = ".br" if encoding == "br" else ".gz"
    url, context = base_url(request, host)
    status, headers, body = fetch(url + expected.path, context=context, encoding=encoding)
    assert status == expected.status
    assert headers.get_all("Content-Type") == [expected.content_type]
    if not expected.twin(built_site, suffix):
        assert headers.get("Content-Encoding") in (None, encoding)  # a host may compress small files itself
        body = DECODE[encoding](body) if headers.get("Content-Encoding") else body
    else:
        assert headers.get_all("Content-Encoding") == [encoding]
        assert headers.get_all("Vary") == ["Accept-Encoding"]
        twin = expected.source(built_site).with_name(expected.source(built_site).name + suffix)
        assert body == twin.read_bytes()  # the build's own twin, not one made on the fly
        body = DECODE[encoding](body)
    assert body == expected.source(built_site).read_bytes()


def test_the_site_has_twins_for_the_large_files(built_site: Path) -> None:
    twinned = {s.kind for s in samples(built_site) if s.twin(built_site, ".br") and s.twin(built_site, ".gz")}
    assert {"rule page", "WebAssembly, version-pinned", "zip, version-pinned", "the search's script"} <= twinned


@pytest.mark.parametrize("host", ["nginx", "caddy"])
def test_plain_http_is_sent_to_https(request: pytest.FixtureRequest, host: str) -> None:
    running: Host = request.getfixturevalue(f"{host}_host")
    address = urllib.parse.urlsplit(running.redirect_url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=10)
    try:
        connection.request("GET", "/buildings/?calc=hit-split")
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    assert response.status in (301, 308)
    location = response.headers["Location"]
    assert location.startswith("https://127.0.0.1")
    assert location.endswith("/buildings/?calc=hit-split")


@pytest.mark.parametrize("host", ["nginx", "caddy"])
def test_https_speaks_http2_as_a_real_host_does(request: pytest.FixtureRequest, host: str) -> None:
    running: Host = request.getfixturevalue(f"{host}_host")
    done = subprocess.run(
        ["curl", "--silent", "--show-error", "--http2", "--cacert", str(running.workdir / "cert.pem"),
         "--header", "Accept-Encoding: br", "--output", "/dev/null", "--dump-header", "-",
         running.tls_url + "buildings/"],
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0].strip() == "HTTP/2 200"
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if ":" in line)}
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-encoding"] == "br"
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_the_old_readme_recipes_mistakes_fail_the_tests(built_site: Path, tmp_path: Path) -> None:
    """The two ways the README's old nginx block broke: a regular expression holding {…} left
    unquoted (nginx refuses to start, and the tests show its message), and a types { }
    block in server, which replaces nginx's whole MIME map (pages go out as the default type)."""
    unquoted = tmp_path / "unquoted"
    with pytest.raises(HostError, match=r"\[emerg\] .* in .*scrollhammer\.conf:\d+"):
        start_nginx(built_site, unquoted, edit=lambda text: text.replace('"~\\.[0-9a-f]{8,}', "~\\.[0-9a-f]{8,}"))

    def types_in_server(text: str) -> str:
        return text.replace("    root ", "    types { application/wasm wasm; text/javascript mjs; }\n    root ", 1)

    host = start_nginx(built_site, tmp_path / "types", edit=types_in_server)
    try:
        context = ssl.create_default_context(cafile=host.workdir / "cert.pem")
        _, headers, _ = fetch(host.tls_url + "buildings/", context=context)
        # Debian's default_type, not text/html: the table's test refuses it, and with nosniff
        # the browser shows no page.
        assert headers["Content-Type"] == "application/octet-stream"
    finally:
        host.stop()
