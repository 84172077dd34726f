"""The finish stage finds the pages the generator wrote on disk, and finishes each once."""

from __future__ import annotations

from pathlib import Path

from support.finish_states import pages_state, site_state

from build_scripts.finish.generated_pages import finish_generated_pages, generated_pages

PAGE = (
    "<!doctype html><html><head><title>t</title></head><body><script>var x = 1;</script>"
    '<script src="assets/javascripts/bundle.0123abcd.min.js"></script></body></html>'
)


def site(tmp_path: Path) -> Path:
    for path in (
        "index.html",
        "buildings/index.html",
        "b/c/index.html",
        "404.html",
        "r/buildings/tremor/index.html",
        "assets/x/index.html",
    ):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(PAGE, "utf-8")
    return tmp_path


def test_the_generators_pages_are_found_by_their_urls_and_the_sites_own_folders_are_not(tmp_path: Path) -> None:
    assert [url for _, url in generated_pages(site(tmp_path))] == ["", "b/c/", "buildings/"]


def test_every_page_and_the_404_page_lose_their_inline_scripts_and_get_the_policy(tmp_path: Path) -> None:
    root = site(tmp_path)
    moved = finish_generated_pages(root, site_state(root="/rules/"), pages_state(), runtime=None)
    assert moved, "the inline scripts were moved into files"
    for path in ("index.html", "buildings/index.html", "b/c/index.html", "404.html"):
        html = (root / path).read_text("utf-8")
        assert "var x = 1;" not in html, path
        assert "Content-Security-Policy" in html, path
    assert "/rules/" in (root / "404.html").read_text("utf-8"), "the 404 page links from the site's absolute root"
    for untouched in ("r/buildings/tremor/index.html", "assets/x/index.html"):
        assert (root / untouched).read_text("utf-8") == PAGE, untouched
