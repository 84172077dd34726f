"""The printed book: each part's pages read back from the built site, typeset as a PDF.

Each part (:mod:`parts`) is one HTML document (``print_book.html.j2`` and its stylesheet):
a title page naming the date and wiki revision of its words and the site's address, the
contents with their page numbers, then each page's rules (:mod:`print_reader`). WeasyPrint,
a typesetter made for print CSS, makes the PDF: its bookmarks from the headings, its running
heads and page numbers, its internal links, and each "page XX" as the page the rule is on
(``target-counter``). A PDF is kept in the build's cache by a hash of its document, so a part
whose words did not change is not typeset again.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

from markupsafe import Markup

from build_scripts.core.build_cache import BuildCache, Job
from build_scripts.core.errors import RulebookError
from build_scripts.core.templates import TEMPLATES, environment
from build_scripts.finish.book.parts import PrintPart
from build_scripts.finish.book.print_reader import Heading, Link, PrintPage, book_id, print_page
from build_scripts.finish.print_foot import words_date

__all__ = ["PRINT_LINK", "PrintWritten", "book_document", "drop_print_link", "typeset", "write_print_book"]

_CSS = TEMPLATES / "print_book.css"
#: The home page's paragraph that links the printed book (``docs/index.md``).
PRINT_LINK = re.compile(r'<p id="sh-print-book">.*?</p>\s*', re.DOTALL)


@dataclass(frozen=True)
class PrintWritten:
    """What the printed book wrote: each part's file and its bytes, and how many were typeset now."""

    files: dict[str, int]
    typeset: int


@dataclass(frozen=True)
class _Chapter:
    anchor: str
    title: str
    html: Markup
    sections: tuple[Heading, ...]


def _about(day: str, revision: int) -> str:
    if not day:
        return "The rules' words as this build read them."
    return f"The rules' words as of {day}" + (f", wiki revision {revision}." if revision else ".")


def book_document(
    part: PrintPart,
    pages: Sequence[tuple[str, PrintPage]],
    *,
    site_name: str,
    site_url: str,
    build_id: str,
    words_of: tuple[str, int],
    others: Sequence[Mapping[str, str]] = (),
) -> str:
    """The part's HTML document for the typesetter: title page, contents and each page's rules.

    ``pages``: each page's address from the site root and its rules read back;
    ``words_of``: the day its words last changed and the wiki revision that changed them;
    ``others``: the book's other parts (``name``, ``address``), listed on the title page.
    """
    chapters = [
        _Chapter(
            # the page's own anchor: its title's heading, printed first
            next((h.anchor for h in page.headings if h.level == 1), book_id(url, "")),
            page.title,
            Markup(page.html),  # noqa: S704 - read back from the built page, every word escaped by the reader
            tuple(h for h in page.headings if h.level == 2),
        )
        for url, page in pages
    ]
    day, revision = words_of
    return (
        environment()
        .get_template("print_book.html.j2")
        .render(
            title=f"{site_name} — {part.name}" if part.name else site_name,
            site_name=site_name,
            part=part.name,
            about=_about(day, revision),
            day=day,
            site_url=site_url,
            site_host=site_url.split("://", 1)[-1].rstrip("/"),
            build_id=build_id,
            others=others,
            pages=chapters,
            css=Markup(_CSS.read_text("utf-8")),  # noqa: S704 - the committed stylesheet
        )
    )


def _refuse(url: str, *_args: Any, **_kwargs: Any) -> NoReturn:  # noqa: ANN401 - WeasyPrint's fetcher signature
    """The typesetter fetches nothing: the book has no image, font or sheet from elsewhere."""
    raise ValueError(f"the printed book fetches nothing ({url})")


def _weasyprint() -> ModuleType:
    """WeasyPrint, loaded only by a build that prints the book.

    Raises:
        RulebookError: when it cannot load Pango, the system's library it typesets with.
    """
    try:
        import weasyprint  # type: ignore[import-untyped]  # noqa: PLC0415 - only a build that prints needs it
    except OSError as exc:
        raise RulebookError(
            f"print: WeasyPrint cannot load Pango ({exc}); `make fonts` installs it, "
            "or build with SCROLLHAMMER_PRINT_BOOK=false"
        ) from None
    module: ModuleType = weasyprint
    return module


def typeset(document: str) -> bytes:
    """The PDF of a part's document (WeasyPrint; a worker process may run it)."""
    pdf: bytes = _weasyprint().HTML(string=document, url_fetcher=_refuse).write_pdf()
    return pdf


def _entry_name(document: str) -> str:
    version = _weasyprint().__version__
    return hashlib.sha256(f"{version}\0{document}".encode()).hexdigest()[:32] + ".pdf"


def write_print_book(
    site_dir: Path,
    parts: Sequence[PrintPart],
    *,
    site_url: str,
    site_name: str,
    build_id: str,
    cache_dir: Path,
) -> PrintWritten:
    """Typeset every part from the built pages into ``site_dir`` (each part's ``file``).

    Raises:
        RulebookError: naming the page, when a part's page was not built.
    """
    where = {url: part for part in parts for url in part.pages}

    def address(rule: str) -> str:
        return site_url + rule

    documents: dict[str, str] = {}
    for part in parts:

        def place(url: str, fragment: str, part: PrintPart = part) -> Link:
            home = where.get(url)
            if home is None:
                return Link()
            if home is part:
                return Link(anchor=book_id(url, fragment))
            return Link(address=site_url + url + (f"#{fragment}" if fragment else ""), part=home.name or site_name)

        pages, dates = [], []
        for url in part.pages:
            built = site_dir / url / "index.html"
            if not built.is_file():
                raise RulebookError(f"print: {url} is in the printed book but was not built ({built})")
            html = built.read_text("utf-8")
            pages.append((url, print_page(html, page=url, place=place, address=address)))
            dates.append(words_date(html))
        others = [{"name": o.name or site_name, "address": site_url + o.file} for o in parts if o is not part]
        documents[part.file] = book_document(
            part,
            pages,
            site_name=site_name,
            site_url=site_url,
            build_id=build_id,
            words_of=max(dates, default=("", 0)),
            others=others,
        )
    names = {file: _entry_name(document) for file, document in documents.items()}
    made = BuildCache(cache_dir).make_all({names[file]: Job(typeset, documents[file]) for file in documents})
    files = {}
    for file, name in names.items():
        target = site_dir / file
        target.parent.mkdir(parents=True, exist_ok=True)
        made[name].link_to(target)
        files[file] = target.stat().st_size
    return PrintWritten(files, sum(1 for name in names.values() if made[name].made))


def drop_print_link(site_dir: Path) -> None:
    """Take the printed book's link off the home page, for a site built without it."""
    home = site_dir / "index.html"
    if home.is_file():
        html = home.read_text("utf-8")
        home.write_text(PRINT_LINK.sub("", html, count=1), "utf-8")
