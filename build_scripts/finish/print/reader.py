"""A built rulebook page's rules, read back as the printed book's HTML: the words only.

Only what the page templates mark as rules is printed: a heading (``rule-heading``), a
paragraph or list item (``rule``), a damage-chart row (``rule chart-row``), and the lists
that hold them. Inside a rule, what helps beside the words is left out: anything marked
``data-help`` (a reference's "not in these sections", the Agree and Reading markers), the
heading's ``#`` and a rule's menu link, anything hidden. Everything outside a rule (the
theme, the calculators, the shortcuts) is never printed. Nothing here knows the theme.

Every id is made the book's own (``buildings--total-collapse``), so one document holds
every page. A link is followed to where it leads: to a place in this book, it stays a link
inside it; to another part of the book, it names that part and the rule's address; to
nothing printed, it is its words alone. A reference the book prints as "page XX" is
printed with the page it leads to (the typesetter's ``target-counter``), or says it is not
in these sections. An image prints as its words: a boxed one its caption, one in the words
its alt text in brackets (the book holds no picture: its typesetter fetches nothing).
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser

from markupsafe import escape

from build_scripts.finish.page_data import ARTICLE_END, find_article

__all__ = ["Heading", "Link", "PrintPage", "article", "print_page", "short_address"]

_SPACES = re.compile(r"\s+")
_VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed", "track"})
_HEADING = re.compile(r"h[1-6]")
#: The tags a rule's words keep (any other's words are kept, the tag is not).
_INLINE = frozenset(
    {"strong", "em", "b", "i", "code", "sup", "sub", "span", "a", "p", "small", "s", "u", "del", "ins", "td", "th"}
)
#: The classes the print stylesheet reads, in the order they are written; any other is dropped.
_CLASS_ORDER = (
    "rule",
    "rule-heading",
    "chart-row",
    "chart-row__name",
    "chart-row__roll",
    "rule-list",
    "damage-chart",
    "rule-table",
    "term",
    "wiki-note--unnumbered",
)
_CLASSES = frozenset(_CLASS_ORDER)
#: Inside a rule, what is never its words: its own links and marks.
#: (A boxed image's picture is one: its caption is printed, as the words it shows.)
_NOT_WORDS = frozenset({"headerlink", "rule-link", "table-mark", "reading-mark", "xref-note", "wiki-figure__file"})
_XREF_WORDS = "page XX"
#: What a reference to a rule outside these sections prints in place of "page XX".
NOT_HERE = "a page not in these sections"


@dataclass(frozen=True)
class Link:
    """Where a link of the page leads in the printed book.

    ``anchor``: an id in this document (``ruins--ruins``); otherwise ``address``, the rule's
    address on the site, and ``part``, the name of the part of the book that prints it.
    Neither: nothing printed (the link prints as its words).
    """

    anchor: str = ""
    address: str = ""
    part: str = ""


@dataclass(frozen=True)
class Heading:
    """A heading of the page: its level, its id in the book and its words."""

    level: int
    anchor: str
    words: str


@dataclass(frozen=True)
class PrintPage:
    """A page's rules as the book's HTML, its title and its headings (for the contents)."""

    title: str
    html: str
    headings: tuple[Heading, ...]


#: Where a link leads: (the page's address from the site root, the fragment) → a :class:`Link`.
Place = Callable[[str, str], Link]


def book_id(page: str, fragment: str) -> str:
    """A rule's id in the book: ``buildings/`` and ``total-collapse`` → ``buildings--total-collapse``."""
    name = page.strip("/").replace("/", "-") or "index"
    return f"{name}--{fragment}" if fragment else name


# What an element of the page is to the reader (kept on its stack until it closes).
_RULE = "rule"  # a rule: copied, and its words printed
_KEEP = "keep"  # an element inside a rule whose tag the book keeps
_CONTAINER = "container"  # a list holding rules
_SKIP = "skip"  # not words of the rule (help, marks, anything hidden): nothing inside is printed
_XREF = "xref"  # a reference's words ("page XX"), printed once its help says where it leads
_DROP = "drop"  # an element whose tag is not kept (its words are, inside a rule)
_UNLINKED = "unlinked"  # a link that leads nowhere printed: a span


