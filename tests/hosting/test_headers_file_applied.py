"""deploy/_headers as the hosts that read one apply it, over every file of the built site: each
kind gets the README's headers, and each file the cache the project's server gives it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.header_table import CONTENT_SECURITY_POLICY, IMMUTABLE, REVALIDATE, samples

from harness.project import ROOT
from site_server import cache_control

Rules = list[tuple[str, list[tuple[str, str]]]]


def parse(text: str) -> Rules:
    """Rules as the hosts read them: a path line, then its indented ``Name: value`` lines."""
    rules: Rules = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            assert line.startswith("/"), f"_headers:{number}: a rule starts with a path: {line!r}"
            rules.append((line.strip(), []))
            continue
        name, sep, value = line.strip().partition(":")
        assert sep, f"_headers:{number}: a header is 'Name: value': {line!r}"
        assert rules, f"_headers:{number}: a header before any path"
        rules[-1][1].append((name.strip(), value.strip()))
    return rules


def applied(rules: Rules, path: str) -> dict[str, list[str]]:
    """Every header a request for ``path`` gets: all matching rules, joined (``*`` matches anything)."""
    out: dict[str, list[str]] = {}
    for pattern, headers in rules:
        regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
        if re.match(regex, path):
            for name, value in headers:
                out.setdefault(name.lower(), []).append(value)
    return out


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
        if expected.cache == IMMUTABLE:
            assert headers["cache-control"] == [IMMUTABLE], expected.kind
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
