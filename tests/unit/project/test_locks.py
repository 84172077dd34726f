"""A locked supply chain: every Python lock pins each package with the hash of every file it may
install, and make installs each with ``--require-hashes``; npm's lock names every package's
integrity (``npm ci`` checks it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness.project import ROOT

LOCKS = sorted(ROOT.glob("requirements*.lock"))
_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;\\]+)")
_HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


def requirements(text: str) -> list[str]:
    """The lock's requirements, each a logical line (its ``\\`` continuations joined, comments dropped)."""
    joined = re.sub(r"\\\n", " ", text)
    lines = (line.split(" #", 1)[0].strip() for line in joined.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def unhashed(text: str) -> list[str]:
    """Each requirement of a lock that is not an exact pin carrying at least one sha256 hash."""
    return [line for line in requirements(text) if not _PIN.match(line) or not _HASH.search(line)]


def test_there_are_the_three_locks() -> None:
    assert [lock.name for lock in LOCKS] == [
        "requirements-mutants.lock",
        "requirements-zensical.lock",
        "requirements.lock",
    ]


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: p.name)
def test_every_line_of_a_python_lock_is_a_pin_with_its_hashes(lock: Path) -> None:
    text = lock.read_text("utf-8")
    assert len(requirements(text)) >= 10, f"{lock.name} pins nothing"
    assert unhashed(text) == [], f"{lock.name}: run make lock-python"


def test_the_check_sees_a_line_without_a_hash_and_a_range() -> None:
    good = "brotli==1.2.1 \\\n    --hash=sha256:" + "a" * 64 + "\n    # via scrollhammer-rules\n"
    assert unhashed(good) == []
    assert unhashed(good + "pillow==13.0.0\n") == ["pillow==13.0.0"]
    assert unhashed(good + "jinja2>=3 \\\n    --hash=sha256:" + "b" * 64 + "\n")[0].startswith("jinja2>=3")
    assert unhashed("--index-url https://example.org/simple\n" + good) == ["--index-url https://example.org/simple"]


def test_make_installs_every_lock_requiring_its_hashes() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    installs = re.findall(r"pip install [^\n]*-r (requirements[\w-]*\.lock)", makefile)
    assert sorted(set(installs)) == [lock.name for lock in LOCKS]
    for line in re.findall(r"[^\n]*pip install [^\n]*-r requirements[\w-]*\.lock[^\n]*", makefile):
        assert "--require-hashes" in line, line
    editable = re.findall(r"[^\n]*pip install [^\n]*-e \.[^\n]*", makefile)
    assert editable, "the project is installed"
    assert all("--no-build-isolation" in line and "--no-deps" in line for line in editable), (
        "the editable install builds with the locked setuptools and fetches nothing more"
    )


def test_npms_lock_names_every_packages_integrity() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text("utf-8"))
    packages = {path: entry for path, entry in lock["packages"].items() if path and not entry.get("link")}
    assert len(packages) > 50
    missing = [path for path, entry in packages.items() if not str(entry.get("integrity", "")).startswith("sha512-")]
    assert missing == []
