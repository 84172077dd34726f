"""Anchored blocks → the Markdown page MkDocs builds, through a Jinja2 template.

Rule text is escaped, never rewritten: a ``'''bold'''`` run becomes ``<strong>``. A
``page XX`` reference keeps its words as the book prints them; the site's help goes
beside them: a link to the rule it means, or a "not in these sections" mark that
explains itself when tapped. The help is marked ``data-help`` so copying a quote
leaves it out.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import jinja2
from markupsafe import Markup, escape

from build_scripts.core.model import AnchoredBlock, Inline, RuleRef
from build_scripts.core.templates import environment
from build_scripts.pages.wiki_lists import wiki_lists
from build_scripts.pages.wiki_runs import image_html, links_joined, table_cells, tagged, wiki_run, wrapped
from build_scripts.rulebook.term_definitions import Definition

__all__ = ["CHART_TITLE", "Group", "place", "render_page", "rule_href"]

#: The chart's name as the rule text gives it ("Roll on the Building Damage Chart below").
CHART_TITLE = "Building Damage Chart"

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]|!])")


@dataclass
class Group:
    """Consecutive blocks shown together: one heading, one paragraph, one list or chart."""

    kind: str
    items: list[AnchoredBlock] = field(default_factory=list)
    level: int = 0
    after: Markup | None = None

    @property
    def item(self) -> AnchoredBlock:
        """The single block of a heading or paragraph group."""
        return self.items[0]


@jinja2.pass_context
def _runs_filter(context: jinja2.runtime.Context, runs: tuple[Inline, ...], block_id: str) -> Markup:
    """The ``runs`` filter: a block's runs as HTML, its links relative to the page rendered."""
    return _runs(runs, block_id, context["page_url"], context["page_urls"])


def _template() -> jinja2.Template:
    env = environment()
    env.filters.setdefault("runs", _runs_filter)
    env.filters.setdefault("lists", wiki_lists)
    env.filters.setdefault("cells", table_cells)
    env.filters.setdefault("lines_kept", _lines_kept)
    env.filters.setdefault("md_heading", _md_heading)
    return env.get_template("page.md.j2")


def render_page(
    *,
    title: str,
    items: list[AnchoredBlock],
    sources: Iterable[str],
    page_url: str,
    page_urls: Mapping[str, str],
    aliases: Mapping[str, RuleRef] | None = None,
    after: Mapping[str, Markup] | None = None,
    definitions: Mapping[str, Definition] | None = None,
    versions: Mapping[str, object] | None = None,
    marks: Mapping[str, str] | None = None,
    table: Mapping[str, object] | None = None,
    readings: Mapping[str, list[tuple[str, str]]] | None = None,
    calculators: Sequence[tuple[str, str]] = (),
) -> str:
    """Render one page's Markdown.

    Args:
        title: The page title (the rulebook heading, verbatim).
        items: The page's anchored blocks in order; headings carry their depth.
        sources: The export files the page's text comes from, for the header comment.
        page_url: This page's URL from the site root (``buildings/``).
        page_urls: Every page name → URL, to make cross-page links relative.
        aliases: Old id → where the rule is now; the page's script follows them.
        after: Block id → HTML to place right after that block (calculators).
        definitions: The terms the page links, by name: what their popovers show.
        versions: What the page's scripts know of its rules' versions and cards
            (:func:`build_scripts.cards.rule_cards.page_versions`).
        marks: Block id → the link to the table's question that the rule asks (a
            marker beside the rule, left out of a copied quote).
        table: The table's data, on a page whose calculator the table fills in.
        readings: Block id → (reading id, link) for each reading that concerns the rule
            (a marker beside it, left out of a copied quote, as ``marks``).
        calculators: The page's calculators, (title, element id) in the page's order: named
            under its title, each a jump to it (a calculator sits after its rule, often far down).

    Returns:
        The Markdown text.
    """
    after = after or {}
    groups = _group(items, after)
    alias_urls = {old: rule_href(target, page_url, page_urls) for old, target in (aliases or {}).items()}
    template = _template()
    places = {item.id: place(item) for item in items}
    terms = {
        name: {"text": d.text, "place": d.place, "href": rule_href(d.rule, page_url, page_urls)}
        for name, d in sorted((definitions or {}).items())
    }
    return template.render(
        page_url=page_url,
        page_urls=page_urls,
        title=title,
        groups=groups,
        sources=sorted(set(sources)),
        aliases=alias_urls,
        places=places,
        terms=terms,
        versions=versions or {},
        marks=_marks(marks or {}, readings or {}),
        table=table,
        calculators=list(calculators),
    )


def _marks(agree: Mapping[str, str], readings: Mapping[str, list[tuple[str, str]]]) -> dict[str, Markup]:
    """Block id → its markers: Agree (the table's question), then each reading that concerns it."""
    out: dict[str, Markup] = {rule: _MARK.format(href) for rule, href in agree.items()}
    for rule, found in readings.items():
        out[rule] = out.get(rule, Markup("")) + Markup("").join(_READING_MARK.format(href, rid) for rid, href in found)
    return out


