"""What every page's ``<head>`` gets from the build: the security policy and the app's tags.

The Content-Security-Policy meta goes first, before any script. The web app manifest
and the home-screen icon make the site installable ("Add to Home Screen" opens the rules
offline like an app); the theme writes the theme colour itself.
"""

from __future__ import annotations

import re

from markupsafe import escape

from build_scripts.csp import CONTENT_SECURITY_POLICY

__all__ = ["MANIFEST", "add_head_tags"]

#: The web app manifest, from the site root.
MANIFEST = "manifest.webmanifest"
_HEAD = re.compile(r"<head[^>]*>")


def add_head_tags(html: str, root: str) -> str:
    """Put the policy first in ``<head>``, then the app's tags, with links relative to ``root``.

    Args:
        html: The page.
        root: The site root as the page's links reach it (``../`` from ``buildings/``,
            ``/`` for the 404 page, which is served at any path).

    Raises:
        ValueError: when the page has no ``<head>``.
    """
    head = _HEAD.search(html)
    if head is None:
        raise ValueError("page has no <head>")
    href = escape(root)
    tags = (  # the policy's quotes stay as written: it is the build's own constant
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        f'<link rel="manifest" href="{href}{MANIFEST}">'
        f'<link rel="apple-touch-icon" href="{href}assets/icons/icon-192.png">'
    )
    return html[: head.end()] + tags + html[head.end() :]
