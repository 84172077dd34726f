"""The printed book: each part's pages read back from the built site, typeset as a PDF.

Each part (:mod:`.parts`) is one HTML document (``print/book.html.j2`` and its stylesheet):
a title page naming the date and wiki revision of its words and the site's address, the
contents with their page numbers, then each page's rules (:mod:`.reader`). WeasyPrint,
a typesetter made for print CSS, makes the PDF: its bookmarks from the headings, its running
heads and page numbers, its internal links, and each "page XX" as the page the rule is on
(``target-counter``). A PDF is kept in the build's cache by a hash of what it is made from
(its pages' articles, the book's other parts, the template, the typesetter's version), so a
part whose words did not change is neither read back nor typeset again: at 50 times today's
book an edit typesets one part.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

from markupsafe import Markup

from build_scripts.core.build_cache import BuildCache, Job
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import LastChange
from build_scripts.core.templates import TEMPLATES, environment
from build_scripts.finish.print.parts import PrintPart
from build_scripts.finish.print.reader import Heading, Link, PrintPage, article, book_id, print_page, short_address

__all__ = ["PRINT_LINK", "PrintWritten", "book_document", "drop_print_link", "typeset", "write_print_book"]

_CSS = TEMPLATES / "print/book.css"
_TEMPLATE = TEMPLATES / "print/book.html.j2"


def _templates() -> tuple[str, str]:
    """The part's template and its stylesheet (read each time: ``make dev`` sees an edit)."""
    return _TEMPLATE.read_text("utf-8"), _CSS.read_text("utf-8")


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
        .get_template("print/book.html.j2")
        .render(
            title=f"{site_name} — {part.name}" if part.name else site_name,
            site_name=site_name,
            part=part.name,
            about=_about(day, revision),
            day=day,
            site_url=site_url,
            site_host=short_address(site_url).rstrip("/"),
            others=others,
            pages=chapters,
            css=Markup(_templates()[1]),  # noqa: S704 - the committed stylesheet
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
    """The PDF of a part's document (WeasyPrint)."""
    pdf: bytes = _weasyprint().HTML(string=document, url_fetcher=_refuse).write_pdf()
    return pdf


@dataclass(frozen=True)
class PartSource:
    """Everything one part's PDF is made from; its :meth:`key` names the PDF in the cache.

    ``articles``: each page's address and article; ``homes``: every printed page's address
    and the name of the part that prints it (``""``: the first); ``others``: the other
    parts' names and addresses, for the title page; ``words_of``: when the part's words
    last changed (the newest of its pages' last changes), for the title page.
    """

    part: PrintPart
    articles: tuple[tuple[str, str], ...]
    homes: tuple[tuple[str, str], ...]
    others: tuple[tuple[str, str], ...]
    site_url: str
    site_name: str
    words_of: LastChange

    def key(self) -> str:
        """A hash of the sources, the typesetter's version, the template and the stylesheet."""
        sources = json.dumps([asdict(self), _weasyprint().__version__, *_templates()])
        return hashlib.sha256(sources.encode()).hexdigest()[:32]

    def document(self) -> str:
        """The part's HTML document: its pages read back, its title page and contents."""
        homes = dict(self.homes)
        site_url, name = self.site_url, self.part.name

        def place(url: str, fragment: str) -> Link:
            if url not in homes:
                return Link()
            if homes[url] == name:
                return Link(anchor=book_id(url, fragment))
            there = site_url + url + (f"#{fragment}" if fragment else "")
            return Link(address=there, part=homes[url] or self.site_name)

        def address(rule: str) -> str:
            return site_url + rule

        pages = [(url, print_page(article, page=url, place=place, address=address)) for url, article in self.articles]
        return book_document(
            self.part,
            pages,
            site_name=self.site_name,
            site_url=site_url,
            words_of=self.words_of,
            others=[{"name": other, "address": at} for other, at in self.others],
        )


def typeset_part(source: PartSource) -> bytes:
    """The part's PDF (a worker process runs it: the pages are read back there)."""
    return typeset(source.document())


def write_print_book(
    site_dir: Path,
    parts: Sequence[PrintPart],
    *,
    site_url: str,
    site_name: str,
    cache_dir: Path,
    last_changes: Mapping[str, LastChange],
) -> PrintWritten:
    """Typeset every part from the built pages into ``site_dir`` (each part's ``file``).

    ``last_changes``: when each page's words last changed (a page not named: none), as the
    pages' step knew it. Only a part whose sources changed is read back and typeset (the
    others are in the cache).

    Raises:
        RulebookError: naming the page, when a part's page was not built.
    """
    homes = tuple((url, part.name) for part in parts for url in part.pages)
    jobs: dict[str, Job] = {}
    names: dict[str, str] = {}
    for part in parts:
        articles = []
        for url in part.pages:
            built = site_dir / url / "index.html"
            if not built.is_file():
                raise RulebookError(f"print: {url} is in the printed book but was not built ({built})")
            articles.append((url, article(built.read_text("utf-8"))))
        others = tuple((o.name or site_name, site_url + o.file) for o in parts if o is not part)
        words_of = max((last_changes.get(url, LastChange("", 0)) for url in part.pages), default=LastChange("", 0))
        source = PartSource(part, tuple(articles), homes, others, site_url, site_name, words_of)
        names[part.file] = f"{source.key()}.pdf"
        jobs[names[part.file]] = Job(typeset_part, source)
    made = BuildCache(cache_dir).make_all(jobs)
    files = {}
    for file, name in names.items():
        target = site_dir / file
        target.parent.mkdir(parents=True, exist_ok=True)
        made[name].link_to(target)
        files[file] = target.stat().st_size
    return PrintWritten(files, sum(1 for name in set(names.values()) if made[name].made))


def drop_print_link(site_dir: Path) -> None:
    """Take the printed book's link off the home page, for a site built without it."""
    home = site_dir / "index.html"
    if home.is_file():
        html = home.read_text("utf-8")
        home.write_text(PRINT_LINK.sub("", html, count=1), "utf-8")
