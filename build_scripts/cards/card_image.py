"""A rule card's image: what a chat shows when a rule's link is posted (``og:image``).

1200×630 PNG, light, in the site's palette: the site's name and the date of the words in
a brown band, the rule's place, and the rule's words set as large as fit (long rules
shrink, down to a size still readable as a phone thumbnail; past that the words are cut at
a word with "…", never drawn outside the card). Drawn with Pillow in DejaVu Sans (Debian's
``fonts-dejavu-core``; ``make`` installs it), the way mkdocs-material's ``social``
plugin draws page cards; each image is kept in the build's cache under a hash of what it
shows, so a warm build copies instead of drawing (and a cold one draws on every core).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from build_scripts.core.build_cache import BuildCache, Job, Made
from build_scripts.core.errors import RulebookError

__all__ = ["FONT_DIR", "HEIGHT", "WIDTH", "CardFace", "card_images", "draw_card"]

WIDTH, HEIGHT = 1200, 630
#: Where Debian's ``fonts-dejavu-core`` puts its fonts.
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
_REGULAR, _BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"
#: Bumped when the drawing changes, so cached images are drawn again.
_DRAWING = "3"

_PAPER = (251, 248, 245)
_BAND = (121, 85, 72)  # Material's brown, the site's primary colour
_ON_BAND = (255, 255, 255)
_PLACE = (93, 64, 55)
_INK = (33, 26, 23)
_ACCENT = (255, 110, 64)  # Material's deep orange, the site's accent

_MARGIN = 60
_BAND_H = 96
_LARGEST, _SMALLEST = 64, 30
_LINE = 1.28


@dataclass(frozen=True)
class CardFace:
    """What a card image shows."""

    site: str
    place: str
    words: str
    date: str

    def key(self) -> str:
        """A hash of everything drawn (and of the drawing's version), naming the cached image."""
        text = f"{_DRAWING}\x1f{self.site}\x1f{self.place}\x1f{self.words}\x1f{self.date}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


@lru_cache(maxsize=64)
def _font(name: str, size: int, font_dir: Path = FONT_DIR) -> ImageFont.FreeTypeFont:
    path = font_dir / name
    if not path.is_file():
        raise RulebookError(f"card images: no font at {path}; install Debian's fonts-dejavu-core (`make setup` does)")
    return ImageFont.truetype(str(path), size)


def _wrap(words: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """The words in lines no wider than ``width`` (the source's line breaks kept)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and font.getlength(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return [line for line in lines if line] or [""]


def _fit(words: str, name: str, width: int, height: int, largest: int, smallest: int) -> tuple[int, list[str]]:
    """The largest size at which the words fit the box, and their lines (cut with "…" at the smallest).

    The sizes are ``largest``, then 2 points less each step. A smaller size never needs more
    lines, so the sizes are searched by halves: the size found is the one trying each from
    the largest would find, in a quarter of the tries.
    """
    sizes = list(range(largest, smallest - 1, -2))
    low, high = 0, len(sizes)  # sizes[:low] do not fit; sizes[high:] fit
    fitting: dict[int, list[str]] = {}
    while low < high:
        middle = (low + high) // 2
        size = sizes[middle]
        lines = _wrap(words, _font(name, size), width)
        if len(lines) * size * _LINE <= height:
            fitting[size] = lines
            high = middle
        else:
            low = middle + 1
    if low < len(sizes):
        return sizes[low], fitting[sizes[low]]
    font = _font(name, smallest)
    lines = _wrap(words, font, width)
    room = max(1, int(height // (smallest * _LINE)))
    kept = lines[:room]
    last = kept[-1]
    while last and font.getlength(last + " …") > width:
        last = last.rsplit(" ", 1)[0] if " " in last else ""
    kept[-1] = (last + " …").strip()
    return smallest, kept


def draw_card(face: CardFace) -> bytes:
    """The card as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), _PAPER)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, WIDTH, _BAND_H), fill=_BAND)
    pen.rectangle((0, HEIGHT - 10, WIDTH, HEIGHT), fill=_ACCENT)
    site_font = _font(_BOLD, 38)
    pen.text((_MARGIN, _BAND_H // 2), face.site, font=site_font, fill=_ON_BAND, anchor="lm")
    if face.date:  # a reading's card has no date: its words are the site's, not the rulebook's
        pen.text(
            (WIDTH - _MARGIN, _BAND_H // 2),
            f"Words of {face.date}",
            font=_font(_REGULAR, 30),
            fill=_ON_BAND,
            anchor="rm",
        )

    inner = WIDTH - 2 * _MARGIN
    top = _BAND_H + 36
    place_size, place_lines = _fit(face.place, _BOLD, inner, int(2 * 34 * _LINE), 34, 24)
    place_font = _font(_BOLD, place_size)
    for line in place_lines:
        pen.text((_MARGIN, top), line, font=place_font, fill=_PLACE)
        top += int(place_size * _LINE)
    top += 22
    pen.rectangle((_MARGIN, top, _MARGIN + 120, top + 6), fill=_ACCENT)
    top += 34

    bottom = HEIGHT - 10 - 36
    size, lines = _fit(face.words, _REGULAR, inner, bottom - top, _LARGEST, _SMALLEST)
    font = _font(_REGULAR, size)
    for line in lines:
        pen.text((_MARGIN, top), line, font=font, fill=_INK)
        top += int(size * _LINE)

    out = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(out, format="PNG", compress_level=7)
    return out.getvalue()


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The card's 52 colours: each text colour's shades towards its background, and the accent's.

    The shades are the edges of letters. Mapping to a fixed palette takes 2 ms where finding
    one took about 100 (median cut), and zlib at level 7 takes 21 ms where ``optimize`` took
    100, for images 4 % larger than at level 9; drawn cards look the same (the palette holds
    every colour they use).
    """

    def shades(ink: tuple[int, int, int], paper: tuple[int, int, int], count: int) -> list[int]:
        return [round(ink[i] + (paper[i] - ink[i]) * k / (count - 1)) for k in range(count) for i in range(3)]

    colours = (
        shades(_INK, _PAPER, 16) + shades(_PLACE, _PAPER, 16) + shades(_ON_BAND, _BAND, 16) + shades(_ACCENT, _PAPER, 4)
    )
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [0] * (768 - len(colours)))
    return palette


def card_images(faces: Sequence[CardFace], *, cache_dir: Path) -> dict[CardFace, Made]:
    """Each face's image (PNG), from the cache when it was drawn before, else drawn now (on every core) and kept."""
    made = BuildCache(cache_dir).make_all({f"{face.key()}.png": Job(draw_card, face) for face in faces})
    return {face: made[f"{face.key()}.png"] for face in faces}
