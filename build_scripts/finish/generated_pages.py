"""Every page the site generator wrote, finished in place: read from ``site/``, not from a hook.

The finish stage reads only the built HTML (so it serves any generator that writes pages
as ``<url>/index.html`` and a ``404.html``): each page the generator wrote is found on disk,
finished by :func:`build_scripts.finish.finish_page.finish_page`, and written back. The
site's own folders (``assets/``, the cards under ``r/``) hold no generator page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from build_scripts.finish.finish_page import finish_page

if TYPE_CHECKING:
    from build_scripts.finish.stage import PagesState, SiteState

__all__ = ["NOT_PAGES", "finish_generated_pages", "generated_pages", "not_found_words"]

#: Folders of the site whose HTML the generator did not write.
NOT_PAGES = ("assets", "r", "pagefind")


def generated_pages(site_dir: Path) -> list[tuple[Path, str]]:
    """Each page the generator wrote, with its URL from the site root (``buildings/``; ``""`` for home), by URL."""
    found = []
    for path in site_dir.rglob("index.html"):
        parts = path.relative_to(site_dir).parts
        if parts[0] in NOT_PAGES:
            continue
        found.append((path, "".join(f"{part}/" for part in parts[:-1])))
    return sorted(found, key=lambda found: found[1])


#: What the theme's 404 page says; the site's own words replace it.
_THEME_NOT_FOUND = re.compile(r"<h1>\s*404\s*-\s*Not found\s*</h1>")


def not_found_words(html: str, words: str) -> str:
    """The 404 page with the site's words (``words``) in place of the theme's "404 - Not found".

    Raises:
        ValueError: when the page does not say "404 - Not found" where the words go.
    """
    if not words:
        return html
    found = _THEME_NOT_FOUND.search(html)
    if found is None:
        raise ValueError("the 404 page does not say '404 - Not found' where the site's words go")
    return html[: found.start()] + words + html[found.end() :]


def finish_generated_pages(
    site_dir: Path, site: SiteState, pages: PagesState, *, runtime: Mapping[str, str] | None
) -> dict[str, str]:
    """Finish every page and the 404 page in place; return the scripts moved out of them.

    ``runtime``: the Python runtime's identity, for the pages with calculators
    (``pages.calculator_pages``). The 404 page says ``pages.not_found`` instead of the
    theme's "404 - Not found" (when it says anything).
    """
    moved: dict[str, str] = {}
    with_calculators = set(pages.calculator_pages)
    for path, url in generated_pages(site_dir):
        html, out = finish_page(
            path.read_text("utf-8"),
            page_url=url,
            site=site,
            pages=pages,
            runtime=runtime if url in with_calculators else None,
        )
        path.write_text(html, "utf-8")
        moved.update(out)
    missing = site_dir / "404.html"
    if missing.exists():
        html, out = finish_page(
            not_found_words(missing.read_text("utf-8"), pages.not_found),
            page_url="",
            site=site,
            pages=pages,
            not_found=True,
        )
        missing.write_text(html, "utf-8")
        moved.update(out)
    return moved
