"""What the build does to every page's HTML after the theme has written it.

The theme's inline scripts move into files (the CSP allows no inline script), the
``<head>`` gets the policy and the app's tags (:mod:`build_scripts.finish.head`), the Back guard
goes right before the theme's bundle, the theme's unnamed parts get accessible names, and
the header gets the calculators' button (one tap to them from any page). One function for
the site's pages and the 404 page alike.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from markupsafe import escape

from build_scripts.core.csp import externalize_inline_scripts
from build_scripts.finish.head import add_head_tags
from build_scripts.finish.page_data import find_article
from build_scripts.finish.print.foot import add_print_foot

if TYPE_CHECKING:
    from build_scripts.finish.stage import PagesState, SiteState

__all__ = ["AS_OF_EARLY", "AS_OF_FIRST", "BACK_GUARD", "finish_page", "page_root"]

#: A classic script that must run before the theme's bundle adds its popstate listener
#: (see its header); just before the bundle, it keeps out of the first paint's way.
BACK_GUARD = "assets/js/back-guard.js"
#: Starts Material's search worker when the search is wanted (see the script).
SEARCH_LATER = "assets/js/search-later.js"
#: On a rulebook page opened as of a date, holds the rules back until they show their words
#: of then (see the script); just before the article, so it runs before a rule is painted.
AS_OF_EARLY = "assets/js/as-of/early.js"
#: On such a page, puts in the rules' words of then and lets them be painted: a classic script
#: the build bundles (:mod:`build_scripts.finish.classic`), right after the article.
AS_OF_FIRST = "assets/js/as-of/first.js"
_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')
#: The theme's search button in its header; the calculators' button goes before it.
_HEADER_SEARCH = '<label class="md-header__button md-icon" for="__search">'
#: Material Design Icons' "calculator-variant", as the theme draws its header icons (inline).
_CALCULATOR_ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true"><path d="M19 3H5c-1.1 0-2 .9-2 '
    "2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-6 4.1L14.1 6l1.4 1.4L16.9 6 18 7.1l-1.4 1.4L18 9.9 "
    "16.9 11l-1.4-1.4-1.4 1.4L13 9.9l1.4-1.4zm-6.8.6h5v1.5h-5zm5.3 8.3h-2v2H8v-2H6v-1.5h2v-2h1.5v2h2zm6.5 "
    '1.2h-5v-1.5h5zm0-2.4h-5v-1.5h5z"/></svg>'
)


def page_root(page_url: str) -> str:
    """The site root as a page's relative links reach it (``../`` from ``buildings/``, ``./`` from home)."""
    return posixpath.relpath(".", page_url.rstrip("/") or ".") + "/" if page_url else "./"


def finish_page(
    html: str,
    *,
    page_url: str,
    site: SiteState,
    pages: PagesState,
    runtime: Mapping[str, str] | None = None,
    not_found: bool = False,
) -> tuple[str, dict[str, str]]:
    """The finished page, and the scripts moved out of it (path from the site root → code).

    Args:
        html: The page as the theme wrote it.
        page_url: Its URL from the site root (``buildings/``; ``""`` for home and the 404 page).
        site: The site (its name in the feed's title and the sheets' foot; its absolute path,
            where the header's links start, since instant navigation keeps the header of the
            first page opened; its address, which each printed sheet's foot names).
        pages: The site's pages, as the pages' step made them: the module graph preloaded, the
            feed named in the head, the calculators' page in the header, and what it knew of
            this page if it is a rulebook page (the as-of scripts, the sheets' words date).
        runtime: On a page with calculators, the Python runtime's identity.
        not_found: The 404 page, served at any path: its links and moved scripts start at the
            site's absolute path, and it has no printed foot.
    """
    root = site.root if not_found else page_root(page_url)
    out, moved = externalize_inline_scripts(html, page_url, root=root if not_found else None)
    out = _guard_back(out, root)
    rulebook = None if not_found else pages.rulebook.get(page_url)
    if rulebook is not None:
        out = _hold_as_of(out, root)
    if not not_found:
        day, revision = rulebook.last_change if rulebook else ("", 0)
        out = add_print_foot(out, site_name=site.name, address=site.url + page_url, day=day, revision=revision)
    if pages.calculators_page:
        out = _calculators_button(out, site.root + pages.calculators_page)
    out = _search_words(_name_theme_parts(out))
    head = add_head_tags(out, root, modules=pages.modules, runtime=runtime, feed=pages.feed, site_name=site.name)
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


def _hold_as_of(html: str, root: str) -> str:
    """On a rulebook page, the scripts that show its rules as of a date before they are painted.

    The first, before the article, holds the rules back when the page is opened as of a date;
    the second, after it, puts in their words of then and lets them be painted.

    Raises:
        ValueError: when the rulebook page has no article, or one without an end.
    """
    article = find_article(html)
    if article is None:
        raise ValueError("rulebook page has no article")
    if article.end < 0:
        raise ValueError("rulebook page's article has no end")
    start, end = article.start, article.end
    early, first = (f'<script src="{escape(root)}{script}"></script>' for script in (AS_OF_EARLY, AS_OF_FIRST))
    return html[:start] + early + html[start:end] + first + html[end:]


def _calculators_button(html: str, href: str) -> str:
    """The calculators' button in the header, before the search's: from any page a calculator is two taps away.

    Raises:
        ValueError: when the header has no search button to put it beside.
    """
    if _HEADER_SEARCH not in html:
        raise ValueError("page has no header search button")
    button = (
        f'<a class="md-header__button md-icon sh-header-calculators" href="{escape(href)}" '
        f'title="Calculators" aria-label="Calculators">{_CALCULATOR_ICON}</a>'
    )
    return html.replace(_HEADER_SEARCH, button + _HEADER_SEARCH, 1)


#: The theme's words around the search that speak of documents, in the rules' words instead.
SEARCH_WORDS = {
    "search.result.none": "No rule has these words",
    "search.result.one": "Found on 1 page",
    "search.result.other": "Found on # pages",
    "search.result.placeholder": "Type a rule's words, or ask a question",
    "search.result.term.missing": "Not in this rule",
}
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)


def _search_words(html: str) -> str:
    """The theme's search words (its page config's translations, the field's placeholder) in the rules' words.

    A page without the theme's config (another generator's) keeps its own.
    """
    found = _CONFIG.search(html)
    if found is not None:
        config = json.loads(found.group(2))
        config["translations"] = {**config.get("translations", {}), **SEARCH_WORDS}
        html = html[: found.start(2)] + json.dumps(config, ensure_ascii=False) + html[found.end(2) :]
    return html.replace(
        'aria-label="Search" placeholder="Search"', 'aria-label="Search the rules" placeholder="Search the rules"'
    )


def _name_theme_parts(html: str) -> str:
    """Give the theme's unnamed parts accessible names: the loading bar and the search dialog."""
    return html.replace(
        '<div class="md-progress" data-md-component="progress" role="progressbar">',
        '<div class="md-progress" data-md-component="progress" role="progressbar" aria-label="Loading the page">',
    ).replace(
        '<div class="md-search" data-md-component="search" role="dialog">',
        '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search the rules">',
    )
