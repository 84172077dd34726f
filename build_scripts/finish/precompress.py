"""Precompressed copies of the site's large text and WebAssembly files.

Next to ``file`` the build writes ``file.br`` (brotli, best quality) and ``file.gz``
(gzip -9) when they save at least a little; the static server (and any host configured
like deploy/nginx.conf) sends them with ``Content-Encoding``. Brotli at quality 11 is slow
(40 s on Pyodide's 9.6 MB wasm alone), so results are kept in the build's cache by content
hash and the missing ones are made on every core, the largest first.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

import brotli

from build_scripts.build_cache import BuildCache, Job

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


def precompress_site(site_dir: Path, *, cache: Path | None = None) -> list[Compressed]:
    """Write ``.br`` and ``.gz`` beside every large compressible file of the site.

    Args:
        site_dir: The built site.
        cache: Where to keep compressed results between builds (by content hash).

    Returns:
        One entry per file considered, for the build log and the benchmark.
    """
    files = {}
    for path in sorted(site_dir.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSIBLE:
            data = path.read_bytes()
            if len(data) >= _MIN_SIZE:
                files[path] = data
    made = _compressed(files, cache)
    results = []
    for path, data in files.items():
        sizes = {}
        for kind in _KINDS:
            packed = made[path, kind]
            target = path.with_name(f"{path.name}.{kind}")
            if len(packed) <= len(data) * (1 - _MIN_SAVING):
                target.write_bytes(packed)
                sizes[kind] = len(packed)
            else:
                target.unlink(missing_ok=True)
                sizes[kind] = 0
        results.append(Compressed(path, len(data), sizes["br"], sizes["gz"]))
    return results


_KINDS = {"br": _brotli, "gz": _gzip}


def _compressed(files: dict[Path, bytes], cache: Path | None) -> dict[tuple[Path, str], bytes]:
    """Each file's brotli and gzip copies, from the cache (named by the content's hash) or made now."""
    if cache is None:
        return {(path, kind): make(data) for path, data in files.items() for kind, make in _KINDS.items()}
    names = {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}
    largest_first = sorted(files, key=lambda path: -len(files[path]))
    jobs = {f"{names[path]}.{kind}": Job(make, files[path]) for path in largest_first for kind, make in _KINDS.items()}
    made = BuildCache(cache).make_all(jobs)
    return {(path, kind): made[f"{names[path]}.{kind}"].data for path in files for kind in _KINDS}
