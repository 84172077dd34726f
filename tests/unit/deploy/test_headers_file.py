"""The ``_headers`` file for hosts that read one (Netlify, Cloudflare Pages), parsed as they parse
it: every path gets the policy and ``nosniff``, and exactly the folders the README's table
caches for a year get that Cache-Control, the rules as data their CORS header, and the book's mark its cookie (applied to a built site:
``tests/hosting/test_headers_file_applied.py``)."""

from __future__ import annotations

import pytest
from support.header_table import BOOK_MARK_COOKIE, CONTENT_SECURITY_POLICY, IMMUTABLE
from support.headers_file import parse

from harness.project import ROOT


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
        "/api/*",
        "/book-kept.txt",
    ]
    assert dict(rules[0][1]) == {
        "Content-Security-Policy": CONTENT_SECURITY_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    assert all(headers == [("Cache-Control", IMMUTABLE)] for _, headers in rules[1:-2])
    assert rules[-2][1] == [("Access-Control-Allow-Origin", "*")]
    assert rules[-1][1] == [("Set-Cookie", BOOK_MARK_COOKIE), ("Cache-Control", "no-store")]


def test_the_hosts_reading_refuses_a_rule_with_no_path_or_a_header_without_a_colon() -> None:
    # The reading above is strict, as the hosts are: a malformed file fails it, never passes.
    with pytest.raises(AssertionError, match="starts with a path"):
        parse("assets/*\n  Cache-Control: no-cache\n")
    with pytest.raises(AssertionError, match="'Name: value'"):
        parse("/*\n  nosniff\n")
