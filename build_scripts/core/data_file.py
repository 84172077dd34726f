"""The build's committed TOML data files, read one way: every entry knows its file and line.

``xrefs.toml``, ``terms.toml`` and ``calculator_placements.toml`` are lists of entries
(``[[ref]]``, ``[[term]]``/``[[outside]]``, ``[[place]]``). :func:`load_entries` parses
one and gives each entry the line its ``[[table]]`` header is on, so every check of an
entry fails the build as ``file:line: message``; a file that is not TOML fails at the
line the TOML parser names.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from build_scripts.core.errors import RulebookError, Source

__all__ = ["Entry", "load_entries"]

_HEADER = re.compile(r"^\s*\[\[\s*(?P<table>[A-Za-z0-9_-]+)\s*\]\]\s*(?:#.*)?$")
_AT_LINE = re.compile(r"\(at line (?P<line>\d+), column \d+\)$")


@dataclass(frozen=True)
class Entry:
    """One ``[[table]]`` entry of a data file: its keys and where it starts."""

    data: Mapping[str, Any]
    source: Source

    def error(self, message: str) -> RulebookError:
        """A build error about this entry, naming its file and line."""
        return RulebookError(message, source=self.source)


def load_entries(text: str, name: str, tables: tuple[str, ...]) -> dict[str, list[Entry]]:
    """Parse a data file into its entries, by table, each with the line it starts on.

    Args:
        text: The file's text.
        name: The file's name, for messages.
        tables: The array-of-tables names the file may hold (``("term", "outside")``).

    Returns:
        Table name → its entries, in file order (an absent table gives an empty list).

    Raises:
        RulebookError: for a file that is not TOML (at the parser's line), or a
            top-level key that is not one of ``tables`` or is not a list of entries.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _AT_LINE.search(message)
        where = Source(name, int(found.group("line"))) if found else None
        raise RulebookError(_AT_LINE.sub("", message).strip(), source=where) from None
    lines: dict[str, list[int]] = {table: [] for table in tables}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and header.group("table") in lines:
            lines[header.group("table")].append(number)
    out: dict[str, list[Entry]] = {}
    for key, value in data.items():
        if key not in lines or not isinstance(value, list):
            raise RulebookError(f"{name}: unexpected {key!r}; the file holds [[{']], [['.join(tables)}]] entries only")
    for table in tables:
        raw = data.get(table, [])
        if len(raw) != len(lines[table]):
            raise RulebookError(f"{name}: write each {table} as a [[{table}]] table on a line of its own")
        out[table] = [Entry(entry, Source(name, line)) for entry, line in zip(raw, lines[table], strict=True)]
    return out