class _PrintReader(HTMLParser):
    """Copies the rules' elements and words, leaving out the rest."""

    def __init__(self, page: str, place: Place, address: Callable[[str], str]) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.place = place
        self.address = address
        self.out: list[str] = []
        self.headings: list[Heading] = []
        self._stack: list[tuple[str, str]] = []  # (tag, what it is to the reader)
        self._in_rule = False  # a rule is never inside another (the page templates write none)
        self._skip = 0
        self._xref: list[str] | None = None  # the words of a reference being read
        self._xref_pending: str | None = None  # a reference's words, waiting for the help that says where it leads
        self._heading: tuple[int, str, list[str]] | None = None  # (level, anchor, words)

    # -- reading -------------------------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = set((found.get("class") or "").split())
        if self._xref_pending is not None:
            help_link = tag == "a" and "xref-help" in classes
            self._reference(self._follow(found.get("href")) if help_link else Link())
        if tag in _VOID:
            if tag == "br" and self._in_rule and not self._skip:
                self.out.append("<br>")
            elif tag == "img" and self._in_rule and not self._skip and found.get("alt"):
                self.out.append(f"[{escape(found.get('alt') or '')}]")  # a picture in the words: its alt text
            return
        role = self._role(tag, found, classes)
        self._stack.append((tag, role))
        if role == _SKIP:
            self._skip += 1
        elif role == _XREF:
            self._xref = []
        elif role in (_RULE, _KEEP, _CONTAINER):
            self.out.append(self._open(tag, found, classes))
        if role == _RULE:
            self._in_rule = True
            rule_id = found.get("id") or ""
            if _HEADING.fullmatch(tag):
                self._heading = (int(tag[1]), book_id(self.page, rule_id), [])

    def _role(self, tag: str, found: dict[str, str | None], classes: set[str]) -> str:  # noqa: PLR0911 - one answer a kind
        if self._skip:
            return _SKIP
        if self._in_rule:
            if "data-help" in found or "hidden" in found or classes & _NOT_WORDS:
                return _SKIP
            if "xref" in classes:
                return _XREF
            return _KEEP if tag in _INLINE else _DROP
        if found.get("id") and classes & {"rule", "rule-heading"}:
            return _RULE
        if classes & {"rule-list", "damage-chart", "rule-table"}:
            return _CONTAINER
        return _DROP

    def _open(self, tag: str, found: dict[str, str | None], classes: set[str]) -> str:
        attrs = []
        rule_id = found.get("id")
        if rule_id:
            attrs.append(f' id="{escape(book_id(self.page, rule_id))}"')
        kept = sorted(classes & _CLASSES, key=_CLASS_ORDER.index)
        if kept:
            attrs.append(f' class="{escape(" ".join(kept))}"')
        # A table's cells keep their spans; a list its first number, a note its own (the wiki's numbers).
        kept_numbers = {"td": ("rowspan", "colspan"), "th": ("rowspan", "colspan"), "ol": ("start",), "li": ("value",)}
        numbers = kept_numbers.get(tag, ())
        attrs.extend(f' {name}="{found[name]}"' for name in numbers if (found.get(name) or "").isdigit())
        if tag == "a":
            link = self._follow(found.get("href"))
            if link.anchor:
                attrs.append(f' href="#{escape(link.anchor)}"')
            elif link.address:
                attrs.append(f' href="{escape(link.address)}"')
            else:
                tag = "span"
                self._stack[-1] = ("a", _UNLINKED)
        return f"<{tag}{''.join(attrs)}>"

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if self._xref_pending is not None:
            self._reference(Link())
        while self._stack:
            open_tag, role = self._stack.pop()
            self._close(open_tag, role)
            if open_tag == tag:
                break

    def _close(self, tag: str, role: str) -> None:
        if role == _SKIP:
            self._skip -= 1
        elif role == _XREF:
            self._xref_pending = "".join(self._xref or ())
            self._xref = None
        elif role == _UNLINKED:
            self.out.append("</span>")
        elif role in (_RULE, _KEEP, _CONTAINER):
            self.out.append(f"</{tag}>")
        if role == _RULE:
            self._in_rule = False
            self._end_heading()

    def handle_data(self, data: str) -> None:
        if not self._in_rule or self._skip:
            return
        if self._xref is not None:
            self._xref.append(data)
            return
        if self._xref_pending is not None:
            self._reference(Link())
        self.out.append(str(escape(data)))
        if self._heading is not None:
            self._heading[2].append(data)

    def close(self) -> None:
        super().close()
        if self._xref_pending is not None:
            self._reference(Link())

    # -- what is printed for a reference and a heading -----------------------------------

    def _reference(self, link: Link) -> None:
        """The reference's words, now that what follows them says where they lead (``link``)."""
        words, self._xref_pending = self._xref_pending or "", None
        if link.anchor:
            middle = f'page <a class="pageref" href="#{escape(link.anchor)}"></a>'
        elif link.address:
            middle = f'<a href="{escape(link.address)}">{escape(link.part)}, {escape(short_address(link.address))}</a>'
        else:
            middle = NOT_HERE
        self.out.append(str(escape(words)).replace(_XREF_WORDS, middle))

    def _end_heading(self) -> None:
        if self._heading is None:
            return
        level, anchor, words = self._heading
        self._heading = None
        self.headings.append(Heading(level, anchor, _SPACES.sub(" ", "".join(words)).strip()))
        fragment = anchor.partition("--")[2]
        self.out.append(
            f'<p class="rule-address">{escape(short_address(self.address(self.page + "#" + fragment)))}</p>'
        )

    def _follow(self, href: str | None) -> Link:
        """Where a link leads in the book (nowhere printed: an empty :class:`Link`)."""
        if not href:
            return Link()
        target = urllib.parse.urlsplit(urllib.parse.urljoin("/" + self.page, href))
        if target.scheme or target.netloc:
            return Link()
        return self.place(target.path.lstrip("/"), target.fragment)


def short_address(address: str) -> str:
    """An address without its scheme, as printed: ``rules.example.org/ruins/#ruins``."""
    return address.split("://", 1)[-1]


def article(html: str) -> str:
    """A built page's first article, all that is printed of it, without its end tag.

    ``""`` for a page without one; an article never closed: to the page's end. Found as every
    finishing step finds it (:func:`build_scripts.finish.page_data.find_article`).
    """
    found = find_article(html)
    if found is None:
        return ""
    return html[found.start :] if found.end < 0 else html[found.start : found.end - len(ARTICLE_END)]


def print_page(html: str, *, page: str, place: Place, address: Callable[[str], str]) -> PrintPage:
    """The rules of a built page (``page``: its address from the site root, ``buildings/``) for the book.

    ``place`` says where each link leads in the book; ``address`` gives a rule's address
    on the site from ``page#id`` (printed under each heading).
    """
    reader = _PrintReader(page, place, address)
    reader.feed(article(html))
    reader.close()
    title = next((h.words for h in reader.headings if h.level == 1), "")
    return PrintPage(title, "".join(reader.out), tuple(reader.headings))
