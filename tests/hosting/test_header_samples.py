"""Every kind of file of the built site, typed and cached as the README's header table says
(the samples the hosting tests fetch from each server)."""

from __future__ import annotations

import re
from pathlib import Path

from support.header_table import IMMUTABLE, REVALIDATE, readme_rows, samples


def cells(text: str) -> list[str]:
    """The code spans of a cell (``*.css``, ``Content-Type: …``)."""
    return re.findall(r"`([^`]+)`", text)


def readme_types() -> dict[str, str]:
    """File ending (or name) → the Content-Type the README's table gives it; ``.html`` for pages."""
    types = {}
    for files, headers in readme_rows():
        stated = headers.split(" (", 1)[0]  # what follows in brackets says why
        values = [v.removeprefix("Content-Type: ") for v in cells(stated) if not v.startswith(("Cache", "Content-S"))]
        if files.startswith("HTML (and the 404"):
            types[".html"] = values[0]
            continue
        names = cells(files)
        if names and all(n.startswith("*.") or n == "manifest.webmanifest" for n in names):
            shared = values * len(names) if len(values) == 1 else values
            for name, value in zip(names, shared, strict=True):
                types[name.removeprefix("*")] = value
    return types


def readme_immutable() -> re.Pattern[str]:
    """The README's year-long files as one pattern of paths."""
    (files,) = [files for files, headers in readme_rows() if IMMUTABLE in headers]
    parts = []
    for glob in cells(files):
        regex = re.escape(glob).replace(r"<version>", r"[^/]+").replace(r"<hash>", r"[0-9a-f]+")
        regex = regex.replace(r"/\*\*/", "/(?:.*/)?").replace(r"\*", "[^/]*").replace(r"\{js,css\}", "(?:js|css)")
        parts.append(regex + r"(?:\.map)?")
    return re.compile("^(?:" + "|".join(parts) + ")$")


def test_every_sample_is_typed_and_cached_as_the_readme_says(built_site: Path) -> None:
    types, immutable = readme_types(), readme_immutable()
    for expected in samples(built_site):
        name = expected.source(built_site).name
        ending = name if name == "manifest.webmanifest" else Path(name).suffix
        assert expected.content_type == types[ending], expected.kind
        year = immutable.match(expected.path) and expected.status == 200  # "every 404": no-cache
        assert expected.cache == (IMMUTABLE if year else REVALIDATE), expected.kind
