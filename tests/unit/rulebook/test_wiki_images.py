"""The wiki's images and horizontal rules, read as MediaWiki 1.39 reads them, and the sizes it shows them at.

The sizes and alt texts below are MediaWiki's own, read from Debian's 1.39 ``action=parse``
(a 1200 × 800 map and a 64 × 48 mark, uploaded; GD scaling).
"""

from __future__ import annotations

import struct

import mwparserfromhell
import pytest
from support.png import png

from build_scripts.core.errors import RulebookError, Source
from build_scripts.core.model import AnchoredBlock, Block, Image, Inline
from build_scripts.rulebook.wiki_files import KeptImage, kept_images, picture_kind, picture_size, shown_size
from build_scripts.rulebook.wiki_images import file_name, gallery_images, image_run
from build_scripts.rulebook.wiki_inline import visible_words
from build_scripts.rulebook.wikilinks import WikiLinks, resolve_links
from build_scripts.rulebook.wikitext import parse_blocks


def image(text: str) -> Image:
    node = mwparserfromhell.parse(text).nodes[0]
    run = image_run(node, lambda nodes: visible_words(Inline("text", str(n)) for n in nodes))  # type: ignore[arg-type]
    assert run.kind == "image"
    assert run.image is not None
    return run.image


@pytest.mark.parametrize(
    ("text", "frame", "asked", "alt", "caption"),
    [
        ("[[File:Map.png]]", "", (0, 0), "Map.png", ""),
        ("[[File:Map.png|A map]]", "", (0, 0), "A map", ""),
        ("[[File:Map.png|thumb]]", "thumb", (0, 0), "Map.png", ""),
        ("[[File:Map.png|thumbnail|A map]]", "thumb", (0, 0), "", "A map"),
        ("[[File:Map.png|frame|A map]]", "frame", (0, 0), "", "A map"),
        ("[[File:Map.png|framed|A map]]", "frame", (0, 0), "", "A map"),
        ("[[File:Map.png|frameless]]", "frameless", (0, 0), "Map.png", ""),
        ("[[File:Map.png|200px|alt=Alt]]", "", (200, 0), "Alt", ""),
        ("[[File:Map.png|x100px]]", "", (0, 100), "Map.png", ""),
        ("[[File:Map.png|200x100px]]", "", (200, 100), "Map.png", ""),
        ("[[File:Map.png|thumb|alt=The words|A map]]", "thumb", (0, 0), "The words", "A map"),
        ("[[File:Map.png|First|Second]]", "", (0, 0), "Second", ""),
        ("[[File:Map.png|left|border|upright|middle|link=|page=2|class=x|A map]]", "", (0, 0), "A map", ""),
        ("[[File:Map.png|thumb=Other.png|A map]]", "thumb", (0, 0), "", "A map"),
        ("[[Image:map.png|thumb|See [[Ruins|the ruins]]]]", "thumb", (0, 0), "", "See [[Ruins|the ruins]]"),
    ],
)
def test_an_image_links_options_are_read_as_the_wiki_reads_them(
    text: str, frame: str, asked: tuple[int, int], alt: str, caption: str
) -> None:
    found = image(text)
    assert (found.frame, found.asked, found.alt, found.caption) == (frame, asked, alt, caption)
    assert found.file == "Map.png"


def test_a_files_name_is_the_wikis() -> None:
    assert file_name("File: shield  icon.png") == "Shield_icon.png"
    assert file_name("image:shield_icon.png") == "Shield_icon.png"
    assert file_name("shield.png") == "Shield.png"


def test_an_images_words_are_its_caption_else_its_alt_text_else_its_name() -> None:
    blocks = parse_blocks(
        "==R==\n[[File:A.png|thumb|alt=Alt|Cap]]\n\n[[File:B.png|alt=Alt]]\n\n[[File:C d.png]]\n",
        "f.wiki",
        banner=False,
    )
    assert [b.text for b in blocks[1:]] == ["Cap", "Alt", "C d.png"]


