"""Precompressed copies of the site's large text and WebAssembly files.

Next to ``file`` the build writes ``file.br`` (brotli, best quality) and ``file.gz``
(gzip -9) when they save at least a little; the static server (and any host configured
like deploy/nginx.conf) sends them with ``Content-Encoding``. Brotli at
quality 11 is slow on Pyodide's 9.6 MB wasm, so results are cached by content hash.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import brotli

__all__ = ["COMPRESSIBLE", "Compressed", "precompress_site"]

#: Suffixes worth compressing (the stdlib zip is stored, so it compresses well too).
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".wasm", ".xml", ".svg", ".txt", ".map", ".zip"})
_MIN_SIZE = 1024
_MIN_SAVING = 0.05


@dataclass(frozen=True)
class Compressed:
    """One file's sizes: raw, brotli and gzip (0 where no copy was worth writing)."""

    path: Path
    raw: int
    br: int
    gz: int


def _brotli(data: bytes) -> bytes:
    return bytes(brotli.compress(data, quality=11))


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _cached(data: bytes, kind: str, make: Callable[[bytes], bytes], cache: Path | None) -> bytes:
    if cache is None:
        return make(data)
    key = cache / f"{hashlib.sha256(data).hexdigest()}.{kind}"
    if key.is_file():
        return key.read_bytes()
    out = make(data)
    cache.mkdir(parents=True, exist_ok=True)
    # Whole or not at all: builds running side by side (the tests' workers) share the cache,
    # and one reading a file another is still writing would ship a truncated copy.
    partial = key.with_name(f"{key.name}.{os.getpid()}.part")
    partial.write_bytes(out)
    partial.replace(key)
    return out


def precompress_site(site_dir: Path, *, cache: Path | None = None) -> list[Compressed]:
    """Write ``.br`` and ``.gz`` beside every large compressible file of the site.

    Args:
        site_dir: The built site.
        cache: Where to keep compressed results between builds (by content hash).

    Returns:
        One entry per file considered, for the build log and the benchmark.
    """
    results = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        if len(data) < _MIN_SIZE:
            continue
        sizes = {}
        for kind, make in (("br", _brotli), ("gz", _gzip)):
            packed = _cached(data, kind, make, cache)
            target = path.with_name(f"{path.name}.{kind}")
            if len(packed) <= len(data) * (1 - _MIN_SAVING):
                target.write_bytes(packed)
                sizes[kind] = len(packed)
            else:
                target.unlink(missing_ok=True)
                sizes[kind] = 0
        results.append(Compressed(path, len(data), sizes["br"], sizes["gz"]))
    return results
