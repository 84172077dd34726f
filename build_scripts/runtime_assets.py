"""The browser runtime the build copies into the site.

That is the pinned Pyodide and the ``calculators`` package as a zip archive (the same
files pytest imports).

Nothing here is committed: ``npm ci`` provides Pyodide, the build writes the archive.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

from build_scripts.errors import RulebookError

__all__ = ["PYODIDE_FILES", "calculators_archive", "write_runtime"]

#: The Pyodide files a worker needs to boot Python with no extra packages.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
_EPOCH = (1980, 1, 1, 0, 0, 0)


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


def write_runtime(*, site_dir: Path, pyodide_dir: Path, package_dir: Path) -> dict[str, str]:
    """Copy Pyodide and write the calculators archive and its manifest into the site.

    Returns:
        The manifest (``assets/py/manifest.json``): Pyodide's version and the archive's
        content-hashed file name.

    Raises:
        RulebookError: when Pyodide is not installed (run ``npm ci``).
    """
    missing = [name for name in PYODIDE_FILES if not (pyodide_dir / name).is_file()]
    if missing:
        raise RulebookError(
            f"Pyodide is not installed at {pyodide_dir} (missing {', '.join(missing)}); run `npm ci` (or `make setup`)"
        )
    version = json.loads((pyodide_dir / "package.json").read_text("utf-8"))["version"]
    target = site_dir / "assets" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide_dir / name, target / name)

    data = calculators_archive(package_dir)
    archive_name = f"calculators-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    py_dir = site_dir / "assets" / "py"
    py_dir.mkdir(parents=True, exist_ok=True)
    for old in py_dir.glob("calculators-*.zip"):
        old.unlink()
    (py_dir / archive_name).write_bytes(data)
    manifest = {"pyodide": version, "calculators": archive_name}
    (py_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    return manifest
