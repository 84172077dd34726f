"""The wiki's images: ``[[File:…|options|caption]]`` and ``<gallery>``'s lines → image runs.

Read as MediaWiki 1.39 reads an image link (``Parser::makeImage``): each ``|`` part is an
option it knows (``thumb``, ``frame``, ``frameless``, ``200px``, ``x100px``, ``alt=…``, an
alignment, ``link=``, ``upright``, …) or the caption, the last such part winning. Without
``alt=``, an image is given its caption as alt text, else its file's name; a boxed image
(``thumb``, ``frame``) shows its caption under it instead (its alt text empty). The file is the wiki's to
give: the sync keeps it with the project and the build shows it from there
(:mod:`build_scripts.rulebook.wiki_files`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeGuard

from mwparserfromhell.nodes import Node, Tag, Text, Wikilink

from build_scripts.core.model import Image, ImageFrame, Inline

__all__ = ["FILE_NAMESPACES", "file_name", "gallery_images", "image_run", "is_gallery"]

#: The namespaces an image is written in (``Media:`` links the file itself).
FILE_NAMESPACES = ("file", "image")
_FRAMES: dict[str, ImageFrame] = {
    "thumb": "thumb",
    "thumbnail": "thumb",
    "frame": "frame",
    "framed": "frame",
    "enframed": "frame",
    "frameless": "frameless",
}
#: Options that change where or how the image sits, not what the site shows of it.
_LAYOUT = frozenset(
    {"border", "left", "right", "center", "centre", "none"}
    | {"baseline", "sub", "super", "sup", "top", "text-top", "middle", "bottom", "text-bottom"}
)
_NAMED = re.compile(r"(?P<name>alt|link|page|class|lang|upright|thumb|thumbnail)\s*=(?P<value>.*)", re.DOTALL)
_SIZE = re.compile(r"(?P<width>[0-9]*)(?:x(?P<height>[0-9]+))?\s*px")
_SPACES = re.compile(r"[\s_]+")
_UPRIGHT = 0.75
_MOST_UPRIGHT = 10.0

#: What reads a caption's nodes: the words they show, without their markup.
CaptionWords = Callable[[Iterable[Node]], str]


def file_name(written: str) -> str:
    """A file's name as the wiki keeps it: ``image:shield icon.png`` → ``Shield_icon.png``."""
    name = written.strip().partition(":")[2] if ":" in written else written.strip()
    name = _SPACES.sub(" ", name).strip()
    return (name[:1].upper() + name[1:]).replace(" ", "_")


def image_run(node: Wikilink, words: CaptionWords, tags: tuple[str, ...] = ()) -> Inline:
    """An image link's run: the image, and the words it shows (its caption) or stands for."""
    parts = _parts(node.text.nodes) if node.text is not None else []
    return _image(file_name(str(node.title)), parts, words, "", tags)


def is_gallery(node: object) -> TypeGuard[Tag]:
    """Whether the node is a ``<gallery>``."""
    return isinstance(node, Tag) and node.wiki_markup is None and str(node.tag).strip().lower() == "gallery"


def gallery_images(node: Tag, words: CaptionWords) -> list[Inline]:
    """A gallery's images, a line each (``File:Shield.png|A shield``; the namespace may be left out)."""
    out: list[Inline] = []
    contents = node.contents.nodes if node.contents is not None else []
    line: list[Node] = []
    for piece in [*_split(contents, "\n"), None]:
        if piece is not None and not isinstance(piece, _Cut):
            line.append(piece)
            continue
        parts = _parts(line)
        line = []
        written = "".join(str(n) for n in parts[0]).strip() if parts else ""
        if written:
            out.append(_image(file_name(written), parts[1:], words, "gallery", ()))
    return out


def _image(name: str, parts: list[list[Node]], words: CaptionWords, frame: ImageFrame, tags: tuple[str, ...]) -> Inline:
    asked, alt, caption, upright = (0, 0), None, "", 0.0
    for part in parts:
        text = "".join(str(n) for n in part).strip()
        named = _NAMED.fullmatch(text)
        size = _SIZE.fullmatch(text)
        if text in _FRAMES and frame != "gallery":
            frame = _FRAMES[text]
        elif named and named.group("name") == "alt":
            alt = words(_after_equals(part))
        elif named and named.group("name") in ("thumb", "thumbnail") and frame != "gallery":
            frame = "thumb"
        elif text == "upright" or (named and named.group("name") == "upright"):
            upright = _factor(named.group("value") if named else "")
        elif named or text in _LAYOUT:
            continue
        elif size and (size.group("width") or size.group("height")):
            asked = (int(size.group("width") or 0), int(size.group("height") or 0))
        else:
            caption = words(part).strip()
    boxed = frame in ("thumb", "frame", "gallery")
    if alt is None:  # as the wiki gives it: a boxed image's caption is shown under it, a gallery's is its alt too
        alt = "" if caption and frame in ("thumb", "frame") else caption or name.replace("_", " ")
    shown = (caption if boxed else "") or alt or caption or name.replace("_", " ")
    image = Image(name, frame, asked, alt, caption if boxed else "", upright)
    return Inline("image", shown, tags=tags, image=image)


def _factor(value: str) -> float:
    """``upright``'s factor: the one written, else the wiki's own (``$wgThumbUpright``, 0.75)."""
    try:
        factor = float(value.strip())
    except ValueError:
        return _UPRIGHT
    return factor if 0 < factor <= _MOST_UPRIGHT else _UPRIGHT


def _after_equals(part: list[Node]) -> list[Node]:
    """A ``name=value`` part's value nodes."""
    out: list[Node] = []
    seen = False
    for node in part:
        if not seen and isinstance(node, Text) and "=" in str(node):
            seen = True
            out.append(Text(str(node).split("=", 1)[1]))
        elif seen:
            out.append(node)
    return out


class _Cut:
    """Where a top-level separator was."""


def _split(nodes: Iterable[Node], separator: str) -> list[Node | _Cut]:
    """The nodes with each top-level ``separator`` in their text made a cut (not those inside a link)."""
    out: list[Node | _Cut] = []
    for node in nodes:
        if not isinstance(node, Text):
            out.append(node)
            continue
        for i, piece in enumerate(str(node).split(separator)):
            if i:
                out.append(_Cut())
            if piece:
                out.append(Text(piece))
    return out


def _parts(nodes: Iterable[Node]) -> list[list[Node]]:
    """An image link's ``|`` parts, each its nodes (a link in the caption keeps its own ``|``)."""
    parts: list[list[Node]] = [[]]
    for piece in _split(nodes, "|"):
        if isinstance(piece, _Cut):
            parts.append([])
        else:
            parts[-1].append(piece)
    return parts
