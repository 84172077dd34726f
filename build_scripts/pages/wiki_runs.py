"""The wiki's runs on the page, the part :mod:`build_scripts.pages.render` leaves to it.

Their text-level tags, the wiki's links, a ``<br>``, an image, what the site cannot show
yet, and a table row's cells.
"""

from __future__ import annotations

from dataclasses import replace

from markupsafe import Markup, escape

from build_scripts.core.model import Block, Cell, Inline
from build_scripts.rulebook.wiki_tags import TEXT_TAGS

__all__ = ["image_html", "links_joined", "table_cells", "tagged", "wiki_run", "wrapped"]


def table_cells(block: Block) -> list[tuple[Cell, tuple[Inline, ...]]]:
    """A table row's cells, each with its runs (the row's runs split where a cell ends)."""
    runs: list[list[Inline]] = [[]]
    for run in block.inlines:
        if run.kind == "text" and run.note == "cell":
            runs.append([])
        else:
            runs[-1].append(run)
    return [(cell, tuple(cell_runs)) for cell, cell_runs in zip(block.cells, runs, strict=True)]


def wrapped(html: Markup, tags: tuple[str, ...]) -> Markup:
    """``html`` inside the run's tags, the first outermost."""
    for tag in reversed(tags):
        html = _TAGS[tag].format(html)
    return html


def tagged(html: str) -> Markup:
    """A joined link's words, as :func:`links_joined` made them."""
    return Markup(html)  # noqa: S704 - made by links_joined from escaped words and the fixed tags


def links_joined(runs: tuple[Inline, ...]) -> list[Inline]:
    """The runs, each link's words in one run, their tags inside the link (its HTML, in ``note``).

    A link's words may be several runs (bold and italic words in ``[[Page|words]]``): they
    are one link, as on the wiki.
    """
    out: list[Inline] = []
    for run in runs:
        if run.kind != "link":
            out.append(run)
            continue
        inner = str(wrapped(escape(run.text), run.tags))
        last = out[-1] if out else None
        if last and last.kind == "link" and (last.label, last.href, last.url) == (run.label, run.href, run.url):
            out[-1] = replace(last, text=last.text + run.text, note=(last.note or "") + inner)
        else:
            out.append(replace(run, note=inner, tags=()))
    return out


def wiki_run(run: Inline, text: Markup, href: str | None) -> Markup:
    """A ``<br>``, markup the site cannot show yet (as written, with its note), or a link.

    A link leads to a rule of the site, out of the site (the wiki, another address), or
    nowhere (its words alone).
    """
    if run.kind == "break":
        return Markup("<br>")
    if run.kind == "unshown":
        return _UNSHOWN.format(text, run.note)
    if run.kind == "footnote":
        return _NOTE_MARK.format(href, text) if href is not None else Markup("<sup>{}</sup>").format(text)
    if href is not None:
        return _WIKI_LINK.format(href, text)
    if run.url:
        return _OUT_LINK.format(run.url, text)
    return text


def image_html(run: Inline, src: str | None) -> Markup:
    """An image as the wiki shows it, from the file the site keeps (``src``, from the page).

    A boxed image (``thumb``, ``frame``, a gallery's) with its caption under it, a tap on it
    opening the whole picture; an image in the words as a picture among them. An image the
    site does not keep (the wiki has no such file) shows its words, and says so.
    """
    image = run.image
    if image is None or src is None:
        name = image.file.replace("_", " ") if image else run.text
        return _IMAGE_MISSING.format(run.text, f"The wiki has no image File:{name}; here its words.")
    picture = _PICTURE.format(src=src, alt=image.alt, width=image.width, height=image.height)
    if image.frame in ("thumb", "frame", "gallery"):
        caption = _CAPTION.format(image.caption) if image.caption else Markup("")
        label = f"The whole picture: {run.text}"
        parts = {"frame": image.frame, "src": src, "label": label, "picture": picture, "caption": caption}
        return _FIGURE.format(**parts, width=image.width)
    return picture


#: The text-level tags the wiki's reader gives a run (its ``TEXT_TAGS``' values), each around its words.
_TAGS = {
    tag: Markup("<" + tag + ">{}</" + tag + ">")  # noqa: S704 - a tag name of the reader's fixed table
    for tag in sorted(set(TEXT_TAGS.values()) - {""})
}
_NOTE_MARK = Markup('<sup class="wiki-note-mark"><a href="{}">{}</a></sup>')
_WIKI_LINK = Markup('<a class="wiki-link" href="{}">{}</a>')
_OUT_LINK = Markup('<a class="wiki-link wiki-link--out" href="{}" rel="nofollow noopener noreferrer">{}</a>')
_UNSHOWN = Markup(
    '<span class="wiki-unshown"><code>{}</code> <span class="wiki-unshown__note" data-help>{}</span></span>'
)
_PICTURE = Markup(
    '<img class="wiki-image" src="{src}" alt="{alt}" width="{width}" height="{height}" loading="lazy" decoding="async">'
)
_FIGURE = Markup(
    '<span class="wiki-figure wiki-figure--{frame}" style="--wiki-figure-width: {width}px">'
    '<a class="wiki-figure__file" href="{src}" aria-label="{label}">{picture}</a>{caption}</span>'
)
_CAPTION = Markup('<span class="wiki-figure__caption">{}</span>')
_IMAGE_MISSING = Markup(
    '<span class="wiki-image-missing">{}</span> <span class="wiki-unshown__note" data-help>{}</span>'
)
