"""The work after MkDocs has written the site, one step per function, in order.

1. :func:`write_moved_files`: the theme's inline scripts and its stylesheets' ``data:``
   icons as files (the CSP allows neither inline), and the ``_headers`` file for hosts
   that read one;
2. :func:`build_scripts.runtime.assets.write_runtime`: Pyodide, the calculators archive,
   the answers' schema and the manifest of where each calculator is placed; and
   :func:`build_scripts.finish.vendor_modules.write_vendor_modules`: page modules from npm;
   :func:`build_scripts.finish.classic.write_classic_scripts`: page modules bundled as
   classic scripts (the rules as of a date, before the first paint); and
   :func:`build_scripts.finish.first_answers.write_first_answers`: each calculator's answer
   for its form as the page comes, rendered into the page (painted as it stays);
3. :func:`build_scripts.finish.search.write_search`: the search, one record per rule, read
   from the built pages (Pagefind's index, the words for "Did you mean");
4. :func:`build_scripts.cards.card_pages.write_cards`: a card (page and image) for every rule;
   and :func:`build_scripts.finish.print.book.write_print_book`: the book to print (PDF);
5. :func:`build_scripts.finish.service_worker.write_service_worker`: ``sw.js``, precaching it all
   but the cards of live rules (it answers their addresses itself) and their images;
6. :func:`build_scripts.finish.precompress.precompress_site`: brotli and gzip copies.

Nothing here imports MkDocs; the plugin's ``on_post_build`` calls :func:`finish_site`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_scripts.cards.card_pages import CardsWritten, write_cards
from build_scripts.core.csp import externalize_data_svgs
from build_scripts.core.stage_timer import StageTimer
from build_scripts.finish.classic import write_classic_scripts
from build_scripts.finish.first_answers import write_first_answers
from build_scripts.finish.precompress import Compressed, precompress_site
from build_scripts.finish.print.book import PrintWritten, drop_print_link, write_print_book
from build_scripts.finish.search import SearchWritten, write_search
from build_scripts.finish.service_worker import Precache, write_service_worker
from build_scripts.finish.vendor_modules import write_vendor_modules
from build_scripts.runtime.assets import Runtime, write_runtime

if TYPE_CHECKING:
    from build_scripts.finish.stage import FinishState

__all__ = ["Finished", "finish_site", "write_moved_files"]


@dataclass(frozen=True)
class Finished:
    """What finishing the site did, for the build's log."""

    manifest: dict[str, Any]
    precache: Precache | None
    compressed: list[Compressed]
    cards: CardsWritten | None = None
    search: SearchWritten | None = None
    #: Each step's wall time in seconds, in order.
    seconds: dict[str, float] = field(default_factory=dict)
    printed: PrintWritten | None = None

    def summary(self, build_id: str) -> list[str]:
        """What finishing did, in the build log's lines."""
        lines = []
        if self.cards:
            lines.append(
                f"rule cards: {self.cards.count} ({self.cards.drawn} images drawn, the rest from the cache): "
                f"{self.cards.html_bytes / 1e3:.0f} KB of pages, {self.cards.image_bytes / 1e6:.1f} MB of images"
            )
        if self.search:
            lines.append(f"search: {self.search.records} rules, {self.search.files} files of Pagefind's index")
        if self.printed:
            size = sum(self.printed.files.values()) / 1e6
            lines.append(
                f"print: {len(self.printed.files)} PDF ({size:.1f} MB), {self.printed.typeset} typeset now, "
                "the rest from the cache"
            )
        pyodide, archive = self.manifest["pyodide"], self.manifest["calculators"]
        lines.append(f"calculators: Pyodide {pyodide} and {archive} copied into the site")
        if self.precache:
            p = self.precache
            lines.append(f"service worker: build {build_id} precaches {p.count} files ({p.size / 1e6:.1f} MB)")
            if p.book_count:
                lines.append(
                    f"service worker: the whole book adds {p.book_count} file{'' if p.book_count == 1 else 's'} "
                    f"({p.book_size / 1e6:.1f} MB) on request"
                )
        if self.compressed:
            raw = sum(c.raw for c in self.compressed) / 1e6
            br = sum(c.br or c.raw for c in self.compressed) / 1e6
            lines.append(f"precompressed {len(self.compressed)} files: {raw:.1f} MB raw, {br:.1f} MB as brotli")
        return lines