def test_a_gallerys_lines_are_its_images() -> None:
    node = mwparserfromhell.parse("<gallery>\nFile:A.png|One\n\nb.png|alt=Bee|Two\nImage:C.png\n</gallery>").nodes[0]
    runs = gallery_images(node, lambda nodes: "".join(str(n) for n in nodes))
    assert [(r.text, r.image.file, r.image.alt, r.image.caption, r.image.frame) for r in runs if r.image] == [
        ("One", "A.png", "One", "One", "gallery"),
        ("Two", "B.png", "Bee", "Two", "gallery"),
        ("C.png", "C.png", "C.png", "", "gallery"),
    ]


def test_a_gallery_is_a_rule_of_its_own() -> None:
    blocks = parse_blocks("==R==\nBefore.\n<gallery>\nA.png|One\n</gallery>\nAfter.\n", "f.wiki", banner=False)
    assert [(b.kind, b.text) for b in blocks[1:]] == [
        ("paragraph", "Before."),
        ("paragraph", "One"),
        ("paragraph", "After."),
    ]


def test_a_boxed_image_on_its_own_line_ends_the_paragraph_before_it() -> None:
    blocks = parse_blocks("==R==\nBefore.\n[[File:A.png|thumb|Cap]]\nAfter.\n", "f.wiki", banner=False)
    assert [b.text for b in blocks[1:]] == ["Before.", "Cap", "After."]
    inline = parse_blocks("==R==\nBefore [[File:A.png|20px]]\nafter.\n", "f.wiki", banner=False)
    assert [b.text for b in inline[1:]] == ["Before A.png after."], "an image in the words stays in them"


@pytest.mark.parametrize(
    ("text", "above", "below"),
    [
        ("A.\n----\nB.", [False, True], [False, False]),
        ("A.\n\n-----\n\nB.", [False, True], [False, False]),
        ("----B.", [True], [False]),
        ("A.\n----", [False], [True]),
        ("* A.\n----\n* B.", [False, True], [False, False]),
    ],
)
def test_a_horizontal_rule_is_drawn_with_the_block_after_it(text: str, above: list[bool], below: list[bool]) -> None:
    blocks = parse_blocks(f"==R==\n{text}\n", "f.wiki", banner=False)[1:]
    assert [b.rule_above for b in blocks] == above
    assert [b.rule_below for b in blocks] == below
    assert all("-" not in b.text for b in blocks), "a rule has no words"


def test_a_horizontal_rule_in_an_export_is_shown_too() -> None:
    blocks = parse_blocks("Editing Scrollhammer Rulebook (section)\n==R==\nA.\n----\nB.\n", "f.wiki")
    assert [b.rule_above for b in blocks] == [False, False, True]


def _jpeg(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


@pytest.mark.parametrize(
    ("data", "kind", "size"),
    [
        (png(30, 20), "png", (30, 20)),
        (_jpeg(640, 480), "jpg", (640, 480)),
        (b"GIF89a" + struct.pack("<HH", 7, 9) + b"\x00" * 8, "gif", (7, 9)),
        (
            b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + (99).to_bytes(3, "little") + (49).to_bytes(3, "little"),
            "webp",
            (100, 50),
        ),
        (b"RIFF\x00\x00\x00\x00WEBPVP8L\x00\x00\x00\x00\x2f" + (9 | (4 << 14)).to_bytes(4, "little"), "webp", (10, 5)),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 10 + struct.pack("<HH", 12, 34), "webp", (12, 34)),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", None, None),
        (b"\xff\xd8\xff", "jpg", None),
    ],
)
def test_a_pictures_kind_and_size_come_from_its_first_bytes(
    data: bytes, kind: str | None, size: tuple[int, int] | None
) -> None:
    assert picture_kind(data) == kind
    assert picture_size(data) == size


