"""The wiki's images kept with the project: what each is, its size, and the size the wiki shows it at.

The sync keeps each image the rulebook's pages show in ``<into>/files/`` (a phone's copy: the
wiki's own scaling, when the file is wider than a phone needs); a build from the exports
reads the same folder beside them. The site serves them itself, from ``wiki-files/``: the
pages never load an image from the wiki. Only pictures a browser shows as pictures are
kept (PNG, JPEG, GIF, WebP, known by their first bytes): an SVG may hold a script.

The size an image is shown at follows MediaWiki 1.39 (``Parser::makeImage``,
``Linker::makeThumbLink2``): in the words, the size asked (``200px``, ``x100px``) or the
file's own; a thumbnail or a frameless image 300 px wide at most (``upright``: times its
factor, to tens), or the size asked, never wider than the file; a framed one the file's
own size; a gallery's fitted into 120 × 120. On a phone, none is ever wider than the screen (the site's style).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass

from build_scripts.core.model import Image

__all__ = ["FILES_FOLDER", "SITE_FOLDER", "KeptImage", "kept_images", "picture_kind", "picture_size", "shown_size"]

#: Where the images are kept, in the synced pages' folder (or the exports').
FILES_FOLDER = "files"
#: Where the site serves them, from its root.
SITE_FOLDER = "wiki-files"
#: MediaWiki's default thumbnail width (``$wgThumbLimits[5]``) and gallery box.
THUMB_WIDTH = 300
GALLERY_BOX = 120


@dataclass(frozen=True)
class KeptImage:
    """An image kept with the site: its path from the site's root and its size in pixels."""

    path: str
    width: int
    height: int


def picture_kind(data: bytes) -> str | None:
    """The picture's file extension by its first bytes (``png``, ``jpg``, ``gif``, ``webp``), or ``None``."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def picture_size(data: bytes) -> tuple[int, int] | None:
    """A picture's width and height from its header, or ``None`` when it cannot be read."""
    kind = picture_kind(data)
    try:
        if kind == "png":
            return struct.unpack(">II", data[16:24])
        if kind == "gif":
            return struct.unpack("<HH", data[6:10])
        if kind == "webp":
            return _webp_size(data)
        if kind == "jpg":
            return _jpeg_size(data)
    except struct.error:
        return None
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        return width, int.from_bytes(data[27:30], "little") + 1
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2 : at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def kept_images(files: Mapping[str, bytes]) -> dict[str, KeptImage]:
    """The kept files that are pictures, by their name on the wiki, each with its place on the site.

    A file whose bytes are of another kind than its name says (an SVG the wiki drew as a
    PNG) is served under its name with the right extension added (``Icon.svg.png``).
    """
    out = {}
    for name, data in files.items():
        kind, size = picture_kind(data), picture_size(data)
        if kind is None or size is None or not all(size):
            continue
        extension = name.rpartition(".")[2].lower()
        same = extension == kind or (kind == "jpg" and extension == "jpeg")
        out[name] = KeptImage(f"{SITE_FOLDER}/{name if same else f'{name}.{kind}'}", *size)
    return out


def shown_size(image: Image, kept: KeptImage) -> tuple[int, int]:
    """The width and height the wiki shows the image at (from the kept copy's size)."""
    width, height = kept.width, kept.height
    asked_w, asked_h = image.asked
    if image.frame == "frame":
        return width, height
    if image.frame == "gallery":
        return _fitted(width, height, GALLERY_BOX, GALLERY_BOX)
    if image.frame in ("thumb", "frameless"):
        preferred = _php_round_tens(THUMB_WIDTH * image.upright) if image.upright else THUMB_WIDTH
        limit_w = asked_w or (0 if asked_h else preferred)
        w, h = _fitted(width, height, limit_w, asked_h)
        return (w, h) if w <= width else (width, height)
    if asked_w or asked_h:
        return _fitted(width, height, asked_w, asked_h)
    return width, height


def _php_round_tens(value: float) -> int:
    """``value`` rounded to tens as PHP's ``round($x, -1)`` does (halves away from zero): 225 → 230."""
    return int(value / 10 + 0.5) * 10


def _fitted(width: int, height: int, box_w: int, box_h: int) -> tuple[int, int]:
    """The size within ``box_w`` × ``box_h`` (0: no bound) that keeps the picture's proportions."""
    scale = min(s for s in (box_w / width if box_w else None, box_h / height if box_h else None) if s is not None)
    return max(1, round(width * scale)), max(1, round(height * scale))