def write_moved_files(site_dir: Path, moved: Mapping[str, str], *, host_headers: Path | None = None) -> None:
    """Write the moved inline scripts, the stylesheets' icons as files, and the hosts' ``_headers``.

    ``host_headers`` (``deploy/_headers``) is copied into the site's root.
    """
    files = dict(moved)
    if host_headers is not None:
        files["_headers"] = host_headers.read_text("utf-8")
    for css_path in sorted((site_dir / "assets" / "stylesheets").glob("*.css")):
        css_dir = css_path.parent.relative_to(site_dir).as_posix()
        css, icons = externalize_data_svgs(css_path.read_text("utf-8"), css_dir=css_dir)
        css_path.write_text(css, "utf-8")
        files.update(icons)
    for name, text in files.items():
        (site_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / name).write_text(text, "utf-8")


def finish_site(
    site_dir: Path, state: FinishState, *, project: Path, runtime: Runtime, moved: Mapping[str, str]
) -> Finished:
    """Every step after the generator's pages are finished, in order (see the module's docstring).

    Args:
        site_dir: The built site.
        state: What the pages' step knew (:class:`~build_scripts.finish.stage.FinishState`).
        project: The project folder (Node and Workbox run there; its cache and ``_headers``).
        runtime: The browser runtime to copy in.
        moved: Scripts moved out of the pages (path from the site root → code).

    Raises:
        RulebookError: when the service worker cannot be written.
    """
    site, options, pages, cards, parts = state.site, state.options, state.pages, state.cards, state.print_parts
    cache_dir = project / options.cache_dir
    host_headers = project / options.host_headers if options.host_headers else None
    timer = StageTimer()
    with timer.stage("finish: moved scripts"):
        write_moved_files(site_dir, moved, host_headers=host_headers)
    with timer.stage("finish: runtime"):
        manifest = write_runtime(site_dir=site_dir, runtime=runtime, places=pages.places)
        write_vendor_modules(site_dir, project)
        write_classic_scripts(site_dir, project)
    with timer.stage("finish: first answers"):
        tables = {url: page.table for url, page in pages.rulebook.items() if page.table is not None}
        write_first_answers(site_dir, project, pages.places, tables)
    with timer.stage("finish: search"):
        search = write_search(site_dir, project_dir=project, question_words=pages.question_words)
    with timer.stage("finish: cards"):
        written = (
            write_cards(
                site_dir,
                cards,
                site_url=site.url,
                site_name=site.name,
                cache_dir=cache_dir / "cards",
                images=options.card_images,
            )
            if cards
            else None
        )
    with timer.stage("finish: print"):
        printed = None
        if parts:
            last_changes = {url: page.last_change for url, page in pages.rulebook.items()}
            printed = write_print_book(
                site_dir,
                parts,
                site_url=site.url,
                site_name=site.name,
                cache_dir=cache_dir / "print",
                last_changes=last_changes,
            )
        else:
            drop_print_link(site_dir)
    kept = [f"{card.path}index.html" for card in cards if card.status == "gone"]
    book = [f"{url}**" for url in pages.book_pages] + [part.file for part in parts]
    with timer.stage("finish: service worker"):
        precache = (
            write_service_worker(
                site_dir, site.build_id, project_dir=project, extra=kept, book=book, never=pages.unkept
            )
            if options.service_worker
            else None
        )
    with timer.stage("finish: precompress"):
        compressed = precompress_site(site_dir, cache=cache_dir / "compressed") if options.precompress else []
    return Finished(manifest, precache, compressed, written, search, timer.seconds, printed)
