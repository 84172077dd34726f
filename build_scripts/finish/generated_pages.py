"""Every page the site generator wrote, finished in place: read from ``site/``, not from a hook.

The finish stage reads only the built HTML (so it serves any generator that writes pages
as ``<url>/index.html`` and a ``404.html``): each page the generator wrote is found on disk,
finished by :func:`build_scripts.finish.finish_page.finish_page`, and written back. The
site's own folders (``assets/``, the cards under ``r/``) hold no generator page.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from build_scripts.finish.finish_page import finish_page, page_root

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
    site_dir: Path,
    *,
    site_root: str,
    modules: Sequence[str],
    runtime: Mapping[str, str] | None,
    calculator_pages: Collection[str],
    feed: str = "",
    site_name: str = "",
    calculators_page: str = "",
    not_found: str = "",
    site_url: str = "",
) -> dict[str, str]:
    """Finish every page and the 404 page in place; return the scripts moved out of them.

    Args:
        site_dir: The built site.
        site_root: The site's absolute path (``/`` or ``/rules/``), from which the 404 page links.
        modules: The page scripts' module graph, preloaded on every page.
        runtime: The Python runtime's identity, for the pages with calculators.
        calculator_pages: The URLs of the pages with calculators.
        feed: The changes' Atom feed, from the site root ("": none), named in every page's head.
        site_name: The site's name, in the feed's title.
        calculators_page: The calculators' page, from the site root ("": none), in every page's header.
        not_found: What the 404 page says instead of the theme's "404 - Not found" ("": the theme's words).
        site_url: The site's address, which each printed sheet's foot names.
    """
    moved: dict[str, str] = {}
    for path, url in generated_pages(site_dir):
        html, out = finish_page(
            path.read_text("utf-8"),
            page_url=url,
            root=page_root(url),
            modules=modules,
            runtime=runtime if url in calculator_pages else None,
            feed=feed,
            site_name=site_name,
            site_root=site_root,
            calculators=calculators_page,
            site_url=site_url,
        )
        path.write_text(html, "utf-8")
        moved.update(out)
    missing = site_dir / "404.html"
    if missing.exists():
        html, out = finish_page(
            not_found_words(missing.read_text("utf-8"), not_found),
            page_url="",
            root=site_root,
            modules=modules,
            absolute=True,
            feed=feed,
            site_name=site_name,
            site_root=site_root,
            calculators=calculators_page,
        )
        missing.write_text(html, "utf-8")
        moved.update(out)
    return moved
