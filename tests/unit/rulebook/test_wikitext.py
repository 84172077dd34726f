"""Parsing one export: what each line becomes, and bad files that stop the build."""

from __future__ import annotations

import mwparserfromhell
import pytest
from mwparserfromhell.nodes import Heading, Tag

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import Inline
from build_scripts.rulebook.wikitext import BANNER, decode, parse_blocks

HEAD = f"{BANNER}\n\n==Section==\n\n"


def kinds(text: str) -> list[tuple[str, str | None, str]]:
    return [(b.kind, b.style, b.text) for b in parse_blocks(HEAD + text, "t.wiki")[1:]]


def test_banner_is_dropped_and_first_block_is_the_heading() -> None:
    blocks = parse_blocks(HEAD + "Text.", "t.wiki")
    assert blocks[0].kind == "heading"
    assert blocks[0].text == "Section"
    assert blocks[0].level == 2
    assert all(BANNER not in b.text for b in blocks)


def test_bold_line_is_a_sub_heading_and_inline_bold_is_kept() -> None:
    blocks = parse_blocks(HEAD + "'''Open Ground'''\n\nA '''bold''' word.", "t.wiki")
    assert (blocks[1].kind, blocks[1].style, blocks[1].text) == ("heading", "bold", "Open Ground")
    assert [(i.kind, i.text) for i in blocks[2].inlines] == [("text", "A "), ("bold", "bold"), ("text", " word.")]


@pytest.mark.parametrize(
    "line",
    ["Moving with Artillery:", "Battlements and Building Damage", "Special Rules", "The Unit:"],
)
def test_plain_line_sub_headings(line: str) -> None:
    assert kinds(line + "\n\nSome rule text.")[0] == ("heading", "plain", line)


@pytest.mark.parametrize(
    "line",
    [
        "Beasts have the Fleet of Foot and Move through Cover rules",
        "Rooms may have different Elevations(see page XX)",
        "Battlefield debris is difficult terrain.",
        "When rolling to wound against a building, instead roll to penetrate its defenses:",
    ],
)
def test_sentences_are_paragraphs_not_headings(line: str) -> None:
    assert kinds(line)[0] == ("paragraph", None, line)


def test_bullets_and_chart_rows() -> None:
    blocks = parse_blocks(
        HEAD + "*First\n\n*Second '''b'''\n\n1: Breach!\n\nArmour drops.\n\n2: Tremor\n\nShakes.", "t"
    )
    assert [b.kind for b in blocks[1:]] == ["bullet", "bullet", "chart_row", "chart_row"]
    assert blocks[3].number == 1
    assert blocks[3].text == "Breach!"
    assert "".join(i.text for i in blocks[3].body) == "Armour drops."


def test_text_is_verbatim_typos_included() -> None:
    assert (
        kinds("if the building suffers darnage. ts 3\". you'Il")[0][2]
        == "if the building suffers darnage. ts 3\". you'Il"
    )


def test_lines_are_numbered_from_the_file() -> None:
    blocks = parse_blocks(HEAD + "One.\n\nTwo.", "t.wiki")
    assert [b.source.line for b in blocks] == [3, 5, 7]


# ---------------------------------------------------------------- bad input: file, line, sentence


def error_for(data: bytes) -> RulebookError:
    with pytest.raises(RulebookError) as info:
        parse_blocks(decode(data, "bad.wiki"), "bad.wiki")
    return info.value


def test_empty_file() -> None:
    err = error_for(b"")
    assert (err.source.file, err.source.line) == ("bad.wiki", 1)
    assert "empty" in err.message


def test_not_utf8_names_the_line() -> None:
    err = error_for(f"{BANNER}\n\n==S==\n\nCaf".encode() + b"\xe9 au lait.")
    assert err.source.line == 5
    assert "UTF-8" in err.message


def test_missing_banner() -> None:
    err = error_for(b"==Section==\n\nText.")
    assert err.source.line == 1
    assert "banner" in err.message


def test_missing_heading() -> None:
    err = error_for(f"{BANNER}\n\nJust text.".encode())
    assert err.source.line == 3
    assert "heading" in err.message


def test_unclosed_bold() -> None:
    err = error_for(f"{BANNER}\n\n==S==\n\nFine.\n\n'''Open Ground\n\nMore.".encode())
    assert err.source.line == 7
    assert "unclosed '''" in err.message


@pytest.mark.parametrize("heading", ["== ==", "====", "===   ==="])
def test_heading_with_no_text(heading: str) -> None:
    err = error_for(f"{BANNER}\n\n==S==\n\n{heading}\n\nText.".encode())
    assert err.source.line == 5
    assert "heading" in err.message


def test_unknown_markup_is_refused() -> None:
    err = error_for(f"{BANNER}\n\n==S==\n\nSee {{{{template}}}} here.".encode())
    assert err.source.line == 5
    assert "unsupported wiki markup" in err.message


