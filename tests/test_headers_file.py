"""The ``_headers`` file for hosts that read one (Netlify, Cloudflare Pages), parsed as they parse
it and checked against the README's header table: the build writes it into ``site/``, every
path gets the policy and ``nosniff``, and exactly the files the table caches for a year get
that Cache-Control (the rest keep the host's revalidating default)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from header_table import CONTENT_SECURITY_POLICY, IMMUTABLE, REVALIDATE, samples

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


def test_the_file_holds_the_policy_for_every_path_and_a_year_for_the_pinned_folders_only() -> None:
    rules = parse((ROOT / "deploy" / "_headers").read_text("utf-8"))
    assert [path for path, _ in rules] == [
        "/*",
        "/assets/pyodide/*",
        "/assets/py/calculators-*",
        "/assets/stylesheets/*",
        "/assets/javascripts/bundle.*",
        "/assets/javascripts/workers/search.*",
        "/pagefind/index/*",
        "/pagefind/fragment/*",
        "/pagefind/pagefind.*.pf_meta",
    ]
    assert dict(rules[0][1]) == {
        "Content-Security-Policy": CONTENT_SECURITY_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    assert all(headers == [("Cache-Control", IMMUTABLE)] for _, headers in rules[1:])


def test_the_hosts_reading_refuses_a_rule_with_no_path_or_a_header_without_a_colon() -> None:
    # The reading above is strict, as the hosts are: a malformed file fails it, never passes.
    with pytest.raises(AssertionError, match="starts with a path"):
        parse("assets/*\n  Cache-Control: no-cache\n")
    with pytest.raises(AssertionError, match="'Name: value'"):
        parse("/*\n  nosniff\n")
