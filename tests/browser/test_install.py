"""The installable app: a valid web app manifest with its icons, linked from every kind of page, and
Chrome's own installability check passes."""

from __future__ import annotations

import json
import re
import struct
import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.browser import ANSWER_TIMEOUT

from harness.project import PAGE_KINDS


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_valid(site_url: str) -> None:
    with urllib.request.urlopen(site_url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
        manifest = json.load(response)
    assert manifest["name"] == "Scrollhammer Rules"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    assert manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        with urllib.request.urlopen(site_url + icon["src"]) as response:
            width, height = png_size(response.read())
        assert icon["sizes"] == f"{width}x{height}"
        sizes[(icon["purpose"], width)] = icon["src"]
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(sizes)


def test_the_site_installs_like_an_app(returning_context: BrowserContext, site_url: str) -> None:
    # Chrome's own installability check (incognito contexts never install: a returning phone's
    # is a real profile).
    page = returning_context.new_page()
    page.goto(site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
    cdp = returning_context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == site_url + "manifest.webmanifest"


@pytest.mark.parametrize("path", PAGE_KINDS)
def test_every_kind_of_page_links_the_manifest(returning_page: Page, site_url: str, path: str) -> None:
    returning_page.goto(site_url + path)
    href = returning_page.locator("link[rel=manifest]").get_attribute("href") or ""
    assert (
        returning_page.evaluate("href => new URL(href, location.href).href", href) == site_url + "manifest.webmanifest"
    )
    expect(returning_page.locator("meta[name=theme-color]")).to_have_count(1)  # the theme's own, from the palette