def test_chart_row_without_its_paragraph() -> None:
    err = error_for(f"{BANNER}\n\n==S==\n\n1: Breach!\n\n'''Next'''\n\nIts rules.".encode())
    assert err.source.line == 5
    assert "followed by its paragraph" in err.message


Q3 = "'" * 3


#: Every refusal of the parser, as a maintainer reads it: the file, the line and the whole message.
REFUSALS = [
    ("==T==\nA '''bold\n", "f.wiki:2: unclosed ''' on this line; close it with ''' before the line ends"),
    (
        "==T==\nText.\n= \n",
        "f.wiki:3: a heading line with no text or unbalanced '=' signs; write it as ==Title== or ===Title===",
    ),
    (
        "==T==\n<!--x-->==H==\n",
        "f.wiki:2: a heading line with no text or unbalanced '=' signs; write it as ==Title== or ===Title===",
    ),
    (
        "==T==\nText.\n  ==H==\n",  # indented: not a heading to the wiki, nor rule text
        "f.wiki:3: a heading line with no text or unbalanced '=' signs; write it as ==Title== or ===Title===",
    ),
    (
        "==T==\nA '''<math>x</math>''' b\n",
        "f.wiki:2: unsupported wiki markup (Tag) '<math>x</math>'; the site cannot show the tag <math> yet",
    ),
    ("==T==\nA '''bold\nstill''' b\n", "f.wiki:2: unclosed ''' on this line; close it with ''' before the line ends"),
    ("==T==\nText.\n== ==\n", "f.wiki:3: a heading has no text; write the heading's title between the '='"),
    (
        # The comment's lines count: the template is on line 5.
        "==T==\n<!-- a\nb\nc -->\nSee {{a very long template name that goes on and on past forty}}\nmore\n",
        (
            "f.wiki:5: unsupported wiki markup (Template) '{{a very long template name that goes on'; "
            "the site cannot show a template the wiki did not expand yet"
        ),
    ),
    ("", "f.wiki:1: the file is empty; expected a rulebook section export"),
    ("'''Bold'''\n==T==\n", "f.wiki:1: expected a ==Section== heading at the top of the page, before any rule text"),
]


@pytest.mark.parametrize(("text", "says"), REFUSALS)
def test_every_refusal_names_the_file_the_line_and_the_fault(text: str, says: str) -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks(text, "f.wiki", banner=False)
    assert str(info.value) == says


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "Not the banner but a long first line of the page, well past sixty characters wide\n==T==\n",
            (
                "f.wiki:1: expected the page banner 'Editing Scrollhammer Rulebook (section)' on the first line, "
                "found 'Not the banner but a long first line of the page, well past '"
            ),
        ),
        (f"{BANNER}\n", "f.wiki:2: expected a ==Section== heading after the banner, before any rule text"),
        (
            f"{BANNER}\n\nWords.\n==T==\n",
            "f.wiki:3: expected a ==Section== heading after the banner, before any rule text",
        ),
    ],
)
def test_an_exports_refusals_count_the_banner(text: str, says: str) -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks(text, "f.wiki")
    assert str(info.value) == says


def test_the_banner_alone_is_dropped_and_the_next_line_is_the_heading() -> None:
    blocks = parse_blocks(f"{BANNER}\n==T==\nText.\n", "f.wiki")
    assert [(b.kind, b.text, b.source.line) for b in blocks] == [("heading", "T", 2), ("paragraph", "Text.", 3)]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"==T==\r\nA.\r\n\xff\n", "f.wiki:3: the file is not valid UTF-8 (byte 0xff at offset 11); save it as UTF-8"),
        (b"\n\xff", "f.wiki:2: the file is not valid UTF-8 (byte 0xff at offset 1); save it as UTF-8"),
    ],
)
def test_bytes_that_are_not_utf8_are_refused_at_their_line(data: bytes, says: str) -> None:
    with pytest.raises(RulebookError) as info:
        decode(data, "f.wiki")
    assert str(info.value) == says


def test_windows_line_ends_are_read_as_newlines() -> None:
    assert decode(b"==T==\r\nA.\r\nB\rC\n", "f.wiki") == "==T==\nA.\nB\rC\n"


