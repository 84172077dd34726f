"""The search's files as the tests read them: Pagefind's fragments (gzip, a signature, then
JSON), each the record of one rule, or a group of them."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

#: What Pagefind puts before a decompressed file's JSON.
SIGNATURE = b"pagefind_dcd"


def fragments(site: Path) -> list[dict[str, Any]]:
    """Every record of the search (a rule's URL, words, title and page), from its fragments."""
    out: list[dict[str, Any]] = []
    for path in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(SIGNATURE), path
        found = json.loads(data[len(SIGNATURE) :])
        out += [found] if "url" in found else list(found.values())  # a group: hash -> record
    return out


def search_records(site: Path) -> dict[str, dict[str, Any]]:
    """The search's records by URL (``buildings/#total-collapse``)."""
    return {record["url"]: record for record in fragments(site)}
