"""The ``_headers`` file read as the hosts that read one (Netlify, Cloudflare Pages) read it."""

from __future__ import annotations

import re

__all__ = ["Rules", "applied", "parse"]

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
