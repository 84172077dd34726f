"""The one error type the build raises for bad rulebook input."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """Where a piece of rule text comes from: a file name and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class RulebookError(Exception):
    """A problem in the rulebook source or in the build's maps, with where it is.

    The message is a plain sentence that a rulebook editor can act on; the build
    shows it as ``file:line: message``.
    """

    def __init__(self, message: str, *, source: Source | None = None) -> None:
        self.message = message
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)