def test_what_each_line_becomes_as_runs() -> None:
    blocks = parse_blocks(
        "==T==\n'''Bold'''\n* a '''b''' &amp; c \nOne\ntwo.\n\nPlain Heading\n", "f.wiki", banner=False
    )
    assert [(b.kind, b.style, b.inlines, b.source) for b in blocks] == [
        ("heading", "wiki", (Inline("text", "T"),), Source("f.wiki", 1)),
        ("heading", "bold", (Inline("text", "Bold"),), Source("f.wiki", 2)),
        (
            "bullet",
            None,
            (Inline("text", "a "), Inline("bold", "b"), Inline("text", " "), Inline("text", "&"), Inline("text", " c")),
            Source("f.wiki", 3),
        ),
        ("paragraph", None, (Inline("text", "One"), Inline("text", " "), Inline("text", "two.")), Source("f.wiki", 4)),
        ("paragraph", None, (Inline("text", "Plain Heading"),), Source("f.wiki", 7)),  # heads nothing: words
    ]


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        ("'''Bold'''  \n", [("heading", "bold", "Bold")]),  # spaces after the bold: still a bold line
        ("One Two Three Four Five Six\n", [("heading", "plain", "One Two Three Four Five Six")]),  # six words at most
        ("One Two Three Four Five Six Seven\n", [("paragraph", None, "One Two Three Four Five Six Seven")]),
        ("Big Woods\nAnd Hills\n", [("paragraph", None, "Big Woods And Hills")]),  # two lines: a paragraph
        ("Rock&#39;s Edge\n", [("heading", "plain", "Rock's Edge")]),  # an entity inside a plain heading
        ("Woods &amp; Hills\n", [("paragraph", None, "Woods & Hills")]),
    ],
)
def test_what_a_line_is_read_as(text: str, blocks: list[tuple[str, str | None, str]]) -> None:
    read = parse_blocks(f"==T==\n\n{text}\nIts rules.\n", "f.wiki", banner=False)[1:]
    assert [(b.kind, b.style, b.text) for b in read] == [*blocks, ("paragraph", None, "Its rules.")]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        (f"{Q3}Lava{Q3}\n", [("paragraph", "bold")]),  # the page's end: it heads nothing
        ("Big Woods\n===Hills===\nRules.\n", [("paragraph", "text"), ("heading", "text"), ("paragraph", "text")]),
        (f"{Q3}Lava{Q3}\n\n{Q3}Hot{Q3}\n\nRules.\n", [("heading", "text"), ("heading", "text"), ("paragraph", "text")]),
    ],
)
def test_a_bold_or_plain_line_is_a_sub_heading_only_when_it_heads_something(
    text: str, kinds: list[tuple[str, str]]
) -> None:
    read = parse_blocks(f"==T==\n\n{text}", "f.wiki", banner=False)[1:]
    assert [(b.kind, b.inlines[0].kind) for b in read] == kinds


def test_blank_runs_at_a_lines_ends_are_dropped_and_only_those() -> None:
    [_, bullet, empty] = parse_blocks("==T==\n* '''b''' c \n*   \n", "f.wiki", banner=False)
    assert bullet.inlines == (Inline("bold", "b"), Inline("text", " c"))
    assert empty.inlines == ()
    [_, tail] = parse_blocks("==T==\n* a '''b''' \n", "f.wiki", banner=False)
    assert tail.inlines == (Inline("text", "a "), Inline("bold", "b"))


def test_a_comment_over_the_first_lines_counts_them() -> None:
    blocks = parse_blocks("<!--\nnote\n-->\n==T==\nText.\n", "f.wiki", banner=False)
    assert [(b.text, b.source.line) for b in blocks] == [("T", 4), ("Text.", 5)]


def test_a_chart_row_that_ends_the_page_is_refused_at_its_line() -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks("==T==\nText.\n\n1: Breach!\n", "f.wiki", banner=False)
    assert str(info.value) == "f.wiki:4: damage-chart row '1: Breach!' must be followed by its paragraph"


def test_markup_over_several_lines_is_named_by_its_first_line() -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks("==T==\n<poem>\na.png\n</poem>\n", "f.wiki", banner=False)
    assert (
        str(info.value) == "f.wiki:2: unsupported wiki markup (Tag) '<poem>'; the site cannot show the tag <poem> yet"
    )


def test_a_page_of_a_comment_alone_has_no_heading_at_its_top() -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks("<!-- only a comment -->\n", "f.wiki", banner=False)
    assert str(info.value) == "f.wiki:1: expected a ==Section== heading at the top of the page, before any rule text"


@pytest.mark.parametrize(
    "line",
    [
        "Cover ==Heading== here",
        "Cover * not a bullet",
        "'''Bold''' == not one ==",
        "a\t* b",
        "a # b ; c",
        "x : y",
        "*a : b",
        "#a; b",
    ],
)
def test_the_pinned_parser_makes_headings_and_bullets_only_at_a_lines_start(line: str) -> None:
    """What the reader's "a heading must start its own line" and "a list marker must start its
    line" guards rely on (tests/mutation/equivalent.toml names them): mwparserfromhell, as
    pinned, makes a Heading node or a list marker Tag only at the start of a line (and ``:``
    after a ``;`` term, which the reader takes as its definition)."""
    nodes = mwparserfromhell.parse(line).nodes
    assert not [n for n in nodes if isinstance(n, Heading)]
    markers = [n.wiki_markup for n in nodes if isinstance(n, Tag) and n.wiki_markup in ("*", "#", ";", ":")]
    assert markers == [line[0]] * line.startswith(("*", "#"))
    at_start = mwparserfromhell.parse("== Heading ==\n* bullet\n# step\n; term : definition").nodes
    assert isinstance(at_start[0], Heading)
    found = [n.wiki_markup for n in at_start if isinstance(n, Tag)]
    assert found == ["*", "#", ";", ":"]
