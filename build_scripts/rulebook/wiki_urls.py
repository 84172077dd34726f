"""The addresses of the wiki's links, read as MediaWiki reads them.

An external link's address is written with entities (``http://x&amp;y``): the wiki reads
them first and ends a bare address where a character no address holds stands (``<``, ``>``,
``"``, a space). A wiki link's words, when it has none of its own, are its target as the
wiki shows it: entities and ``%``-escapes read (``[[7%25 Solution]]`` shows "7% Solution").
Only addresses of the schemes the wiki links are links (``http(s)``, ``ftp``, ``mailto``,
``news:``, ``irc://``, …, the protocol-relative ``//host``; never ``javascript:``); a lone
``http://`` is no address at all.
A wiki link's target must be a title the wiki can have (``[[]]``, ``[[Help:]]``,
``[[./foo]]``, ``[[a<b]]`` are none): the wiki shows such a link as written.
"""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

__all__ = ["address", "is_title", "leaves_safely", "shown_title"]

#: The addresses a link may leave the site for: those the wiki links (MediaWiki 1.39's ``$wgUrlProtocols``),
#: none of which runs a script (``javascript:`` and ``data:`` are not among them).
_URL_PROTOCOLS = (
    "bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://", "https://", "irc://", "ircs://",
    "magnet:", "mailto:", "matrix:", "mms://", "news:", "nntp://", "redis://", "sftp://", "sip:", "sips:", "sms:",
    "ssh://", "svn://", "tel:", "telnet://", "urn:", "worldwind://", "xmpp:", "//",
)  # fmt: skip
_SAFE_SCHEMES = re.compile("|".join(re.escape(p) for p in _URL_PROTOCOLS), re.IGNORECASE)
#: A scheme with nothing after it.
_LONE = re.compile(r"[a-z][a-z0-9+.-]*:(?://)?", re.IGNORECASE)
#: What ends an address once its entities are read: ``<``, ``>``, ``"`` and the wide spaces (an entity's
#: plain space, tab or line end does not: the wiki escapes it, ``%20``).
_END = re.compile('[<>"\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]')
#: What ends an address as written: a space or a control character.
_WRITTEN_END = re.compile(r"[\x00-\x20\x7f]")
#: What the wiki escapes in an address (``Sanitizer::cleanUrl``).
_ESCAPED = re.compile(r"[\x00-\x20\x7f|\[\]]")
#: Characters the wiki drops from an address: they show nothing (a soft hyphen, joiners).
_IGNORED = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")


def address(written: str) -> tuple[str, str]:
    """An address as written → the address, and what follows it that is not part of it (words).

    Brackets, pipes, spaces and line ends an entity put in it are escaped (``%5B``, ``%7C``,
    ``%20``, ``%0A``), as the wiki writes them.
    """
    written = written.strip(" \t\n")
    cut = _WRITTEN_END.search(written)  # a character no address holds, as written (not from an entity)
    head, tail = (written[: cut.start()], html.unescape(written[cut.start() :])) if cut else (written, "")
    url = _IGNORED.sub("", html.unescape(head))
    end = _END.search(url)
    url, rest = (url[: end.start()], url[end.start() :] + tail) if end else (url, tail)
    return _ESCAPED.sub(lambda c: f"%{ord(c.group()):02X}", url), rest


def leaves_safely(url: str) -> bool:
    """Whether ``url`` is an address a link of the site may lead to."""
    return bool(_SAFE_SCHEMES.match(url)) and not _LONE.fullmatch(url)


def shown_title(target: str) -> str:
    """A wiki link's target as its words: entities and ``%``-escapes read."""
    return unquote(html.unescape(target))


#: What no title holds (MediaWiki's ``$wgLegalTitleChars`` leaves these out), and an escape left in it.
_NOT_IN_TITLES = re.compile(r"[<>\[\]{}|\x00-\x1f\x7f]|%[0-9A-Fa-f]{2}|~~~|&[A-Za-z0-9\x80-\xff]+;")
_RELATIVE = re.compile(r"(?:^|/)\.{1,2}(?:/|$)")
#: The wiki's namespaces (a default MediaWiki's): a link to one must name a page in it.
_NAMESPACES = frozenset(
    {"media", "special", "talk", "user", "user talk", "project", "project talk", "file", "file talk", "image"}
    | {"mediawiki", "mediawiki talk", "template", "template talk", "help", "help talk", "category", "category talk"}
)


def is_title(target: str) -> bool:
    """Whether a wiki link's target (its entities and escapes read) names a page or a section the wiki can have."""
    title, hashed, _fragment = target.partition("#")
    title = title.strip()
    if not title:
        return bool(hashed)  # [[#Section]]: a section of this page
    namespace, colon, rest = title.partition(":")
    if colon and namespace.strip().lower().replace("_", " ") in _NAMESPACES and not rest.strip():
        return False
    return not (_NOT_IN_TITLES.search(title) or _RELATIVE.search(title) or len(title.encode("utf-8")) > 255)
