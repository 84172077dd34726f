"""The images the rulebook's pages show, fetched from the wiki for the site to keep.

``prop=imageinfo`` gives each file's address, SHA-1, size and kind, and the address of a
copy the wiki scales to a phone's width (``iiurlwidth``). The site keeps that copy when the
file is wider than a phone needs (or is no picture a browser shows by itself, an SVG the wiki
draws as a PNG), else the file itself, its SHA-1 checked. A file the wiki does not have, or
can only give as something else than a picture, is named with why: its words are shown.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import mwclient  # type: ignore[import-untyped]

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.wiki_files import picture_kind, picture_size
from build_scripts.rulebook.wiki_images import file_name
from build_scripts.rulebook.wikitext import parse_blocks
from build_scripts.sync.model import SyncError

__all__ = ["PHONE_WIDTH", "fetch_images", "image_files", "images_named"]

#: The widest copy a phone needs: 412 CSS pixels at twice their density.
PHONE_WIDTH = 824
_TIMEOUT = 60
#: A name the site can keep a file by (the wiki refuses ``/``, ``\\`` and ``:`` in files' names too).
_SAFE_NAME = re.compile(r"[^/\\:.][^/\\:]*")


def images_named(texts: Iterable[str]) -> set[str]:
    """The files the pages' words show (``[[File:…]]``, a gallery's lines), by their names on the wiki."""
    names = set()
    for n, text in enumerate(texts):
        try:
            blocks = parse_blocks(text, f"page {n + 1}", banner=False, strict=False)
        except RulebookError:
            continue  # words the build refuses: the replay names them, and they show no image
        names |= {run.image.file for block in blocks for run in (*block.inlines, *block.body) if run.image is not None}
    return {name for name in names if _SAFE_NAME.fullmatch(name)}


def fetch_images(site: mwclient.Site, names: Iterable[str]) -> tuple[dict[str, bytes], list[str]]:
    """Each named image as the site keeps it, and the ones it cannot keep, each with why.

    Raises:
        SyncError: when a file's bytes do not match the SHA-1 the wiki gives for it.
    """
    kept: dict[str, bytes] = {}
    not_kept: list[str] = []
    asked = sorted(names)
    for start in range(0, len(asked), 50):
        titles = "|".join(f"File:{name}" for name in asked[start : start + 50])
        answer = site.post(
            "query", titles=titles, prop="imageinfo", iiprop="url|sha1|size|mime", iiurlwidth=PHONE_WIDTH
        )
        pages = answer.get("query", {}).get("pages", {})
        for page in pages.values() if isinstance(pages, Mapping) else pages:
            name = file_name(str(page.get("title", "")))
            infos = page.get("imageinfo") or []
            if not infos:
                not_kept.append(f"File:{name}: the wiki has no such file; its words are shown")
                continue
            data = _picture(site, name, infos[0])
            if data is None:
                kind = infos[0].get("mime")
                not_kept.append(f"File:{name}: not a picture a browser shows ({kind}); its words are shown")
            else:
                kept[name] = data
    return kept, not_kept


def _picture(site: mwclient.Site, name: str, info: Mapping[str, Any]) -> bytes | None:
    """The file's phone copy, or the file itself (its SHA-1 checked); ``None`` when it is no picture."""
    scaled = "thumburl" in info and "thumberror" not in info
    original_is_picture = str(info.get("mime", "")) in ("image/png", "image/jpeg", "image/gif", "image/webp")
    if scaled and (int(info.get("width", 0)) > PHONE_WIDTH or not original_is_picture):
        data = _get(site, str(info["thumburl"]), name)
        size = picture_size(data)
        if picture_kind(data) is not None and size is not None and size[0] <= PHONE_WIDTH:
            return data
    if not original_is_picture:
        return None
    data = _get(site, str(info["url"]), name)
    if hashlib.sha1(data).hexdigest() != str(info.get("sha1", "")):  # noqa: S324 - the wiki's own checksum
        raise SyncError(f"the file File:{name} the wiki gave does not match its SHA-1; nothing was changed, try again")
    return data if picture_kind(data) is not None else None


def _get(site: mwclient.Site, url: str, name: str) -> bytes:
    """A file's bytes from the wiki."""
    response = site.connection.get(url, timeout=_TIMEOUT)
    if response.status_code != 200:
        raise SyncError(f"the wiki answered {response.status_code} for the file File:{name} ({url}); try again later")
    return bytes(response.content)


def image_files(folder: Path, images: Mapping[str, bytes]) -> dict[Path, bytes | None]:
    """The images to write (new or changed) and the kept ones to remove (the pages show them no more)."""
    out: dict[Path, bytes | None] = {
        folder / name: data
        for name, data in sorted(images.items())
        if not (folder / name).is_file() or (folder / name).read_bytes() != data
    }
    gone = [path for path in folder.iterdir() if path.is_file() and path.name not in images] if folder.is_dir() else []
    return out | dict.fromkeys(sorted(gone))
