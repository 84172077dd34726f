"""Cite's checks of a footnote, each message where the wiki shows it (the whole comparison: tests/sync)."""

from __future__ import annotations

import pytest
from support.rulebook_helpers import wiki_page as page
from support.rulebook_helpers import wiki_shown as shown

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.wikitext import parse_blocks


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("<ref></ref>", "Invalid <ref> tag; refs with no name must have content"),
        ('<ref name=""> </ref>', "Invalid <ref> tag; refs with no name must have content"),
        ("<ref />", "The opening <ref> tag is malformed or has a bad name"),
        ('<ref name="0">Zero</ref>', "Invalid <ref> tag; name cannot be a simple integer. Use a descriptive title"),
        ('<ref name="a" follow="b">x</ref>', "Invalid <ref> tag; invalid names, e.g. too many"),
        ('<ref name="a" colour="red">x</ref>', "Invalid <ref> tag; invalid names, e.g. too many"),
        ('<ref extends="a">x</ref>', "Invalid <ref> tag; invalid names, e.g. too many"),
        ('<ref dir="up">x</ref>', 'Invalid dir="up", must be ltr or rtl'),
    ],
)
def test_a_footnote_cite_refuses_shows_its_message_in_place_of_a_mark(ref: str, message: str) -> None:
    [paragraph] = page(f"Cover.{ref}")
    assert paragraph.text == f"Cover.Cite error: {message}"
    assert paragraph.inlines[-1].note == "cite-error"


def test_an_export_stops_at_a_footnote_cite_refuses() -> None:
    with pytest.raises(RulebookError) as info:
        parse_blocks("==T==\nCover.\nMore.<ref></ref>\n", "f.wiki", banner=False)
    assert str(info.value) == (
        "f.wiki:3: a footnote the wiki refuses (Cite error: Invalid <ref> tag; refs with no name must have content)"
    )


def test_two_notes_of_one_name_and_other_words_add_cites_message_to_the_first() -> None:
    blocks = page('A.<ref name="a">abc</ref> B.<ref name="a">def</ref> C.<ref name="a">abc</ref>')
    assert blocks[0].text == "A.[1] B.[1] C.[1]"
    assert blocks[1].text == 'abc Cite error: Invalid <ref> tag; name "a" defined multiple times with different content'


def test_a_note_that_follows_another_adds_its_words_and_leaves_no_mark() -> None:
    assert shown('A.<ref name="p">First part.</ref> B.<ref follow="p">Second part.</ref>') == [
        ("paragraph", "A.[1] B."),
        ("footnote", "First part. Second part."),
    ]


def test_a_list_of_notes_shows_cites_messages_for_what_it_refuses_after_the_notes() -> None:
    text = (
        '<ref name="foo" group="2" />\n'
        '<references group="2">\n<ref name="foo" />\n<ref name="unused">BAR</ref>\n'
        '<ref name="foo" group="1">bad group</ref>\n<ref>no name</ref>\n</references>'
    )
    assert shown(text)[1:] == [
        ("footnote", ""),
        (
            "paragraph",
            (
                'Cite error: <ref> tag with name "foo" defined in <references> group "2" has no content. '
                'Cite error: <ref> tag with name "unused" defined in <references> is not used in prior text. '
                'Cite error: <ref> tag in <references> has conflicting group attribute "1". '
                "Cite error: <ref> tag defined in <references> has no name attribute."
            ),
        ),
    ]


def test_a_list_of_notes_with_a_parameter_cite_does_not_know_lists_nothing() -> None:
    assert shown('A.<ref>x</ref>\n<references name="q" />\n<references />') == [
        ("paragraph", "A.[1]"),
        ("paragraph", "Cite error: Invalid parameter in <references> tag"),
        ("footnote", "x"),
    ]


def test_a_note_that_follows_one_not_given_before_it_is_listed_first_unnumbered_with_no_mark() -> None:
    blocks = page('A.<ref name="first">First</ref> B.<ref follow="third">Second</ref> C.<ref name="third">Third</ref>')
    assert blocks[0].text == "A.[1] B. C.[2]"
    assert [(b.number, b.text) for b in blocks[1:]] == [(0, "Second"), (1, "First"), (2, "Third")]


def test_a_notes_attributes_are_read_alike_wherever_it_stands_names_in_any_case() -> None:
    text = 'A.<ref NAME="x" />\n<references Group="">\n<ref Name="x">Words</ref>\n</references>'
    assert shown(text) == [("paragraph", "A.[1]"), ("footnote", "Words")]
