"""The site's wikitext renderer against MediaWiki's own, case by case.

Each case is a few lines of wikitext in the rulebook's voice, one construct and its common
mixes at a time (:func:`cases`): italics and bold, the text-level tags, ``<br>``, entities,
``<nowiki>``, every list and its mixes, links of every kind, headings of every level,
comments, categories and behaviour switches, paragraphs. Each is read twice: by MediaWiki
(``action=parse``, the wiki given to :func:`compare`) and by the site (the build's own
steps: the reader, the ids, the links, the page template, and Markdown as MkDocs runs it),
each under a ``==Case==`` heading, and both are read into the same shape
(:mod:`harness.wiki_shape`): blocks with their kinds, depths, numbers, words and linked
words. A case is equal when the shapes are; a difference is listed with both shapes and,
where the site differs on purpose, why (:func:`why`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import markdown

from build_scripts.core.errors import RulebookError
from build_scripts.pages.render import render_page
from build_scripts.rulebook.ids import assign_ids
from build_scripts.rulebook.sections import build_tree
from build_scripts.rulebook.wikilinks import WikiLinks, resolve_links
from build_scripts.rulebook.wikitext import parse_blocks
from harness.wiki_shape import Shape, page_shape, wiki_shape
from support.png import png

__all__ = ["Case", "Result", "cases", "compare", "report", "site_shape"]

TITLE = "Scrollhammer Rulebook"
HEAD = "==Case==\n"


@dataclass(frozen=True)
class Case:
    """A name and its wikitext (without the ``==Case==`` heading both readers are given)."""

    name: str
    text: str


@dataclass(frozen=True)
class Result:
    """A case, what each side showed (after the heading), and whether they are equal."""

    case: Case
    wiki: tuple[Shape, ...]
    site: tuple[Shape, ...]
    refused: str = ""

    @property
    def equal(self) -> bool:
        """The same blocks, kinds, depths, numbers, words and linked words."""
        return not self.refused and [s.key() for s in self.wiki] == [s.key() for s in self.site]


_WORDS = ["Ruins grant cover.", 'Units move 6".', "Flyers ignore terrain."]


def _each(family: str, texts: list[str]) -> list[Case]:
    """The texts as cases of a family, numbered from 1 (``quotes 3``)."""
    return [Case(f"{family} {i}", t) for i, t in enumerate(texts, 1)]


def _quotes() -> list[Case]:
    fixed = [
        "''Ruins'' grant cover.",
        "'''Ruins''' grant cover.",
        "'''''Ruins''''' grant cover.",
        "''Units in '''ruins''' gain'' cover.",
        "'''Units in ''ruins'' gain''' cover.",
        "''Italic'' and '''bold''' and '''''both'''''.",
        "'''''Bold italic''' then italic''.",
        "'''''Bold italic'' then bold'''.",
        "''A'' ''B'' ''C''",
        "'''A''' '''B''' ''C''",
        "The unit's ''cover'' save.",
        "L'''arme''' lourde.",
        "''Cover'' isn't '''always''' given.",
        "Word ''italic'''bold'''italic'' end.",
        "''''Four'''' apostrophes.",
        "''''''Six'''''' apostrophes.",
        "'''Bold ''bold italic''''' plain.",
        "The model's '''bold''' and the unit's ''italic''.",
        "''Unclosed italic on a line.",
        "'''Unclosed bold on a line.",
    ]
    return _each("quotes", fixed)


def _tags() -> list[Case]:
    names = ["b", "strong", "i", "em", "sup", "sub", "small", "big", "s", "strike", "del", "ins", "u", "code"]
    names += ["tt", "kbd", "var", "samp", "q", "cite", "dfn", "abbr", "mark", "span", "font", "bdi"]
    out = [Case(f"tag <{n}>", f"Units in <{n}>ruins</{n}> gain cover.") for n in names]
    out += [
        Case(f"tags <{a}><{b}>", f"The <{a}>2<{b}>nd</{b}></{a}> turn.")
        for a, b in itertools.permutations(["sup", "small", "s", "u", "code"], 2)
    ]
    out += [Case(f"tag with attributes <{n}>", f'A <{n} class="x" title="y">unit</{n}> moves.') for n in names[:8]]
    return out


def _breaks_entities_nowiki() -> list[Case]:
    breaks = ["<br>", "<br/>", "<br />", "<BR>", '<br clear="all">']
    out = [Case(f"break {b}", f"First line.{b}Second line.") for b in breaks]
    entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;", "&mdash;", "&ndash;", "&hellip;", "&#91;", "&#x5B;"]
    entities += ["&eacute;", "&times;", "&frac12;", "&copy;"]
    out += [Case(f"entity {e}", f"Move 6{e} inches.") for e in entities]
    nowiki = [
        "<nowiki>[[Ruins]]</nowiki> is how a link is written.",
        "<nowiki>''not italic''</nowiki> words.",
        "<nowiki>{{template}}</nowiki> words.",
        "A <nowiki/>'''bold''' word.",
        "<nowiki>&amp;</nowiki> is an ampersand.",
        "<nowiki>* not a list</nowiki>",
        "Words<nowiki>'</nowiki>s apostrophe.",
    ]
    out += _each("nowiki", nowiki)
    return out


_MARKERS = ["*", "#", ";", ":", "**", "##", "*#", "#*", "#:", "*:", ";:", "::", "#**", "*##"]


def _lists() -> list[Case]:
    out = [Case(f"list {m}", f"{m} {_WORDS[0]}") for m in _MARKERS]
    for a, b in itertools.product(_MARKERS[:10], repeat=2):
        out.append(Case(f"list {a} {b}", f"{a} {_WORDS[0]}\n{b} {_WORDS[1]}"))
    triples = [("#", "##", "#"), ("#", "#*", "#"), ("*", "*#", "*"), ("#", "#:", "#")]
    triples += list(itertools.product(["*", "#", ";", ":"], repeat=3))
    for a, b, c in triples:
        out.append(Case(f"list {a} {b} {c}", f"{a} {_WORDS[0]}\n{b} {_WORDS[1]}\n{c} {_WORDS[2]}"))
    out += [
        Case("list ; term : definition", "; Ruin level : A floor of a ruin."),
        Case("list after paragraph", f"{_WORDS[0]}\n# {_WORDS[1]}\n# {_WORDS[2]}"),
        Case("list then paragraph", f"# {_WORDS[0]}\n{_WORDS[1]}"),
        Case("list with markup", "# ''Roll'' a '''D6'''.\n# Move<sup>1</sup>."),
    ]
    return out


def _links() -> list[Case]:
    links = [
        f"[[{TITLE}#Case|this case]]",
        "[[#Case]]",
        "[[#Case|the case]]",
        f"[[{TITLE}]]",
        f"[[{TITLE.lower()}|the book]]",
        f"[[{TITLE.replace(' ', '_')}#Case|underscores]]",
        "[[Scrollhammer FAQ]]",
        "[[Scrollhammer FAQ|the FAQ]]",
        "[[Scrollhammer FAQ]]s",
        "[[Scrollhammer FAQ|FAQ]]'s",
        "[[Missing page]]",
        "[[Missing page|errata]]",
        "[[:Category:Rules]]",
        "[[Scrollhammer FAQ|''the'' '''FAQ''']]",
        "[https://example.org/rules the publisher]",
        "[https://example.org/rules]",
        "[https://example.org/a A] and [https://example.org/b]",
        "https://example.org/rules",
        "[mailto:rules@example.org write to us]",
        "[https://example.org/rules ''the'' publisher]",
        "(https://example.org/rules)",
        "https://example.org/rules.",
        "[[Scrollhammer FAQ|FAQ]]ing",
        "[[Scrollhammer FAQ#Section one|a section]]",
        "[[scrollhammer FAQ]]",
        "[[Scrollhammer_FAQ|underscored]]",
        "[https://example.org/rules '''bold''' words]",
        "[[Scrollhammer FAQ|the FAQ]] and [https://example.org/rules the rules]",
    ]
    return [Case(f"link {i}", f"See {link} now.") for i, link in enumerate(links, 1)]


def _headings() -> list[Case]:
    out = [Case(f"heading level {n}", f"{'=' * n} Ruin Levels {'=' * n}\n{_WORDS[0]}") for n in range(3, 7)]
    out += [
        Case("heading with italics", "=== ''Ruin'' Levels ===\nText."),
        Case("heading with a link", "=== [[Scrollhammer FAQ|Questions]] ===\nText."),
        Case("heading with spaces", "===   Ruin Levels   ===\nText."),
        Case("heading with a comment", "=== Ruin Levels <!-- note --> ===\nText."),
        Case("headings nested", "=== A ===\nOne.\n==== B ====\nTwo.\n=== C ===\nThree."),
        Case("heading level 3 then 5", "=== A ===\nOne.\n===== B =====\nTwo."),
    ]
    return out


def _tables() -> list[Case]:
    head = '{| class="wikitable"\n'
    bodies = [
        "| Roll || Levels\n|}",
        "! Roll !! Levels\n|-\n| 1-2 || none\n|-\n| 3 || one\n|}",
        "|+ Levels by roll\n! Roll !! Levels\n|-\n| 1-2 || none\n|}",
        "|-\n| 1-2\n| none\n|-\n| 3\n| one\n|}",
        '! Roll !! Levels\n|-\n| rowspan="2" | 3-4 || up\n|-\n| down\n|}',
        '! Roll !! Levels\n|-\n| colspan="2" | 5-6: two levels\n|}',
        "! Roll !! Levels\n|-\n| ''1-2'' || '''none''' of [[Scrollhammer FAQ|them]]\n|}",
        "|-\n! Roll\n| 1-2\n|-\n! Levels\n| none\n|}",
        '|-\n| style="color:red" | 1-2 || none<br />at all\n|}',
        "! Roll !! Levels\n|-\n| 1 || [https://example.org/rules rules] &amp; more\n|}",
        "|+ ''Caption'' with '''markup'''\n|-\n| a || b || c\n|}",
        "! A !! B !! C\n|-\n| colspan=2 | ab || c\n|-\n| a || b || c\n|}",
    ]
    out = [Case(f"table {i}", head + b) for i, b in enumerate(bodies, 1)]
    out.append(Case("table between paragraphs", f"{_WORDS[0]}\n{head}| 1 || 2\n|}}\n{_WORDS[1]}"))
    out.append(Case("table set in", f"{_WORDS[0]}\n:{head}! Roll !! Levels\n|-\n| 1-2 || none\n|}}\n{_WORDS[1]}"))
    out.append(Case("table set in twice", f"::{head}| 3 || one\n|}}\n:{_WORDS[2]}"))
    return out


def _notes() -> list[Case]:
    texts = [
        "Cover is granted.<ref>As printed in the first edition.</ref>\n\n<references />",
        "Cover is granted.<ref>As printed.</ref> Always.<ref>Unless stated.</ref>\n\n<references />",
        'Cover<ref name="first">The first note.</ref> and again<ref name="first" />.\n\n<references />',
        "Cover is granted.<ref>A note with no list.</ref>",
        "One.<ref>First.</ref>\n\n<references />\n\nTwo.<ref>Second, after the list.</ref>",
        "Cover.<ref>''Italic'' and '''bold''' and [[Scrollhammer FAQ|a link]].</ref>\n<references/>",
        '<ref name="n">Named first.</ref> uses<ref name="n"/> and<ref>other</ref>.\n\n<references />',
    ]
    return _each("footnote", texts)


def _preformatted() -> list[Case]:
    texts = [
        " Roll a D6.",
        " Roll a D6.\n Move that far.",
        f"{_WORDS[0]}\n Roll a D6.\n{_WORDS[1]}",
        " A '''bold''' roll.",
        "<pre>Roll a D6.\n  Move that far.</pre>",
        "<pre>[[Not a link]] ''nor italic'' &amp; more</pre>",
        f"{_WORDS[0]}\n<pre>Roll.</pre>\n{_WORDS[1]}",
    ]
    return _each("preformatted", texts)


#: The files the corpus's wiki holds (uploaded by its test): a small mark and a map.
FILES = {"Shield.png": png(64, 48), "Map.png": png(600, 400, (40, 90, 160))}


def _images_and_rules() -> list[Case]:
    images = [
        "[[File:Shield.png]]",
        "[[File:Shield.png|A shield]]",
        "[[File:Shield.png|thumb]]",
        "[[File:Shield.png|thumb|A shield]]",
        "[[File:Shield.png|frame|A shield]]",
        "[[File:Shield.png|frameless]]",
        "[[File:Shield.png|40px|alt=A mark]]",
        "[[File:Shield.png|x24px]]",
        "[[File:shield.png|border|center|A shield]]",
        "Ruins grant a [[File:Shield.png|20px]] cover save.",
        "[[Image:Shield.png|thumb|An old name for files]]",
        "[[File:Shield.png|thumb|See [[Ruins|the ruins]] and '''more''']]",
        "[[File:Map.png|thumb|A map]]",
        "[[File:Map.png|thumb|500px|A map]]",
        "[[File:Map.png|frameless|200px]]",
        "[[File:Map.png|thumb|alt=The map's words|A map]]",
        "[[File:Map.png|thumb|upright|A map]]",
        "[[File:Map.png|thumb|upright=0.5|A map]]",
        "[[File:Map.png|frameless|upright=1.5]]",
        f"{_WORDS[0]}\n[[File:Map.png|thumb|A map]]\n{_WORDS[1]}",
        "<gallery>\nFile:Shield.png|One\nMap.png|Two\n</gallery>",
        "<gallery>\nFile:Map.png|alt=A blue map|The map\n</gallery>",
        "[[File:Lost plan.png|thumb|The lost plan]]",
    ]
    rules = [
        "----",
        f"{_WORDS[0]}\n----\n{_WORDS[1]}",
        f"{_WORDS[0]}\n\n----\n\n{_WORDS[1]}",
        "----Words after the line.",
        f"{_WORDS[0]}\n-----\n{_WORDS[1]}",
        f"* {_WORDS[0]}\n----\n* {_WORDS[1]}",
        f"{_WORDS[0]}\n----",
    ]
    return _each("image", images) + _each("rule", rules)


def _hidden_and_paragraphs() -> list[Case]:
    texts = [
        "Words.<!-- a note --> More words.",
        "<!-- a note -->\nWords.",
        "Words.\n<!-- a note -->\nMore words.",
        "Words.\n\n<!-- a\nlong\nnote -->\n\nMore words.",
        "Words.\n[[Category:Rules]]",
        "Words.\n\n[[Category:Rules]]\n\nMore words.",
        "[[Category:Rules]] Words.",
        "__NOTOC__\nWords.",
        "Words. __TOC__ More.",
        "__NOEDITSECTION__ Words.",
        f"{_WORDS[0]}\n{_WORDS[1]}",
        f"{_WORDS[0]}\n\n{_WORDS[1]}",
        f"{_WORDS[0]}\n\n\n{_WORDS[1]}",
        f"{_WORDS[0]}\n\n\n\n{_WORDS[1]}",
        "One line.\nTwo lines.\nThree lines.",
        f"# {_WORDS[0]}\n\n# {_WORDS[1]}",
        f"* {_WORDS[0]}\n\n** {_WORDS[1]}",
    ]
    return _each("text", texts)


def cases() -> list[Case]:
    """Every case, in order: quotes, tags, breaks and entities, lists, links, headings, tables, footnotes,
    preformatted text, images and horizontal rules, the rest."""
    return [
        *_quotes(),
        *_tags(),
        *_breaks_entities_nowiki(),
        *_lists(),
        *_links(),
        *_headings(),
        *_tables(),
        *_notes(),
        *_preformatted(),
        *_images_and_rules(),
        *_hidden_and_paragraphs(),
    ]


def site_shape(text: str, wiki: WikiLinks) -> list[Shape]:
    """What the site shows of a synced page's ``text``: the build's steps, then Markdown as MkDocs runs it.

    Raises:
        RulebookError: when the site's reader refuses the text.
    """
    blocks = parse_blocks(text, "Case.wiki", banner=False, strict=False)
    tree = build_tree(blocks, "Case.wiki")
    names = [f"case-{n}" for n in range(len(tree.children))]  # each == section is a page of the site
    pages = resolve_links({name: assign_ids(section) for name, section in zip(names, tree.children, strict=True)}, wiki)
    urls = {name: f"{name}/" for name in names}
    out: list[Shape] = []
    for name in names:
        md = render_page(title="Case", items=pages[name], sources=["Case.wiki"], page_url=urls[name], page_urls=urls)
        html = markdown.markdown(md.split("---\n", 2)[2], extensions=["attr_list"])
        out += page_shape(f"<article>{html}</article>")
    return out


def compare(parse: Callable[[str], str], wiki: WikiLinks, chosen: Iterable[Case] | None = None) -> list[Result]:
    """Each case read by MediaWiki (``parse``: wikitext → ``action=parse``'s HTML) and by the site."""
    out = []
    for case in chosen if chosen is not None else cases():
        text = HEAD + case.text
        theirs = tuple(wiki_shape(parse(text))[1:])
        try:
            ours = tuple(site_shape(text, wiki)[1:])
        except RulebookError as exc:
            out.append(Result(case, theirs, (), refused=str(exc)))
            continue
        out.append(Result(case, theirs, ours))
    return out


def why(result: Result) -> str:
    """Why the site differs on purpose, when it does ("" when no reason is known)."""
    if result.refused:
        return f"the site's reader refuses it: {result.refused}"
    pairs = list(zip(result.wiki, result.site, strict=False))
    first_link = result.case.text.split("[[", 1)[-1].split("]]", 1)[0]
    reasons = [
        (
            "unshown" in [s.kind for s in result.site],
            "markup the site cannot show yet, kept as written with a note",
        ),
        (
            any(w.kind == "p" and s.kind == "heading" and w.words == s.words for w, s in pairs),
            (
                "a line the rulebook writes as a sub-heading (a bold line, a short title-case line) with rules "
                "under it: a heading on the site"
            ),
        ),
        (
            re.search(r"\[\[\s*(?:#|%23)", result.case.text) is not None
            and any(w.links and not s.links for w, s in pairs),
            "a link to a section this page does not have: the wiki links it anyway (to nowhere); the site shows its words",
        ),
        (
            "[[" in result.case.text and first_link.lower() == TITLE.lower(),
            (
                "a link to the rulebook's own page: the wiki shows it unlinked (the page itself); "
                "the site, whose pages are the book's sections, links the book's first rule"
            ),
        ),
    ]
    return next((reason for holds, reason in reasons if holds), "")


#: What the reader does not read as the wiki does yet, each found by a case: how to tell, and what it is.
_GAPS = [
    (
        re.compile(r"^=+[^\n]*<nowiki>[^<]*\n", re.MULTILINE),
        "a heading whose <nowiki> goes on past its line's end: the site reads the heading's line alone",
    ),
    (
        re.compile(r"^[*#:;]*;[*#:;]*;[^\n]* :", re.MULTILINE),
        "a term's ' : ' on a line of several terms: the wiki splits it at the first term it opens, the site at the last",
    ),
    (
        re.compile(r"\[(?:https?|ftp)://\S+ [^\]\n]*\[\["),
        "a wiki link inside an external link's words: the wiki ends the external link's words before it",
    ),
    (
        re.compile(r"''[^\n\[]*\[(?:https?|ftp)://[^\]\n]*''"),
        (
            "bold or italics that cross an external link's brackets: the wiki's HTML parser splits the link "
            "around them; the site keeps the link's brackets as written"
        ),
    ),
    (
        re.compile(r"^\|.*\[\w+://[^\]\n]*\|\|", re.MULTILINE),
        "a cell's '||' inside an external link's brackets: the wiki splits the cells first",
    ),
    (
        re.compile(r"\[\[[^|\]\n]+\|<nowiki\s*/>\]\]"),
        "a link whose words are an empty <nowiki/>: the wiki draws an empty link (nothing to see or tap), the site none",
    ),
    (
        re.compile(r'<\w+ [^>]*="[^"\n]*>'),
        "a '>' inside a text tag's quoted attribute: the wiki's sanitizer ends the tag there",
    ),
    (
        re.compile(r"\[\[[^\]\n]*%[0-9A-Fa-f]{2}[^\]\n]*$", re.MULTILINE),
        "a '[[' never closed, with %-escapes: the wiki shows them read",
    ),
]


def known_gap(result: Result) -> str:
    """What the reader does not read as the wiki does yet, when a case shows a known one ("" when none)."""
    return next(
        (f"not read as the wiki reads it yet: {gap}" for found, gap in _GAPS if found.search(result.case.text)), ""
    )


def report(
    results: list[Result], *, source: str = "`tests/support/wiki_corpus.py`", title: str = "", whole: str = ""
) -> str:
    """The comparison as Markdown: the figure, then every difference with both shapes and why.

    ``whole``: a line for the whole corpus's figure (ours and MediaWiki's parser tests together).
    """
    equal = sum(r.equal for r in results)
    lines = [
        f"# The site's wikitext renderer against MediaWiki 1.39{title}",
        "",
        f"**{equal} of {len(results)} cases equal ({equal / len(results):.1%})**, by visible words and structure",
        f"(blocks, list kinds, depths and numbers, linked words). {source}.",
        "",
        *([whole, ""] if whole else []),
    ]
    for r in results:
        if r.equal:
            continue
        reason = why(r) or known_gap(r) or "not known"
        lines += [f"## {r.case.name}", "", "```wikitext", r.case.text, "```", "", f"Why: {reason}", ""]
        lines += ["| MediaWiki | the site |", "| --- | --- |"]
        for w, s in itertools.zip_longest(r.wiki, r.site):
            lines.append(f"| {_cell(w)} | {_cell(s)} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def _cell(shape: Shape | None) -> str:
    if shape is None:
        return ""
    links = f" links {list(shape.links)}" if shape.links else ""
    return f"{shape.kind} {shape.depth}.{shape.number} {shape.words!r}{links}".replace("|", "\\|")
