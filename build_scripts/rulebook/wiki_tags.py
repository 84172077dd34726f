"""The wiki's text-level tags (``<sup>``, ``<small>``, ``<s>``, …) and the tag the site writes for each."""

from __future__ import annotations

__all__ = ["SWITCHES", "TEXT_TAGS"]

#: The wiki's behaviour switches (``__NOTOC__``, …): they change how it lays a page out and show nothing.
SWITCHES = (
    "NOTOC", "FORCETOC", "TOC", "NOEDITSECTION", "NEWSECTIONLINK", "NONEWSECTIONLINK", "NOGALLERY", "HIDDENCAT",
    "EXPECTUNUSEDCATEGORY", "NOCONTENTCONVERT", "NOCC", "NOTITLECONVERT", "NOTC", "INDEX", "NOINDEX",
    "STATICREDIRECT", "DISAMBIG",
)  # fmt: skip

#: The wiki's text-level tags and the tag the site writes for each ("" shows its words alone).
TEXT_TAGS = {
    "b": "strong",
    "strong": "strong",
    "i": "em",
    "em": "em",
    "sup": "sup",
    "sub": "sub",
    "small": "small",
    "big": "big",
    "s": "s",
    "strike": "s",
    "del": "del",
    "ins": "ins",
    "u": "u",
    "code": "code",
    "tt": "code",
    "kbd": "kbd",
    "var": "var",
    "samp": "samp",
    "q": "q",
    "cite": "cite",
    "dfn": "dfn",
    "abbr": "abbr",
    "mark": "mark",
    "span": "",
    "font": "",
    "bdi": "",
    # Not text-level: a page shows what a transclusion's marks hold, and never the marks.
    "noinclude": "",
    "onlyinclude": "",
}
