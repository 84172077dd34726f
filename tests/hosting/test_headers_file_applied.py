"""deploy/_headers as the hosts that read one apply it, over every file of the built site: each
kind gets the README's headers, and each file the cache the project's server gives it."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.header_table import CONTENT_SECURITY_POLICY, IMMUTABLE, NO_STORE, REVALIDATE, samples
from support.headers_file import Rules, applied, parse

from harness.project import ROOT
from site_server import cache_control


@pytest.fixture(scope="module")
def rules(built_site: Path) -> Rules:
    shipped = built_site / "_headers"
    assert shipped.read_bytes() == (ROOT / "deploy" / "_headers").read_bytes(), "the build copies deploy/_headers"
    return parse(shipped.read_text("utf-8"))


def test_every_kind_in_the_table_gets_its_headers(rules: Rules, built_site: Path) -> None:
    for expected in samples(built_site):
        headers = applied(rules, "/" + expected.path)
        assert headers["content-security-policy"] == [CONTENT_SECURITY_POLICY], expected.kind
        assert headers["x-content-type-options"] == ["nosniff"], expected.kind
        if expected.status == 404:
            # These hosts match rules by path, so a missing file under a pinned folder gets that
            # folder's year; for a folder named by its version, missing stays missing.
            continue
        assert headers.get("set-cookie") == ([expected.cookie] if expected.cookie else None), expected.kind
        origin = headers.get("access-control-allow-origin")
        assert origin == ([expected.allow_origin] if expected.allow_origin else None), expected.kind
        if expected.cache in (IMMUTABLE, NO_STORE):
            assert headers["cache-control"] == [expected.cache], expected.kind
        else:
            assert expected.cache == REVALIDATE
            assert "cache-control" not in headers, f"{expected.kind}: the host's revalidating default applies"


def test_every_file_of_the_site_is_cached_as_the_projects_server_caches_it(rules: Rules, built_site: Path) -> None:
    files = [p for p in built_site.rglob("*") if p.is_file() and p.suffix not in {".br", ".gz"}]
    assert len(files) > 50
    for file in files:
        path = "/" + file.relative_to(built_site).as_posix()
        cache = applied(rules, path).get("cache-control", [REVALIDATE])
        assert cache == [cache_control(path)], path
