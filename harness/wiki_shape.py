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
_NOT_WORDS_CLASSES = frozenset({"headerlink", "rule-link", "mw-editsection", "toc"})


@dataclass(frozen=True)
class Shape:
    """One block: its kind, depth, number (in a numbered list), words and links' words.

    The kinds: ``heading``, ``p``, ``ul``, ``ol`` (an item of such a list), ``dt``, ``dd``,
    ``pre`` (preformatted text), ``caption``, ``row`` and its cells (``row th1x1 td1x2``: each
    cell's tag, rows and columns), ``footnote`` (a note, by its number), ``unshown``.
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
                if child.name in _LISTS and not nested:
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
    if "new" in classes or "term" in classes or "xref-help" in classes:
        return False
    return bool(a.get("href"))


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _notes(node: Tag) -> list[Shape]:
    """The wiki's list of footnotes: each note's number and words (its way back, ``↑``, left out)."""
    out = []
    for number, item in enumerate(node.select("ol.references > li"), start=1):
        words = item.select_one(".reference-text")
        out.append(Shape("footnote", _words(words)[0] if words else "", number=number))
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


def wiki_shape(html: str) -> list[Shape]:
    """MediaWiki's ``action=parse`` HTML as blocks."""
    soup = BeautifulSoup(html, "html.parser")
    root = soup.select_one(".mw-parser-output") or soup
    out: list[Shape] = []
    for child in root.find_all(recursive=False):
        if not _skipped(child):
            _wiki_block(child, 0, out)
    return out


def _wiki_block(node: Tag, depth: int, out: list[Shape]) -> None:
    words, links = _words(node)
    if "mw-references-wrap" in (node.get("class") or []) or "references" in (node.get("class") or []):
        out.extend(_notes(node if node.name != "ol" else node.parent or node))
    elif node.name in ("h1", "h2", "h3", "h4", "h5", "h6"):
        out.append(Shape("heading", words))
    elif node.name == "p" and words:
        out.append(Shape("p", words, links=links))
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
        for inner in item.find_all(_LISTS, recursive=False):
            _wiki_block(inner, depth + 1, out)


def page_shape(html: str) -> list[Shape]:
    """A built page's article as blocks."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article") or soup
    out: list[Shape] = []
    for node in article.select(".rule, .rule-heading, .wiki-implied, pre"):
        words, links = _words(node)
        if node.select_one(".wiki-unshown"):
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
            out.append(Shape("p", words, links=links))
        elif "rule-notes" in ((node.parent.get("class") or []) if isinstance(node.parent, Tag) else []):
            out.append(Shape("footnote", words, number=int(str(node.get("value") or 0))))
        else:
            parent = node.parent if isinstance(node.parent, Tag) else node
            depth = next(
                (int(c.rsplit("-", 1)[1]) for c in parent.get("class") or [] if c.startswith("rule-list--depth-")), 1
            )
            kind = parent.name if node.name == "li" else node.name
            start = int(str(parent.get("start") or 1))
            number = start + parent.find_all(node.name, recursive=False).index(node) if kind == "ol" else 0
            out.append(Shape(kind, words, depth, number, links))
    return out
