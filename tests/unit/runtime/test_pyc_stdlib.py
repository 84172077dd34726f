"""The stdlib the browser gets is bytecode (build_scripts/runtime/pyc_stdlib.py), checked here with
this CPython: the same rules make the pinned Pyodide's pyc files at build time."""

from __future__ import annotations

import importlib.util
import marshal
import subprocess
import sys
import zipfile
from pathlib import Path
from types import CodeType

from build_scripts.runtime.pyc_stdlib import compile_zip

MODULE = '''"""A docstring that -OO leaves out."""

def double(x):
    """Also left out."""
    assert x is not None
    return 2 * x

class Box:
    def size(self):
        return len(str(self))
'''


def make_source(folder: Path) -> Path:
    source = folder / "source.zip"
    with zipfile.ZipFile(source, "w") as zf:
        zf.writestr("pkg/", b"")
        zf.writestr("pkg/__init__.py", "from pkg.mod import double\n")
        zf.writestr("pkg/mod.py", MODULE)
        zf.writestr("pkg/data.txt", "kept as it is\n")
    return source


def test_every_module_becomes_unchecked_hash_bytecode_and_other_files_stay(tmp_path: Path) -> None:
    target = tmp_path / "compiled.zip"
    assert compile_zip(str(make_source(tmp_path)), str(target)) == 2
    with zipfile.ZipFile(target) as zf:
        assert sorted(zf.namelist()) == ["pkg/", "pkg/__init__.pyc", "pkg/data.txt", "pkg/mod.pyc"]
        pyc = zf.read("pkg/mod.pyc")
        assert zf.read("pkg/data.txt") == b"kept as it is\n"
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, not checked: no timestamps
    assert pyc[8:16] == importlib.util.source_hash(MODULE.encode())
    code = marshal.loads(pyc[16:])  # noqa: S302 - bytes this test just made
    functions = [c for c in code.co_consts if isinstance(c, CodeType)]
    assert code.co_linetable == b""
    assert all(c.co_linetable == b"" for c in functions)
    assert "A docstring that -OO leaves out." not in code.co_consts


def test_the_same_source_gives_the_same_bytes(tmp_path: Path) -> None:
    source = make_source(tmp_path)
    compile_zip(str(source), str(tmp_path / "a.zip"))
    compile_zip(str(source), str(tmp_path / "b.zip"))
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()


def test_python_imports_the_compiled_zip_without_its_source(tmp_path: Path) -> None:
    target = tmp_path / "compiled.zip"
    compile_zip(str(make_source(tmp_path)), str(target))
    probe = "import pkg, pkg.mod; print(pkg.double(21), pkg.mod.double.__doc__, pkg.mod.Box().size() > 0)"
    # The zip alone on the path: no environment but it, no user site, run from an empty folder.
    (tmp_path / "empty").mkdir()
    done = subprocess.run(
        [sys.executable, "-s", "-c", probe],
        env={"PYTHONPATH": str(target)},
        cwd=tmp_path / "empty",
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["42", "None", "True"]