def place(item: AnchoredBlock) -> str:
    """Where a rule is in the book, in words, for a quote: its headings, and a chart row's own name.

    ``Buildings › Attacking Buildings`` for a paragraph there;
    ``Buildings › Attacking Buildings › Building Damage Chart › 6: Total Collapse`` for a chart row.
    """
    if item.block.kind == "chart_row":
        return f"{item.label} › {CHART_TITLE} › {item.block.number}: {item.block.text.strip()}"
    return item.label


def _group(items: list[AnchoredBlock], after: Mapping[str, Markup]) -> list[Group]:
    groups: list[Group] = []
    for item in items:
        kind = item.block.kind
        if _joins(groups[-1] if groups else None, item):
            groups[-1].items.append(item)
        else:
            groups.append(Group(kind, [item], level=item.depth + 1))
        if item.id in after:
            groups[-1].after = after[item.id]
    return groups


def _joins(group: Group | None, item: AnchoredBlock) -> bool:
    """Whether the item goes on the group: a list's item, a chart's row, the same table's row (no line between)."""
    kind = item.block.kind
    if (
        group is None
        or item.block.rule_above
        or item.block.new_list
        or group.kind != kind
        or group.after is not None
        or kind not in ("bullet", "chart_row", "table_row", "footnote")
    ):
        return False
    last = group.items[-1].block
    return kind != "table_row" or (last.source.file, last.table) == (item.block.source.file, item.block.table)


def rule_href(target: RuleRef, page_url: str, page_urls: Mapping[str, str]) -> str:
    """A link from ``page_url`` to a rule, relative so the site works under any path."""
    url = page_urls[target.page]
    if url == page_url:
        return f"#{target.id}"
    rel = posixpath.relpath(url or ".", page_url or ".")
    return f"{rel.rstrip('/')}/#{target.id}" if rel != "." else f"./#{target.id}"


_MARK = Markup(
    '<a class="table-mark" href="{}" data-help aria-label="The players agree this: note it on The table">Agree</a>'
)
_READING_MARK = Markup(
    '<a class="reading-mark" href="{}" data-help data-reading="{}" '
    'aria-label="Reading: the rules are silent here; how the site reads it, and the other readings">Reading</a>'
)
_TERM = Markup('<a class="term" href="{}" data-term="{}">{}</a>')
_LINKED = Markup('<span class="xref">{}</span><a class="xref-help" href="{}" data-help>{}</a>')
_MISSING = Markup(
    '<span class="xref">{text}</span><button type="button" class="xref-help xref-help--missing" data-help '
    'aria-expanded="false" aria-controls="{id}">{label}</button>'
    '<span class="xref-note" id="{id}" role="note" data-help hidden>{note}</span>'
)


def _runs(runs: tuple[Inline, ...], block_id: str, page_url: str, page_urls: Mapping[str, str]) -> Markup:
    out = []
    references = 0
    for run in links_joined(runs):
        text = escape(run.text) if run.kind != "link" else tagged(run.note or "")
        if run.kind == "bold":
            html = Markup("<strong>{}</strong>").format(text)
        elif run.kind == "italic":
            html = Markup("<em>{}</em>").format(text)
        elif run.kind == "term" and run.href:
            html = _TERM.format(rule_href(run.href, page_url, page_urls), run.label, text)
        elif run.kind == "xref" and run.href:
            html = _LINKED.format(text, rule_href(run.href, page_url, page_urls), run.label)
        elif run.kind == "xref":
            references += 1
            note = (
                f"The book never filled in this page number, and {run.note or 'the rule it means'} "
                "is not in these sections of the rulebook."
            )
            html = _MISSING.format(text=text, id=f"{block_id}-ref-{references}", label=run.label, note=note)
        elif run.kind == "image":
            html = image_html(run, posixpath.relpath(run.url, page_url or ".") if run.url else None)
        elif run.note == "cite-error":  # Cite's message for a footnote it refuses, as the wiki marks it
            html = Markup('<span class="wiki-cite-error">{}</span>').format(text)
        elif run.kind in ("link", "break", "unshown", "footnote"):
            html = wiki_run(run, text, rule_href(run.href, page_url, page_urls) if run.href else None)
        else:
            html = text
        out.append(wrapped(html, run.tags))
    return Markup("").join(out)


def _lines_kept(html: Markup) -> Markup:
    """Preformatted words' line ends as character references: Markdown ends a block at a blank line."""
    return Markup(str(html).replace("\n", "&#10;"))  # noqa: S704 - the runs' own HTML, escaped already


def _md_heading(text: str) -> Markup:
    """Heading text with Markdown's special characters backslash-escaped, then HTML-escaped."""
    md = _MD_SPECIAL.sub(r"\\\1", text)
    if md.endswith("#"):
        md = md[:-1] + "\\#"
    return escape(md)
