"""What every page's ``<head>`` gets from the build: the security policy and the app's tags.

The Content-Security-Policy meta goes first, before any script. The web app manifest
and the home-screen icon make the site installable ("Add to Home Screen" opens the rules
offline like an app); the theme writes the theme colour itself. The changes' Atom feed, when
the site has one, is named for feed readers (``rel="alternate"``).

Every page names its whole module graph (``modulepreload``), so the scripts arrive in one
round trip instead of one per level of imports. A page with calculators also names its
Python runtime and, right after, loads a small classic script (async) that, on a visit
after the first (a service worker answers from the device), starts Python before the page
has been read; a small module at the end of the head hands that worker to the engine.

The order is the first paint's: the policy first, then the theme's stylesheets and its
head script as the theme wrote them; after them, at the end of ``<head>``, a preload of
each script that blocks the parser further down the page (so none costs a round trip of
its own when the parser reaches it), and only then the page's modules, at low priority
(they are not needed for the first paint, and on a slow line they took its bandwidth).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from markupsafe import escape

from build_scripts.core.csp import CONTENT_SECURITY_POLICY

__all__ = ["EARLY_START", "EARLY_WORKER", "MANIFEST", "RUNTIME_META", "add_head_tags"]

#: The web app manifest, from the site root.
MANIFEST = "manifest.webmanifest"
#: The module that starts Python early on pages with calculators (see its header).
EARLY_START = "assets/js/calculators/early-start.mjs"
#: The classic script that starts Python from the head on a visit after the first (see its header).
EARLY_WORKER = "assets/js/calculators/early-worker.js"
#: The meta tag naming the runtime (read by ``calculators/engine.mjs``).
RUNTIME_META = "scrollhammer:runtime"
_HEAD = re.compile(r"<head[^>]*>")
_HEAD_END = re.compile(r"</head>")
#: A classic script that blocks the parser (no async, defer or type), by its src.
_BLOCKING = re.compile(r'<script src="([^"]+)"></script>')


def add_head_tags(
    html: str,
    root: str,
    *,
    modules: Sequence[str] = (),
    runtime: Mapping[str, str] | None = None,
    feed: str = "",
    site_name: str = "",
) -> str:
    """Put the policy first in ``<head>``, then the app's tags, with links relative to ``root``.

    Args:
        html: The page.
        root: The site root as the page's links reach it (``../`` from ``buildings/``,
            ``/`` for the 404 page, which is served at any path).
        modules: The page scripts' module graph (paths from the site root), preloaded.
        runtime: On a page with calculators, the Python runtime's identity (see
            ``runtime.assets.Runtime.identity``); the page then starts it early.
        feed: The changes' Atom feed, from the site root ("": none).
        site_name: The site's name, in the feed's title.

    Raises:
        ValueError: when the page has no ``<head>``.
    """
    head = _HEAD.search(html)
    end = _HEAD_END.search(html)
    if head is None or end is None:
        raise ValueError("page has no <head>")
    href = escape(root)
    first = (  # the policy's quotes stay as written: it is the build's own constant
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        f'<link rel="manifest" href="{href}{MANIFEST}">'
        f'<link rel="apple-touch-icon" href="{href}assets/icons/icon-192.png">'
    )
    if feed:
        title = escape(f"{site_name}: what changed in the rules" if site_name else "What changed in the rules")
        first += f'<link rel="alternate" type="application/atom+xml" title="{title}" href="{href}{escape(feed)}">'
    last = ""
    if runtime is not None:
        identity = escape(json.dumps(dict(runtime), sort_keys=True, separators=(",", ":")))
        first += f'<meta name="{RUNTIME_META}" content="{identity}">'
        first += f'<script async src="{href}{escape(EARLY_WORKER)}"></script>'
    body = html[end.end() :]
    for src in dict.fromkeys(_BLOCKING.findall(body)):  # in page order, each once
        low = ' fetchpriority="low"' if "/javascripts/bundle." in src else ""
        last += f'<link rel="preload" as="script" href="{src}"{low}>'
    last += "".join(f'<link rel="modulepreload" href="{href}{escape(path)}" fetchpriority="low">' for path in modules)
    if runtime is not None:
        last += f'<script type="module" async src="{href}{escape(EARLY_START)}"></script>'
    return html[: head.end()] + first + html[head.end() : end.start()] + last + html[end.start() :]
