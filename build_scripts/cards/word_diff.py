"""A word-level difference between two versions of a rule's words, by Python's :mod:`difflib`.

The words are split into words and the spaces between them; :class:`difflib.SequenceMatcher`
matches the words, and the result is a list of runs ``(op, text)`` where ``op`` is
``same``, ``del`` (only in the old words) or ``ins`` (only in the new). Joining the
``same`` and ``del`` runs gives the old words exactly; ``same`` and ``ins`` the new.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal

__all__ = ["Op", "Run", "word_diff"]

Op = Literal["same", "del", "ins"]
Run = tuple[Op, str]
_TOKEN = re.compile(r"\s+|[^\s]+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def word_diff(old: str, new: str) -> list[Run]:
    """The runs that turn ``old`` into ``new``.

    No two adjacent runs are of one kind: difflib never gives two adjacent matching blocks, so
    its opcodes alternate between ``equal`` and one change (``del`` then ``ins``).
    """
    a, b = _tokens(old), _tokens(new)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    runs: list[Run] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            runs.append(("same", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("del", "".join(a[i1:i2])))
        if j2 > j1:
            runs.append(("ins", "".join(b[j1:j2])))
    return runs
