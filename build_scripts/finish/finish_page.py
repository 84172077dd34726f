"""What the build does to every page's HTML after the theme has written it.

The theme's inline scripts move into files (the CSP allows no inline script), the
``<head>`` gets the policy and the app's tags (:mod:`build_scripts.finish.head`), the Back guard
goes right before the theme's bundle, and the theme's unnamed parts get accessible names.
One function for the site's pages and the 404 page alike.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence

from markupsafe import escape

from build_scripts.core.csp import externalize_inline_scripts
from build_scripts.finish.head import add_head_tags

__all__ = ["BACK_GUARD", "finish_page", "page_root"]

#: A classic script that must run before the theme's bundle adds its popstate listener
#: (see its header); just before the bundle, it keeps out of the first paint's way.
BACK_GUARD = "assets/js/back-guard.js"
#: Starts Material's search worker when the search is wanted (see the script).
SEARCH_LATER = "assets/js/search-later.js"
_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')


def page_root(page_url: str) -> str:
    """The site root as a page's relative links reach it (``../`` from ``buildings/``, ``./`` from home)."""
    return posixpath.relpath(".", page_url.rstrip("/") or ".") + "/" if page_url else "./"


def finish_page(
    html: str,
    *,
    page_url: str,
    root: str,
    modules: Sequence[str],
    runtime: Mapping[str, str] | None = None,
    absolute: bool = False,
    feed: str = "",
    site_name: str = "",
) -> tuple[str, dict[str, str]]:
    """The finished page, and the scripts moved out of it (path from the site root → code).

    Args:
        html: The page as the theme wrote it.
        page_url: Its URL from the site root (``buildings/``; ``""`` for home and the 404 page).
        root: The site root as its links reach it (:func:`page_root`, or the site's
            absolute path for the 404 page, which is served at any path).
        modules: The page scripts' module graph, preloaded.
        runtime: On a page with calculators, the Python runtime's identity.
        absolute: Link the moved scripts from ``root`` (the 404 page) instead of relatively.
        feed: The changes' Atom feed, from the site root ("": none), named in the head.
        site_name: The site's name, in the feed's title.
    """
    out, moved = externalize_inline_scripts(html, page_url, root=root if absolute else None)
    out = _guard_back(out, root)
    head = add_head_tags(_name_theme_parts(out), root, modules=modules, runtime=runtime, feed=feed, site_name=site_name)
    return head, moved


def _guard_back(html: str, root: str) -> str:
    """Put the Back guard and the search's late start right before the theme's bundle.

    Raises:
        ValueError: when the page has no theme bundle to put it before.
    """
    bundle = _BUNDLE.search(html)
    if bundle is None:
        raise ValueError("page has no theme bundle script")
    guard = "".join(f'<script src="{escape(root)}{script}"></script>' for script in (BACK_GUARD, SEARCH_LATER))
    return html[: bundle.start()] + guard + html[bundle.start() :]


def _name_theme_parts(html: str) -> str:
    """Give the theme's unnamed parts accessible names: the loading bar and the search dialog."""
    return html.replace(
        '<div class="md-progress" data-md-component="progress" role="progressbar">',
        '<div class="md-progress" data-md-component="progress" role="progressbar" aria-label="Loading the page">',
    ).replace(
        '<div class="md-search" data-md-component="search" role="dialog">',
        '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search the rules">',
    )
