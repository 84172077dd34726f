"""Render the app icons (PNG) from docs/assets/icons/icon.svg in Debian's Chromium.

Not a build step: the PNGs are committed source assets. Run ``make icons`` after
changing the SVG. Writes icon-192.png, icon-512.png and icon-maskable-512.png (the
same drawing inside the maskable safe zone, on a full-bleed background).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "docs" / "assets" / "icons"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
BACKGROUND = "#795548"


def page_html(svg: str, size: int, *, maskable: bool) -> str:
    """A page that draws the icon at ``size`` pixels (maskable: at 70 % on the background)."""
    inner = round(size * 0.7) if maskable else size
    drawing = svg.replace("<svg ", '<svg width="100%" height="100%" ', 1)
    background = BACKGROUND if maskable else "transparent"
    return (
        f"<html><body style='margin:0;width:{size}px;height:{size}px;display:grid;place-items:center;"
        f"background:{background}'><div style='width:{inner}px;height:{inner}px'>{drawing}</div></body></html>"
    )


def main() -> int:
    """Write the three PNGs."""
    svg = (ICONS / "icon.svg").read_text("utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        sizes = (("icon-192", 192, False), ("icon-512", 512, False), ("icon-maskable-512", 512, True))
        for name, size, maskable in sizes:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable=maskable))
            page.screenshot(path=str(ICONS / f"{name}.png"), omit_background=not maskable)
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
