"""The calculators' archive the build ships to the browser: the package's files, the same bytes
from the same sources (what the site ships besides: ``tests/site/test_runtime_shipped.py``)."""

from __future__ import annotations

import io
import zipfile

from build_scripts.runtime.assets import calculators_archive
from harness.project import ROOT


def test_calculators_archive_is_the_package_and_reproducible() -> None:
    first = calculators_archive(ROOT / "calculators")
    assert first == calculators_archive(ROOT / "calculators")
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert "calculators/__init__.py" in names
    assert "calculators/web.py" in names
    assert all(n.startswith("calculators/") and n.endswith(".py") for n in names)
    assert not any("__pycache__" in n for n in names)
