"""The wiki's inline markup → runs of rule text, as MediaWiki shows it.

mwparserfromhell gives the nodes; this module decides what each shows: text with the
text-level tags around it (italics and bold in any mix, ``<sup>``, ``<small>``, ``<s>``,
``<code>``, …: :data:`TEXT_TAGS`), ``<br>``, ``<nowiki>``'s words as written, entities,
links (their target left as written, for :mod:`build_scripts.rulebook.wikilinks`), and
nothing for what the wiki does not show (comments, categories, behaviour switches such as
``__TOC__``). What the site cannot show yet (a template the wiki did not expand, ``<ref>``,
a table, an image, an extension's tag) is :class:`Unshown`: the reader of an export stops
the build on it, naming file and line; the reader of a synced wiki page keeps its words
with a note, so the nightly sync goes on (:class:`InlineReader`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from mwparserfromhell.nodes import Comment, ExternalLink, HTMLEntity, Node, Tag, Text, Wikilink

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Inline
from build_scripts.rulebook.wiki_images import FILE_NAMESPACES, image_run
from build_scripts.rulebook.wiki_notes import Notes, is_ref
from build_scripts.rulebook.wiki_source import TOC_MARK
from build_scripts.rulebook.wiki_tags import SWITCHES, TEXT_TAGS
from build_scripts.rulebook.wiki_urls import address, is_title, leaves_safely, shown_title

__all__ = [
    "InlineReader",
    "Unshown",
    "is_block",
    "is_category",
    "is_rule",
    "strip_runs",
    "visible_words",
]

#: Behaviour switches (and the mark a ``__TOC__`` leaves, :data:`TOC_MARK`): they show nothing.
_SWITCHES = re.compile(f"__(?:{'|'.join(SWITCHES)})__|{TOC_MARK}")
#: A text-level tag the parser left as text (opened and never closed, or closed out of turn): the
#: wiki closes or drops it; its words stay.
_LOOSE_TAGS = re.compile(
    r"</?(?:" + "|".join(sorted(TEXT_TAGS, key=len, reverse=True)) + r")\b[^<>]*>|</pre\s*>", re.IGNORECASE
)  # a text-level tag left open or closed out of turn, a </pre> no <pre> opened: the wiki shows neither
#: Letters right after a ``[[link]]`` join its words, as the wiki's link trail (English) does.
_LINK_TRAIL = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Unshown:
    """Markup the site cannot show yet: where it is, how it starts, and what it is."""

    source: Source
    snippet: str
    what: str

    def __str__(self) -> str:
        return f"{self.source}: {self.what} {self.snippet!r}"


def _what(node: Node) -> str:
    if isinstance(node, Tag):
        if node.wiki_markup == "{|":
            return "a table"
        return f"the tag <{str(node.tag).strip().lower()}>"
    if isinstance(node, Wikilink):
        return "a link to a file"
    name = type(node).__name__
    return {"Template": "a template the wiki did not expand", "Argument": "a template parameter"}.get(name, name)


@dataclass
class InlineReader:
    """Reads one file's inline nodes; ``strict``: stop at markup the site cannot show (an export)."""

    file: str
    strict: bool
    unshown: list[Unshown] = field(default_factory=list)
    notes: Notes = field(init=False)
    _numbered: int = 0

    def __post_init__(self) -> None:
        self.notes = Notes(self.file)

    def runs(
        self, nodes: Iterable[Node], line: int, tags: tuple[str, ...] = (), out: list[Inline] | None = None
    ) -> list[Inline]:
        """The runs ``nodes`` show, inside ``tags``, added to ``out``; ``line``: where they start.

        ``out`` is a line's runs so far, when given: the letters after a link join its words.
        """
        out = [] if out is None else out
        for node in nodes:
            self._node(node, line, tags, out)
        return out

    def _node(self, node: Node, line: int, tags: tuple[str, ...], out: list[Inline]) -> None:  # noqa: C901 - one branch per kind of node
        if isinstance(node, Text):
            self._text(str(node), tags, out)
        elif isinstance(node, HTMLEntity):
            out.append(Inline("text", node.normalize(), tags=tags))
        elif isinstance(node, Comment):
            return
        elif isinstance(node, Tag) and node.wiki_markup in ("''", "'''"):  # in a link's words the reader left
            inner = self.runs(node.contents.nodes if node.contents else (), line, (*tags, _EMPHASIS[node.wiki_markup]))
            out.extend(_named(inner))
        elif isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() in TEXT_TAGS:
            tag = TEXT_TAGS[str(node.tag).strip().lower()]
            inner = self.runs(node.contents.nodes if node.contents else (), line, (*tags, tag) if tag else tags)
            out.extend(_named(inner))
        elif isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "br":
            out.append(Inline("break", "\n", tags=tags))
        elif isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "nowiki":
            words = html.unescape(str(node.contents)) if node.contents is not None else ""
            if words:  # words as written: no markup, no term linked, no quote closed in them
                out.append(Inline("text", words, tags=tags, note="nowiki"))
        elif is_ref(node):
            mark = self.notes.mark(node, line, lambda nodes: strip_runs(self.runs(nodes, line)), tags)
            out.append(self.cite_error(mark.text, line, tags) if mark.note == "cite-error" else mark)
        elif isinstance(node, Wikilink):
            self._wikilink(node, line, tags, out)
        elif isinstance(node, ExternalLink):
            self._external(node, line, tags, out)
        else:
            out.append(self.cannot_show(node, line, tags))

    def cannot_show(self, node: Node, line: int, tags: tuple[str, ...] = ()) -> Inline:
        """What the site shows of markup it cannot show yet; an export's reader stops instead.

        Raises:
            RulebookError: when ``strict``, naming the file and line.
        """
        snippet = str(node).split("\n", 1)[0][:40]
        where = Source(self.file, line)
        if self.strict:
            raise RulebookError(
                f"unsupported wiki markup ({type(node).__name__}) {snippet!r}; the site cannot show {_what(node)} yet",
                source=where,
            )
        self.unshown.append(Unshown(where, snippet, _what(node)))
        note = f"The site cannot show {_what(node)} yet; here as the wiki has it."
        return Inline("unshown", str(node), note=note, tags=tags)

    def cite_error(self, message: str, line: int, tags: tuple[str, ...] = ()) -> Inline:
        """Cite's message for a footnote it refuses, shown where the wiki shows it; an export's reader stops.

        Raises:
            RulebookError: when ``strict``, naming the file and line.
        """
        if self.strict:
            raise RulebookError(f"a footnote the wiki refuses ({message})", source=Source(self.file, line))
        return Inline("text", message, note="cite-error", tags=tags)

    def _text(self, text: str, tags: tuple[str, ...], out: list[Inline]) -> None:
        text = _LOOSE_TAGS.sub("", _SWITCHES.sub("", text)).replace("&apos;", "'")
        if out and out[-1].kind == "link" and out[-1].url is None and out[-1].note == "wikilink":
            if "[" in out[-1].text and text.startswith("]"):  # [[a|[b]]]: the "]" is the link's (T4095)
                out[-1], text = replace(out[-1], text=out[-1].text + "]"), text[1:]
            trail = _LINK_TRAIL.match(text)
            if trail:
                out[-1] = replace(out[-1], text=out[-1].text + trail.group(0))
                text = text[trail.end() :]
        if text:
            out.append(Inline("text", text, tags=tags))

    def _wikilink(self, node: Wikilink, line: int, tags: tuple[str, ...], out: list[Inline]) -> None:
        target = str(node.title).strip()
        namespace = target.partition(":")[0].strip().lower() if ":" in target else ""
        if namespace == "category":
            return  # a category: the page's, not shown where it is written
        if namespace in FILE_NAMESPACES:
            out.append(image_run(node, lambda nodes: visible_words(self.runs(nodes, line)), tags))
            return
        if namespace == "media":
            out.append(self.cannot_show(node, line, tags))
            return
        target = shown_title(target.removeprefix(":"))
        if not is_title(target) or (node.text is not None and not str(node.text)):  # shown as written, words read
            pipe = "|" if node.text is not None else ""
            out.append(Inline("text", f"[[{node.title}{pipe}", tags=tags))
            self.runs(node.text.nodes if node.text is not None else (), line, tags, out)
            out.append(Inline("text", "]]", tags=tags))
            return
        if node.text is not None:  # a [url words] in a link's words is words as written to the wiki (T4095)
            nodes = [Text(str(n)) if isinstance(n, ExternalLink) and n.brackets else n for n in node.text.nodes]
            words = self.runs(nodes, line, tags)
        else:
            words = [Inline("text", target, tags=tags)]
        out.extend(Inline("link", w.text, label=target, note="wikilink", tags=_tags_of(w)) for w in words if w.text)

    def _external(self, node: ExternalLink, line: int, tags: tuple[str, ...], out: list[Inline]) -> None:
        url, rest = address(str(node.url))
        if node.title is not None and str(node.title).strip():
            words = self.runs(node.title.nodes, line, tags)
            words[0:1] = [replace(words[0], text=words[0].text.lstrip())] if words else []
        elif node.brackets and rest.strip():  # words after an ideographic space: the link's own
            words, rest = [Inline("text", rest.strip(), tags=tags)], ""
        elif node.brackets:
            self._numbered += 1
            words = [Inline("text", f"[{self._numbered}]", tags=tags)]
        else:
            words = [Inline("text", url, tags=tags)]
        if leaves_safely(url):
            words = [Inline("link", w.text, label=url, url=url, tags=_tags_of(w)) for w in words if w.text]
        out.extend([*words, *([Inline("text", rest, tags=tags)] if rest and not node.brackets else [])])


