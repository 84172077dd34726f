"""The browser runtime the build copies into the site.

That is the pinned Pyodide, the ``calculators`` package as a zip archive (the same
files pytest imports) and the JSON Schema of what the worker answers.

Nothing here is committed: ``npm ci`` provides Pyodide, the build writes the archive.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from build_scripts.core.build_cache import BuildCache
from build_scripts.core.errors import RulebookError
from build_scripts.core.node import run_node_script
from build_scripts.runtime.protocol_types import json_schema

__all__ = [
    "PYODIDE_FILES",
    "STDLIB_KEEP",
    "Runtime",
    "calculators_archive",
    "compiled_stdlib",
    "prepare_runtime",
    "reduced_stdlib",
    "write_runtime",
]

#: The Pyodide files a worker needs to boot Python with no extra packages.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The standard-library files Pyodide and the calculators import (made by trace_stdlib.mjs).
STDLIB_KEEP = Path(__file__).with_name("stdlib_keep.txt")
_EPOCH = (1980, 1, 1, 0, 0, 0)


def reduced_stdlib(full_zip: Path, keep: list[str]) -> bytes:
    """The stdlib zip with only the ``keep`` files (and their folders), stored, not deflated.

    Stored entries compress far better under the server's brotli than deflated ones,
    and the zip is read once at start-up.

    Raises:
        RulebookError: when a kept file is not in the pinned stdlib (Pyodide was
            upgraded: re-run ``build_scripts/runtime/trace_stdlib.mjs``).
    """
    with zipfile.ZipFile(full_zip) as source:
        names = set(source.namelist())
        missing = [name for name in keep if name not in names]
        if missing:
            raise RulebookError(
                f"{len(missing)} file(s) of stdlib_keep.txt are not in {full_zip.name} ({', '.join(missing[:3])}…); "
                "regenerate it with build_scripts/runtime/trace_stdlib.mjs"
            )
        folders = sorted({name.rsplit("/", 1)[0] + "/" for name in keep if "/" in name})
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target:
            for folder in folders:
                parts = folder.rstrip("/").split("/")
                for depth in range(1, len(parts) + 1):
                    name = "/".join(parts[:depth]) + "/"
                    if name in names and name not in target.namelist():
                        target.writestr(zipfile.ZipInfo(name, date_time=_EPOCH), b"")
            for name in sorted(keep):
                info = zipfile.ZipInfo(name, date_time=_EPOCH)
                info.external_attr = 0o644 << 16
                target.writestr(info, source.read(name), compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def calculators_archive(package_dir: Path) -> bytes:
    """A reproducible zip of the package's ``.py`` files (same bytes for the same sources)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package_dir.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


@dataclass(frozen=True)
class Runtime:
    """The browser runtime of one build: its files, and the names a page needs to start it.

    ``stdlib`` and the archive's name are content hashes: with Pyodide's version they name
    a memory snapshot of the started interpreter, so a snapshot never outlives its build's
    Python.
    """

    pyodide: str
    pyodide_dir: Path
    stdlib: bytes
    archive: bytes

    @cached_property
    def stdlib_hash(self) -> str:
        """The reduced stdlib's content hash (12 hex digits)."""
        return hashlib.sha256(self.stdlib).hexdigest()[:12]

    @cached_property
    def archive_name(self) -> str:
        """The calculators archive's content-hashed file name."""
        return f"calculators-{hashlib.sha256(self.archive).hexdigest()[:12]}.zip"

    def identity(self) -> dict[str, str]:
        """What the page hands the worker: Pyodide's version and folder, the stdlib's hash, the archive."""
        return {"pyodide": self.pyodide, "stdlib": self.stdlib_hash, "calculators": self.archive_name}


COMPILER = Path(__file__).with_name("compile_stdlib.mjs")


def compiled_stdlib(source: bytes, *, pyodide_dir: Path, cache_dir: Path) -> bytes:
    """The reduced stdlib as bytecode, made by the pinned Pyodide (see ``pyc_stdlib.py``).

    Compiling boots Pyodide in Node (a few seconds), so the result is kept in
    ``cache_dir`` under a hash of everything that makes it: the source zip, Pyodide's
    version and the two compiler files.

    Raises:
        RulebookError: when Node is missing or the compiler fails.
    """
    recipe = hashlib.sha256(source)
    recipe.update((pyodide_dir / "package.json").read_bytes())
    for part in (COMPILER, COMPILER.with_name("pyc_stdlib.py")):
        recipe.update(part.read_bytes())
    return (
        BuildCache(cache_dir)
        .make(f"stdlib-{recipe.hexdigest()[:16]}.zip", lambda: _compile_stdlib(source, pyodide_dir))
        .data
    )


def _compile_stdlib(source: bytes, pyodide_dir: Path) -> bytes:
    """Run the compiler in Node on ``source``: the compiled zip."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "source.zip", Path(tmp) / "compiled.zip"
        src.write_bytes(source)
        run_node_script(
            COMPILER, [str(pyodide_dir.resolve()), str(src), str(out)], cwd=Path(tmp), what="stdlib: Pyodide"
        )
        return out.read_bytes()


def prepare_runtime(*, pyodide_dir: Path, package_dir: Path, cache_dir: Path) -> Runtime:
    """Read the pinned Pyodide and make the reduced, compiled stdlib and the calculators archive.

    Raises:
        RulebookError: when Pyodide is not installed (run ``npm ci``), the stdlib list
            names a file the pinned stdlib lacks, or the stdlib cannot be compiled.
    """
    missing = [name for name in PYODIDE_FILES if not (pyodide_dir / name).is_file()]
    if missing:
        raise RulebookError(
            f"Pyodide is not installed at {pyodide_dir} (missing {', '.join(missing)}); run `npm ci` (or `make setup`)"
        )
    version = json.loads((pyodide_dir / "package.json").read_text("utf-8"))["version"]
    keep = [line.strip() for line in STDLIB_KEEP.read_text("utf-8").splitlines() if line.strip()]
    stdlib = compiled_stdlib(
        reduced_stdlib(pyodide_dir / "python_stdlib.zip", keep), pyodide_dir=pyodide_dir, cache_dir=cache_dir
    )
    return Runtime(version, pyodide_dir, stdlib, calculators_archive(package_dir))


def write_runtime(*, site_dir: Path, runtime: Runtime, places: Mapping[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Copy Pyodide and write the calculators archive and its manifest into the site.

    Args:
        site_dir: The built site.
        runtime: The runtime :func:`prepare_runtime` made.
        places: Calculator name → where it is placed (page URL, rule id, fixed inputs),
            so a link to a calculation on another page can be sent there.

    Returns:
        The manifest (``assets/py/manifest.json``): the runtime's identity (Pyodide's
        version, the stdlib's hash, the archive's name) and the calculators' places.
    """
    # Under its version's folder, so a long cache lifetime is safe across upgrades.
    target = site_dir / "assets" / "pyodide" / runtime.pyodide
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            (target / name).write_bytes(runtime.stdlib)
        else:
            shutil.copyfile(runtime.pyodide_dir / name, target / name)
    py_dir = site_dir / "assets" / "py"
    py_dir.mkdir(parents=True, exist_ok=True)
    for old in py_dir.glob("calculators-*.zip"):
        old.unlink()
    (py_dir / runtime.archive_name).write_bytes(runtime.archive)
    # The shapes the worker answers with, for anyone reading the answers (see protocol_types.py).
    (py_dir / "answer.schema.json").write_text(json.dumps(json_schema(), indent=1) + "\n", "utf-8")
    manifest = {**runtime.identity(), "places": dict(places)}
    (py_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    return manifest
