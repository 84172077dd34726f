"""A build id that changes exactly when what the site is built from changes."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

__all__ = ["build_id"]


def build_id(root: Path, sources: Iterable[str]) -> str:
    """A 12-hex-digit hash of every file under the given paths (relative to ``root``).

    Args:
        root: The project folder.
        sources: Files or folders whose contents make the site (rulebook, pages,
            calculators, build steps, configuration, pinned packages).
    """
    digest = hashlib.sha256()
    for source in sorted(sources):
        base = root / source
        files = sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]
        for path in files:
            if "__pycache__" in path.parts or not path.is_file():
                continue
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:12]