_EMPHASIS = {"''": "em", "'''": "strong"}


def _named(runs: list[Inline]) -> list[Inline]:
    """A run whose innermost tag is ``strong`` or ``em`` and that is plain text is a bold or italic run."""
    out = []
    for run in runs:
        if run.kind == "text" and run.tags and run.tags[-1] == "strong":
            out.append(Inline("bold", run.text, tags=run.tags[:-1]))
        elif run.kind == "text" and run.tags and run.tags[-1] == "em":
            out.append(Inline("italic", run.text, tags=run.tags[:-1]))
        else:
            out.append(run)
    return out


def _tags_of(run: Inline) -> tuple[str, ...]:
    """A run's tags, its own bold or italic included (for a link made of it)."""
    own = {"bold": ("strong",), "italic": ("em",)}.get(run.kind, ())
    return (*run.tags, *own)


def is_category(node: object) -> bool:
    """Whether the node puts the page in a category (``[[Category:Rules]]``; not ``[[:Category:Rules]]``)."""
    if not isinstance(node, Wikilink):
        return False
    target = str(node.title).strip()
    return ":" in target and target.partition(":")[0].strip().lower() == "category"


def visible_words(runs: Iterable[Inline]) -> str:
    """The words runs show, without their markup (a heading's title)."""
    return "".join(" " if r.kind == "break" else r.text for r in runs)


