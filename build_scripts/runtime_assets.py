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
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from build_scripts.errors import RulebookError
from build_scripts.view_schema import json_schema

__all__ = ["PYODIDE_FILES", "STDLIB_KEEP", "calculators_archive", "reduced_stdlib", "write_runtime"]

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
            upgraded: re-run ``build_scripts/trace_stdlib.mjs``).
    """
    with zipfile.ZipFile(full_zip) as source:
        names = set(source.namelist())
        missing = [name for name in keep if name not in names]
        if missing:
            raise RulebookError(
                f"{len(missing)} file(s) of stdlib_keep.txt are not in {full_zip.name} ({', '.join(missing[:3])}…); "
                "regenerate it with build_scripts/trace_stdlib.mjs"
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


def write_runtime(
    *, site_dir: Path, pyodide_dir: Path, package_dir: Path, places: Mapping[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    """Copy Pyodide and write the calculators archive and its manifest into the site.

    Args:
        site_dir: The built site.
        pyodide_dir: The pinned Pyodide (``node_modules/pyodide``).
        package_dir: The ``calculators`` package.
        places: Calculator name → where it is placed (page URL, rule id, fixed inputs),
            so a link to a calculation on another page can be sent there.

    Returns:
        The manifest (``assets/py/manifest.json``): Pyodide's version, the archive's
        content-hashed file name and the calculators' places.

    Raises:
        RulebookError: when Pyodide is not installed (run ``npm ci``).
    """
    missing = [name for name in PYODIDE_FILES if not (pyodide_dir / name).is_file()]
    if missing:
        raise RulebookError(
            f"Pyodide is not installed at {pyodide_dir} (missing {', '.join(missing)}); run `npm ci` (or `make setup`)"
        )
    version = json.loads((pyodide_dir / "package.json").read_text("utf-8"))["version"]
    # Under its version's folder, so a long cache lifetime is safe across upgrades.
    target = site_dir / "assets" / "pyodide" / version
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            keep = [line.strip() for line in STDLIB_KEEP.read_text("utf-8").splitlines() if line.strip()]
            (target / name).write_bytes(reduced_stdlib(pyodide_dir / name, keep))
        else:
            shutil.copyfile(pyodide_dir / name, target / name)

    data = calculators_archive(package_dir)
    archive_name = f"calculators-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    py_dir = site_dir / "assets" / "py"
    py_dir.mkdir(parents=True, exist_ok=True)
    for old in py_dir.glob("calculators-*.zip"):
        old.unlink()
    (py_dir / archive_name).write_bytes(data)
    # The shapes the worker answers with, for anyone reading the answers (see view_schema.py).
    (py_dir / "answer.schema.json").write_text(json.dumps(json_schema(), indent=1) + "\n", "utf-8")
    manifest = {"pyodide": version, "calculators": archive_name, "places": dict(places)}
    (py_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    return manifest
