"""The site's Content-Security-Policy, and moving inline scripts out of the pages.

The policy allows only the site's own files and WebAssembly compilation; it has no
``'unsafe-inline'`` and no ``'unsafe-eval'``. mkdocs-material writes three small inline
scripts into every page (its storage helpers, the palette and tabbed-content restore);
they are moved, unchanged, into files named by their content hash and loaded in the same
place, so they run in the same order. Its stylesheets draw icons with ``data:`` SVG URLs,
which ``default-src 'self'`` refuses; they become files too.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import urllib.parse

__all__ = ["CONTENT_SECURITY_POLICY", "externalize_data_svgs", "externalize_inline_scripts"]

#: The policy, sent as a header by the server and as a meta tag in every page.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'"
)

_INLINE = re.compile(r"<script>(?P<code>.*?)</script>", re.DOTALL)
_FOLDER = "assets/inline"


def externalize_inline_scripts(html: str, page_url: str, *, root: str | None = None) -> tuple[str, dict[str, str]]:
    """Replace every plain inline ``<script>`` with a ``src`` to a file of its code.

    Args:
        html: The page.
        page_url: The page's URL from the site root (``buildings/``), for relative links.
        root: The site root as an absolute path (``/``), for a page served at any path
            (the 404 page); links are then absolute.

    Returns:
        The page, and file path (from the site root) → code for each script moved.
        Data blocks (``<script type="application/json">``) are left alone.
    """
    files: dict[str, str] = {}

    def move(match: re.Match[str]) -> str:
        code = match.group("code")
        name = f"{_FOLDER}/{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
        files[name] = code
        if root is not None:
            href = root + name
        else:
            href = posixpath.relpath(name, page_url.rstrip("/") or ".") if page_url else name
        # The theme's tabbed-content restore only reads the page: it need not hold up the
        # parser in the middle of the rule text (it ran there inline; a file costs a round trip).
        later = " defer" if "__tabbed_" in code else ""
        return f'<script src="{href}"{later}></script>'

    return _INLINE.sub(move, html), files


_DATA_SVG = re.compile(r"""url\((?P<q>["']?)data:image/svg\+xml(?:;charset=utf-8)?,(?P<svg>.*?)(?P=q)\)""", re.DOTALL)


def externalize_data_svgs(css: str, *, css_dir: str, icons_dir: str = "assets/icons") -> tuple[str, dict[str, str]]:
    """Replace ``url("data:image/svg+xml,…")`` icons in a stylesheet with files.

    The policy's ``default-src 'self'`` does not allow ``data:`` images, and the
    theme's stylesheets draw their icons (chevrons, admonitions) that way.

    Args:
        css: The stylesheet.
        css_dir: The stylesheet's folder from the site root, for relative URLs.
        icons_dir: Where the icon files go, from the site root.

    Returns:
        The stylesheet, and file path (from the site root) → SVG text.
    """
    files: dict[str, str] = {}

    def move(match: re.Match[str]) -> str:
        svg = urllib.parse.unquote(match.group("svg")).replace("\\'", "'").replace('\\"', '"')
        name = f"{icons_dir}/{hashlib.sha256(svg.encode()).hexdigest()[:16]}.svg"
        files[name] = svg
        return f'url("{posixpath.relpath(name, css_dir)}")'

    return _DATA_SVG.sub(move, css), files
