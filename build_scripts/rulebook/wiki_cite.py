"""Cite's checks of a footnote (``<ref>``) and a list of notes (``<references>``), and its messages.

The wiki's Cite extension (1.39, ``Cite::validateRef``) refuses a malformed footnote and
shows a message in its place ("Cite error: …") instead of a mark. A synced page shows the
same message where the wiki shows it; an export stops at the footnote's file and line, as for
any malformed source. The messages are Cite's own English ones, as a reader sees them.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from mwparserfromhell.nodes import Tag

__all__ = ["CITE_ERROR", "DUPLICATE_KEY", "arguments", "list_fault", "ref_fault"]

#: What the wiki writes before each of its messages.
CITE_ERROR = "Cite error: "
#: Two notes of one name with different words: added to the first's words.
DUPLICATE_KEY = 'Invalid <ref> tag; name "{}" defined multiple times with different content'

_REF_ARGUMENTS = frozenset({"group", "name", "extends", "follow", "dir"})
_LIST_ARGUMENTS = frozenset({"group", "responsive"})
_NUMERIC_KEY = "Invalid <ref> tag; name cannot be a simple integer. Use a descriptive title"
_TOO_MANY_KEYS = "Invalid <ref> tag; invalid names, e.g. too many"
_NO_KEY = "The opening <ref> tag is malformed or has a bad name"
_NO_INPUT = "Invalid <ref> tag; refs with no name must have content"
_INVALID_DIR = 'Invalid dir="{}", must be ltr or rtl'
_GROUP_MISMATCH = '<ref> tag in <references> has conflicting group attribute "{}".'
_LISTED_NO_KEY = "<ref> tag defined in <references> has no name attribute."
_EMPTY_DEFINE = '<ref> tag with name "{}" defined in <references> group "{}" has no content.'
_MISSING_GROUP = (
    '<ref> tag with name "{}" defined in <references> has group attribute "{}" which does not appear in prior text.'
)
_MISSING_KEY = '<ref> tag with name "{}" defined in <references> is not used in prior text.'
_LIST_PARAMETERS = "Invalid parameter in <references> tag"


def arguments(node: Tag) -> dict[str, str]:
    """A tag's attributes as the wiki reads them: names in lower case, the last of a name kept, entities read."""
    return {
        str(a.name).strip().lower(): html.unescape(str(a.value).strip().strip("\"'")) if a.value is not None else ""
        for a in node.attributes
    }


def ref_fault(  # noqa: C901, PLR0911 - Cite's checks in Cite's order, one return for each of its messages
    node: Tag, listing: str | None, used: Callable[[str, str], bool], grouped: Callable[[str], bool]
) -> str:
    """Why Cite refuses the footnote ("" when it does not), as its message says it.

    Args:
        node: The ``<ref>``.
        listing: The group of the ``<references>`` it stands in; ``None`` outside one.
        used: Whether a note of that group and name is in the text before.
        grouped: Whether the text before has a note of that group.
    """
    given = arguments(node)
    name, follow, extends = given.get("name", ""), given.get("follow", ""), given.get("extends", "")
    if set(given) - _REF_ARGUMENTS:
        return _TOO_MANY_KEYS
    if any(value.isdigit() for value in (name, extends, follow)):
        return _NUMERIC_KEY
    if extends or (follow and name):
        return _TOO_MANY_KEYS
    if "dir" in given and given["dir"].lower() not in ("ltr", "rtl"):
        return _INVALID_DIR.format(given["dir"])
    words = None if node.self_closing else str(node.contents or "")
    if listing is None:
        if not name and words is None:
            return _NO_KEY
        if not name and not (words or "").strip():
            return _NO_INPUT
        return ""
    group = given.get("group") or listing
    if group != listing:
        return _GROUP_MISMATCH.format(group)
    if not name:
        return _LISTED_NO_KEY
    if not (words or "").strip():
        return _EMPTY_DEFINE.format(name, group)
    if not grouped(group):
        return _MISSING_GROUP.format(name, group)
    return "" if used(group, name) else _MISSING_KEY.format(name)


def list_fault(node: Tag) -> str:
    """Why Cite refuses a ``<references>`` ("" when it does not): an attribute it does not know."""
    return _LIST_PARAMETERS if set(arguments(node)) - _LIST_ARGUMENTS else ""
