"""Every kind of file of the built site, typed and cached as the README's header table says
(the samples the hosting tests fetch from each server)."""

from __future__ import annotations

from pathlib import Path

from support.header_table import IMMUTABLE, REVALIDATE, readme_book_mark, readme_immutable, readme_types, samples


def test_every_sample_is_typed_and_cached_as_the_readme_says(built_site: Path) -> None:
    types, immutable = readme_types(), readme_immutable()
    for expected in samples(built_site):
        if expected.cookie:
            assert (expected.cache, expected.cookie) == readme_book_mark()
            assert expected.content_type == "text/plain; charset=utf-8"
            assert expected.source(built_site).is_file(), "the build ships the mark's file"
            continue
        name = expected.source(built_site).name
        ending = name if name == "manifest.webmanifest" else Path(name).suffix
        assert expected.content_type == types[ending], expected.kind
        year = immutable.match(expected.path) and expected.status == 200  # "every 404": no-cache
        assert expected.cache == (IMMUTABLE if year else REVALIDATE), expected.kind
