"""The installable app: a valid web app manifest with its icons, linked from every page, and
Chrome's own installability check passes."""

from __future__ import annotations

import json
import re
import struct
import tempfile
import urllib.request

import pytest
from playwright.sync_api import Page, Playwright, expect
from support import PHONE
from support.browser import ANSWER_TIMEOUT

from harness.chromium import CHROMIUM, TEST_CHROMIUM_ARGS
from harness.project import PAGE_URLS


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


def test_the_site_installs_like_an_app(playwright: Playwright, site_url: str) -> None:
    # Chrome's own installability check (incognito contexts never install: a real profile).
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=TEST_CHROMIUM_ARGS,
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            service_workers="allow",
        )
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ANSWER_TIMEOUT)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"] == site_url + "manifest.webmanifest"
        context.close()


@pytest.mark.parametrize("path", PAGE_URLS)
def test_every_page_links_the_manifest(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    href = page.locator("link[rel=manifest]").get_attribute("href") or ""
    assert page.evaluate("href => new URL(href, location.href).href", href) == site_url + "manifest.webmanifest"
    expect(page.locator("meta[name=theme-color]")).to_have_count(1)  # the theme's own, from the palette
