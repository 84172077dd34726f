"""Precompressed copies of the site's large text and WebAssembly files.

Next to ``file`` the build writes ``file.br`` (brotli, best quality) and ``file.gz``
(gzip -9) when they save at least a little; the static server (and any host configured
like deploy/nginx.conf) sends them with ``Content-Encoding``. Brotli at quality 11 is slow
(40 s on Pyodide's 9.6 MB wasm alone), so results are kept in the build's cache by content
hash, the missing ones are made on every core, the largest first, and each copy in the site
is a link to its cache entry (no byte of it written again). The rule cards (``r/``) get
none: crawlers read them, and each would be two more files per rule.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import brotli

from build_scripts.core.build_cache import BuildCache, Job, Made

__all__ = ["COMPRESSIBLE", "Compressed", "precompress_site"]

#: Suffixes worth compressing (the stdlib zip is stored, so it compresses well too).
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".wasm", ".xml", ".svg", ".txt", ".map", ".zip"})
#: Folders of the site left as they are: the rule cards, and the rules as data (a file per
#: rule: twins would triple what a host that counts files counts; tools fetch them rarely).
UNCOMPRESSED = frozenset({"r", "api"})
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


def _brotli_page(data: bytes) -> bytes:
    """A page's brotli copy, at quality 10.

    Every page changes with every build (its footer names the build), so its copy is made
    each time; 10 takes a third of 11's time (38 against 112 ms for a 56 KB page) for a copy
    1.7 % larger.
    """
    return bytes(brotli.compress(data, quality=10))


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
        if path.suffix in COMPRESSIBLE and path.relative_to(site_dir).parts[0] not in UNCOMPRESSED and path.is_file():
            data = path.read_bytes()
            if len(data) >= _MIN_SIZE:
                files[path] = data
    made = _compressed(files, cache)
    results = []
    for path, data in files.items():
        sizes = {}
        for kind in _KINDS:
            packed = made[path, kind]
            size = len(packed) if isinstance(packed, bytes) else packed.path.stat().st_size
            target = path.with_name(f"{path.name}.{kind}")
            if size <= len(data) * (1 - _MIN_SAVING):
                if isinstance(packed, bytes):
                    target.write_bytes(packed)
                else:
                    packed.link_to(target)
                sizes[kind] = size
            else:
                target.unlink(missing_ok=True)
                sizes[kind] = 0
        results.append(Compressed(path, len(data), sizes["br"], sizes["gz"]))
    return results


_KINDS = ("br", "gz")


def _makers(path: Path) -> dict[str, tuple[str, Callable[[bytes], bytes]]]:
    """Each copy's maker, and the name its entries take in the cache (by what makes them)."""
    if path.suffix == ".html":
        return {"br": ("br10", _brotli_page), "gz": ("gz", _gzip)}
    return {"br": ("br", _brotli), "gz": ("gz", _gzip)}


def _compressed(files: dict[Path, bytes], cache: Path | None) -> dict[tuple[Path, str], bytes | Made]:
    """Each file's brotli and gzip copies: made now, or the cache's entries (named by the content's hash)."""
    if cache is None:
        return {(path, kind): make(data) for path, data in files.items() for kind, (_, make) in _makers(path).items()}
    digests = {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}
    names = {(path, kind): f"{digests[path]}.{name}" for path in files for kind, (name, _) in _makers(path).items()}
    largest_first = sorted(files, key=lambda path: -len(files[path]))
    jobs = {
        names[path, kind]: Job(make, files[path]) for path in largest_first for kind, (_, make) in _makers(path).items()
    }
    made = BuildCache(cache).make_all(jobs)
    return {(path, kind): made[names[path, kind]] for path in files for kind in _KINDS}