#: The wiki's block-level tags (a table, preformatted text, a gallery, the footnotes' list, …).
_BLOCK_TAGS = frozenset(
    {"table", "pre", "gallery", "div", "blockquote", "center", "ul", "ol", "dl", "poem"}
    | {"syntaxhighlight", "source", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "p", "timeline", "graph"}
)


def is_block(node: object) -> bool:
    """Whether the node is a block of its own to the wiki (a table, ``<pre>``, a gallery, …), not text."""
    if not isinstance(node, Tag):
        return False
    return (
        node.wiki_markup == "{|"
        or is_rule(node)
        or (node.wiki_markup is None and str(node.tag).strip().lower() in _BLOCK_TAGS)
    )


def is_rule(node: object) -> bool:
    """Whether the node is a horizontal rule (``----``, or more dashes, or the HTML tag ``<hr>``)."""
    if not isinstance(node, Tag):
        return False
    return str(node.wiki_markup).startswith("----") or (
        node.wiki_markup is None and str(node.tag).strip().lower() == "hr"
    )


def strip_runs(inlines: list[Inline]) -> list[Inline]:
    """Drop leading and trailing whitespace of a run list (not visible rule text)."""
    out = list(inlines)
    while out and out[0].kind == "text" and not out[0].text.strip():
        out.pop(0)
    while out and out[-1].kind == "text" and not out[-1].text.strip():
        out.pop()
    if out and out[0].kind == "text":
        out[0] = replace(out[0], text=out[0].text.lstrip())
    if out and out[-1].kind == "text":
        out[-1] = replace(out[-1], text=out[-1].text.rstrip())
    return out
