"""What a page shows of the wiki's markup, as words and structure, to compare the site with MediaWiki.

Both sides are read into the same shape, a list of :class:`Shape`: each block in page order
(a heading, a paragraph, a list item with its list's kind, its depth and, in a numbered
list, its number; a term or a definition), with its visible words (spaces made one) and the
words of each link in it. MediaWiki's side is ``action=parse``'s HTML (``div.mw-parser-output``);
the site's is a built page's article, whose rules carry ``rule`` / ``rule-heading`` and whose
lists are drawn one depth at a time (``rule-list--depth-N``, ``start``). What a page adds to
help (``data-help``, a rule's ``#``, a heading's permalink) is not its words. A block holding
what the site cannot show yet (a table, a footnote; on the wiki: ``table``, ``sup.reference``,
the footnotes' list) has the kind ``unshown``, so a comparison can set it aside and say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup
from bs4.element import NavigableString, Tag

__all__ = ["Shape", "page_shape", "wiki_shape"]

_SPACES = re.compile(r"\s+")
_LISTS = ("ul", "ol", "dl")
_NOT_WORDS_CLASSES = frozenset({"headerlink", "rule-link", "mw-editsection", "toc", "wiki-figure", "magnify"})


@dataclass(frozen=True)
class Shape:
    """One block: its kind, depth, number (in a numbered list), words and links' words.

    The kinds: ``heading``, ``p``, ``ul``, ``ol`` (an item of such a list), ``dt``, ``dd``,
    ``pre`` (preformatted text), ``caption``, ``row`` and its cells (``row th1x1 td1x2``: each
    cell's tag, rows and columns), ``footnote`` (a note, by its number), ``hr`` (a horizontal
    rule), ``image`` (after the block it is in: its caption as words, its width as number,
    its alt text as its one link), ``image-missing`` (a file the wiki lacks: its caption),
    ``unshown``.
    """

    kind: str
    words: str
    depth: int = 0
    number: int = 0
    links: tuple[str, ...] = ()

    def key(self) -> tuple[str, int, int, str, tuple[str, ...]]:
        """What must be equal for two blocks to show the same."""
        return (self.kind, self.depth, self.number, self.words, self.links)


def _skipped(node: Tag) -> bool:
    classes = set(node.get("class") or [])
    return node.has_attr("data-help") or bool(classes & _NOT_WORDS_CLASSES) or node.name in ("style", "script")


def _words(node: Tag, *, nested: bool = False) -> tuple[str, tuple[str, ...]]:
    """A block's visible words and its links' words (a nested list's left out unless ``nested``)."""
    parts: list[str] = []
    links: list[str] = []

    def walk(element: Tag) -> None:
        for child in element.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    parts.append(str(child))
            elif isinstance(child, Tag) and not _skipped(child):
                if (child.name in _LISTS and not nested) or child.name == "table":  # a block of its own
                    continue
                if child.name == "br":
                    parts.append(" ")
                    continue
                if child.name == "a" and _is_link(child):
                    links.append(_clean(child.get_text()))
                walk(child)

    walk(node)
    return _clean("".join(parts)), tuple(links)


def _is_link(a: Tag) -> bool:
    """A link the wiki's words make (not a red link to a page the wiki lacks, nor the site's own help)."""
    classes = set(a.get("class") or [])
    if classes & {"new", "term", "xref-help", "image"}:  # an image's link to its file: the image is its own shape
        return False
    return bool(a.get("href"))


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _notes(node: Tag) -> list[Shape]:
    """The wiki's list of footnotes: each note's number and words (its way back, ``↑``, left out)."""
    out, number = [], 0
    for item in node.select("ol.references > li, ol.references > p"):  # a <p>: a note listed unnumbered
        number += item.name == "li"
        words = item.select_one(".reference-text")
        out.append(Shape("footnote", _words(words)[0] if words else "", number=number if item.name == "li" else 0))
    return out


def _row(row: Tag) -> Shape:
    """A table's row: its cells' kinds and spans, and their words apart by `` | ``."""
    cells = row.find_all(["td", "th"], recursive=False)
    kind = "row " + " ".join(f"{c.name}{c.get('rowspan') or 1}x{c.get('colspan') or 1}" for c in cells)
    found = [_words(c) for c in cells]
    words = " | ".join(w for w, _ in found)
    return Shape(kind, words, links=tuple(link for _, links in found for link in links))


def _table(table: Tag) -> list[Shape]:
    out = [Shape("caption", _words(c)[0]) for c in table.find_all("caption", recursive=False)]
    body = table.find("tbody") or table
    return out + [_row(r) for r in body.find_all("tr", recursive=False)]


def _image(img: Tag, caption: Tag | None) -> Shape:
    """An image: its caption's words, the width it is shown at, its alt text."""
    words = _words(caption)[0] if caption is not None else ""
    return Shape("image", words, number=int(str(img.get("width") or 0)), links=(str(img.get("alt") or ""),))


def _wiki_images(node: Tag) -> list[Shape]:
    """The images a block of the wiki's shows (in a thumbnail's box, a gallery, the words)."""
    out = []
    for img in node.find_all("img"):
        box = img.find_parent(class_=["thumbinner", "gallerybox"])
        caption = box.find(class_=["thumbcaption", "gallerytext"]) if box is not None else None
        out.append(_image(img, caption if isinstance(caption, Tag) else None))
    return out


def wiki_shape(html: str) -> list[Shape]:
    """MediaWiki's ``action=parse`` HTML as blocks."""
    soup = BeautifulSoup(html, "html.parser")
    root = soup.select_one(".mw-parser-output") or soup
    out: list[Shape] = []
    for child in root.find_all(recursive=False):
        if not _skipped(child):
            _wiki_block(child, 0, out)
    return out


def _wiki_block(node: Tag, depth: int, out: list[Shape]) -> None:  # noqa: C901 - one branch per kind of block
    words, links = _words(node)
    classes: list[str] = list(node.get("class") or [])
    if "thumb" in classes or "gallery" in classes:
        missing = node.select_one(".thumbinner > a.new")
        caption = node.select_one(".thumbcaption")
        if missing is not None:
            out.append(Shape("image-missing", _words(caption)[0] if caption else ""))
        out.extend(_wiki_images(node))
    elif node.name == "a" and node.find("img") is not None:  # an image set apart (centred, floated)
        out.extend(_wiki_images(node))
    elif node.name == "hr":
        out.append(Shape("hr", ""))
    elif "mw-references-wrap" in classes or "references" in classes:
        out.extend(_notes(node if node.name != "ol" else node.parent or node))
    elif node.name in ("h1", "h2", "h3", "h4", "h5", "h6"):
        out.append(Shape("heading", words))
    elif node.name == "p":
        out.extend([Shape("p", words, links=links)] if words else [])
        out.extend(_wiki_images(node))
    elif node.name == "pre":
        out.append(Shape("pre", _words(node)[0]))
    elif node.name == "table":
        out.extend(_table(node))
    elif node.name in _LISTS:
        _wiki_list(node, depth, out)
    elif node.name == "div":
        for child in node.find_all(recursive=False):
            _wiki_block(child, depth, out)


def _wiki_list(node: Tag, depth: int, out: list[Shape]) -> None:
    """A list's items, each followed by the lists nested in it, one depth down."""
    for number, item in enumerate(node.find_all(["li", "dt", "dd"], recursive=False), start=1):
        kind = node.name if item.name == "li" else item.name
        words, links = _words(item)
        out.append(Shape(kind, words, depth + 1, number if kind == "ol" else 0, links))
        for inner in item.find_all([*_LISTS, "table"], recursive=False):
            _wiki_block(inner, depth + 1, out)


def page_shape(html: str) -> list[Shape]:  # noqa: C901 - one branch per kind of rule
    """A built page's article as blocks."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article") or soup
    out: list[Shape] = []
    for node in article.select(".rule, .rule-heading, .wiki-implied, pre, hr.wiki-rule"):
        words, links = _words(node)
        if node.name == "hr":
            out.append(Shape("hr", ""))
        elif node.select_one(".wiki-image-missing"):
            out.append(Shape("image-missing", words))
        elif node.select_one(".wiki-unshown"):
            out.append(Shape("unshown", words))
        elif node.name == "pre":
            out.append(Shape("pre", words))
        elif node.name == "tr":
            out.append(_row(node))
        elif node.name == "caption":
            out.append(Shape("caption", words))
        elif "rule-heading" in (node.get("class") or []):
            out.append(Shape("heading", words))
        elif node.name == "p":
            out.extend([Shape("p", words, links=links)] if words else [])
            out.extend(_site_images(node))
        elif "rule-notes" in ((node.parent.get("class") or []) if isinstance(node.parent, Tag) else []):
            out.append(Shape("footnote", words, number=int(str(node.get("value") or 0))))  # none: unnumbered
        else:
            out.append(_site_item(node, words, links))
    return out


def _site_item(node: Tag, words: str, links: tuple[str, ...]) -> Shape:
    """A list's item on the site: its list's kind, its depth, its number in a numbered list."""
    parent = node.parent if isinstance(node.parent, Tag) else node
    depth = next((int(c.rsplit("-", 1)[1]) for c in parent.get("class") or [] if c.startswith("rule-list--depth-")), 1)
    kind = parent.name if node.name == "li" else node.name
    start = int(str(parent.get("start") or 1))
    number = start + parent.find_all(node.name, recursive=False).index(node) if kind == "ol" else 0
    return Shape(kind, words, depth, number, links)


def _site_images(node: Tag) -> list[Shape]:
    """The images a rule of the site shows (a figure with its caption, or in the words)."""
    out = []
    for img in node.select("img.wiki-image"):
        figure = img.find_parent(class_="wiki-figure")
        caption = figure.select_one(".wiki-figure__caption") if isinstance(figure, Tag) else None
        out.append(_image(img, caption))
    return out
