"""What the build ships to the browser: the reduced stdlib (from the pinned Pyodide npm gives),
the versioned Pyodide, the precompressed copies and the service worker's precache list."""

from __future__ import annotations

import gzip
import io
import json
import re
import zipfile
from pathlib import Path

import brotli

from build_scripts.runtime.assets import STDLIB_KEEP, reduced_stdlib
from harness.project import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"


def keep_list() -> list[str]:
    return [line for line in STDLIB_KEEP.read_text("utf-8").splitlines() if line]


def test_reduced_stdlib_keeps_only_the_traced_files_stored() -> None:
    keep = keep_list()
    data = reduced_stdlib(PYODIDE / "python_stdlib.zip", keep)
    archive = zipfile.ZipFile(io.BytesIO(data))
    files = [i for i in archive.infolist() if not i.is_dir()]
    assert sorted(i.filename for i in files) == sorted(keep)
    assert all(i.compress_type == zipfile.ZIP_STORED for i in files)
    for module in ("fractions.py", "dataclasses.py", "json/__init__.py", "zipimport.py", "traceback.py"):
        assert module in keep
    full = (PYODIDE / "python_stdlib.zip").stat().st_size
    assert len(brotli.compress(data, quality=9)) < full / 3


def test_site_ships_the_reduced_stdlib_and_versioned_pyodide(built_site: Path) -> None:
    version = json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"]
    shipped = built_site / "assets" / "pyodide" / version / "python_stdlib.zip"
    assert len(zipfile.ZipFile(shipped).namelist()) < len(zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist())
    manifest = json.loads((built_site / "assets/py/manifest.json").read_text("utf-8"))
    assert manifest["pyodide"] == version
    assert (built_site / "assets/py" / manifest["calculators"]).is_file()


def test_precompressed_copies_decode_to_the_original(built_site: Path) -> None:
    checked = 0
    for br in built_site.rglob("*.br"):
        original = br.with_suffix("")
        raw = original.read_bytes()
        assert brotli.decompress(br.read_bytes()) == raw, br
        gz = original.with_name(original.name + ".gz")
        if gz.exists():
            assert gzip.decompress(gz.read_bytes()) == raw, gz
        checked += 1
    assert checked > 10
    assert len(list((built_site / "assets/pyodide").rglob("pyodide.asm.wasm.br"))) == 1, "the wasm has its brotli twin"


def test_service_worker_precaches_every_page_index_and_runtime(built_site: Path) -> None:
    sw = (built_site / "sw.js").read_text("utf-8")
    urls = set(re.findall(r'"url":"([^"]+)"', sw)) | set(re.findall(r'url:"([^"]+)"', sw))
    for page in (
        "index.html",
        "terrain/index.html",
        "buildings/index.html",
        "ruins/index.html",
        "other-terrain/index.html",
        "unit-types/index.html",
        "calculators/index.html",
    ):
        assert page in urls, page
    assert "search/search_index.json" in urls
    assert any(u.startswith("assets/py/calculators-") for u in urls)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert any(u.endswith("/" + name) and u.startswith("assets/pyodide/") for u in urls), name
    assert "__SCROLLHAMMER_BUILD__" not in sw
    build = re.search(r'const BUILD = "([0-9a-f]{12})"', sw)
    assert build is not None
    assert f"version {build.group(1)}" in (built_site / "index.html").read_text("utf-8")