def test_only_pictures_are_kept_and_served_under_their_kind() -> None:
    kept = kept_images({"Map.png": png(4, 2), "Icon.svg": png(3, 3), "Note.svg": b"<svg/>", "Photo.jpeg": _jpeg(5, 6)})
    assert kept == {
        "Map.png": KeptImage("wiki-files/Map.png", 4, 2),
        "Icon.svg": KeptImage("wiki-files/Icon.svg.png", 3, 3),
        "Photo.jpeg": KeptImage("wiki-files/Photo.jpeg", 5, 6),
    }


MAP, MARK = KeptImage("wiki-files/Map.png", 1200, 800), KeptImage("wiki-files/Mark.png", 64, 48)


@pytest.mark.parametrize(
    ("text", "kept", "size"),
    [
        ("[[File:Map.png]]", MAP, (1200, 800)),
        ("[[File:Map.png|thumb|M]]", MAP, (300, 200)),
        ("[[File:Map.png|thumb|500px|M]]", MAP, (500, 333)),
        ("[[File:Map.png|frame|M]]", MAP, (1200, 800)),
        ("[[File:Map.png|frameless]]", MAP, (300, 200)),
        ("[[File:Map.png|200px]]", MAP, (200, 133)),
        ("[[File:Map.png|x100px]]", MAP, (150, 100)),
        ("[[File:Map.png|thumb|x100px]]", MAP, (150, 100)),
        ("[[File:Mark.png|thumb]]", MARK, (64, 48)),
        ("[[File:Mark.png|frameless]]", MARK, (64, 48)),
        ("[[File:Mark.png|200px]]", MARK, (200, 150)),
        ("[[File:Mark.png|20px]]", MARK, (20, 15)),
        ("[[File:Map.png|thumb|upright|M]]", MAP, (230, 153)),
        ("[[File:Map.png|thumb|upright=0.5|M]]", MAP, (150, 100)),
        ("[[File:Map.png|frameless|upright=1.5]]", MAP, (450, 300)),
        ("[[File:Map.png|thumb|upright=x|M]]", MAP, (230, 153)),
        ("[[File:Map.png|thumb|upright=0|M]]", MAP, (230, 153)),
        ("[[File:Map.png|thumb|upright|200px|M]]", MAP, (200, 133)),
        ("[[File:Map.png|upright]]", MAP, (1200, 800)),
    ],
)
def test_an_image_is_shown_at_the_size_the_wiki_shows_it(text: str, kept: KeptImage, size: tuple[int, int]) -> None:
    assert shown_size(image(text), kept) == size


@pytest.mark.parametrize(("kept", "size"), [(MAP, (120, 80)), (MARK, (120, 90))])
def test_a_gallerys_image_fits_its_box(kept: KeptImage, size: tuple[int, int]) -> None:
    assert shown_size(Image("X.png", "gallery"), kept) == size


def _page(run: Inline) -> dict[str, list[AnchoredBlock]]:
    block = Block("paragraph", (run,), Source("Ruins.wiki", 7))
    return {"ruins": [AnchoredBlock("ruins-map", block, ("Ruins",))]}


def test_a_kept_image_is_shown_from_the_site_at_its_size() -> None:
    run = Inline("image", "A map", image=Image("Map.png", "thumb", caption="A map"))
    done = resolve_links(_page(run), WikiLinks(images={"Map.png": MAP}, synced=True))
    shown = done["ruins"][0].block.inlines[0]
    assert shown.url == "wiki-files/Map.png"
    assert shown.image is not None
    assert (shown.image.width, shown.image.height) == (300, 200)


def test_an_image_the_wiki_lacks_shows_its_words_in_a_synced_page() -> None:
    run = Inline("image", "A map", image=Image("Lost.png"))
    done = resolve_links(_page(run), WikiLinks(synced=True))
    assert done["ruins"][0].block.inlines[0] == run


def test_an_exports_image_not_kept_stops_the_build_naming_file_and_line() -> None:
    run = Inline("image", "A map", image=Image("Lost.png"))
    with pytest.raises(RulebookError) as info:
        resolve_links(_page(run), WikiLinks(images={"Map.png": MAP}))
    assert str(info.value).startswith(
        "Ruins.wiki:7: the image File:Lost.png is not kept with the rulebook; put the file"
    )
