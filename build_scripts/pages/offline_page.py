"""The page "Not on this phone yet".

The service worker sends a phone there when it is offline and asks for a page of the book
it has not kept (``offline/?from=…``).
"""

from __future__ import annotations

from build_scripts.core.templates import environment
from build_scripts.pages.page_kinds import OfflinePage

__all__ = ["OFFLINE_PAGE", "render_offline_page"]

#: The page's name (its URL is ``offline/``; the service worker's ``NOT_HERE``).
OFFLINE_PAGE = "offline"


def render_offline_page() -> OfflinePage:
    """The page's Markdown (not in the navigation; found only by the service worker's redirect)."""
    return OfflinePage(environment(html=False).get_template("offline.md.j2").render())
