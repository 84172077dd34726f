"""A Special:Export file written by hand, as MediaWiki 1.39 writes one (schema 0.11), for the
sync's tests that need no running wiki (``make sync EXPORT=file.xml`` reads such a file)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from xml.sax.saxutils import escape

NAMESPACE = "http://www.mediawiki.org/xml/export-0.11/"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class ExportRevision:
    """One revision of a page in the file; ``text=None`` writes it as a hidden text."""

    id: int
    parent: int
    time: str
    user: str
    summary: str
    text: str | None


def base36_sha1(text: str) -> str:
    """The SHA-1 of ``text`` as an export writes it: base 36, 31 digits."""
    number = int(hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest(), 16)
    digits = ""
    while number:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
    return digits.rjust(31, "0")


def _revision(rev: ExportRevision) -> str:
    parent = f"      <parentid>{rev.parent}</parentid>\n" if rev.parent else ""
    if rev.text is None:
        text, sha1 = '      <text deleted="deleted" />\n', "      <sha1 />\n"
    else:
        size = len(rev.text.encode("utf-8"))
        text = f'      <text bytes="{size}" xml:space="preserve">{escape(rev.text)}</text>\n'
        sha1 = f"      <sha1>{base36_sha1(rev.text)}</sha1>\n"
    return (
        "    <revision>\n"
        f"      <id>{rev.id}</id>\n{parent}"
        f"      <timestamp>{rev.time}</timestamp>\n"
        f"      <contributor>\n        <username>{escape(rev.user)}</username>\n        <id>1</id>\n      </contributor>\n"
        f"      <comment>{escape(rev.summary)}</comment>\n"
        "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
        f"{text}{sha1}"
        "    </revision>\n"
    )


def export_xml(title: str, revisions: list[ExportRevision], *, page_id: int = 1, base: str = "") -> bytes:
    """The export of one page with every revision, oldest first."""
    base = base or "http://127.0.0.1:8080/index.php/Main_Page"
    return (
        f'<mediawiki xmlns="{NAMESPACE}" version="0.11" xml:lang="en">\n'
        "  <siteinfo>\n    <sitename>Scrollhammer</sitename>\n    <dbname>scrollhammer</dbname>\n"
        f"    <base>{escape(base)}</base>\n    <generator>MediaWiki 1.39.10</generator>\n"
        "    <case>first-letter</case>\n"
        '    <namespaces>\n      <namespace key="0" case="first-letter" />\n    </namespaces>\n'
        "  </siteinfo>\n"
        f"  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n    <id>{page_id}</id>\n"
        + "".join(_revision(r) for r in revisions)
        + "  </page>\n</mediawiki>\n"
    ).encode("utf-8")
