"""Compile a stdlib zip's modules to bytecode (run inside Pyodide, by ``compile_stdlib.mjs``).

Pyodide ships its standard library as source, so every visit that starts Python from the
files compiles each imported module again: about 1.3 s of the 1.6 s start-up in Node on
this machine, four times that on a slow phone. Bytecode made by the same Pyodide (its
magic number) skips that. To keep the download no larger than the source's, the
bytecode is built the way ``python -OO`` builds it (no docstrings, no asserts, a mode
CPython supports for its stdlib) and without line tables: a traceback through the stdlib
shows no line numbers, and the site never shows a traceback. The calculators themselves
stay source (the same files pytest imports), compiled as usual.

The pyc files are hash-based and unchecked (PEP 552): no timestamps, so the same source
gives the same bytes, and no source is needed beside them.
"""

from __future__ import annotations

import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from types import CodeType

__all__ = ["compile_zip"]

_EPOCH = (1980, 1, 1, 0, 0, 0)


def _without_line_tables(code: CodeType) -> CodeType:
    consts = tuple(_without_line_tables(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


def compile_zip(source: str, target: str) -> int:
    """Write ``target``: ``source`` with each ``x.py`` replaced by ``x.pyc``. Returns the count."""
    count = 0
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if not info.filename.endswith(".py"):
                out.writestr(info, data)
                continue
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=2)
            pyc = _code_to_hash_pyc(_without_line_tables(code), importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename + "c", date_time=_EPOCH)
            entry.external_attr = info.external_attr
            out.writestr(entry, bytes(pyc))
            count += 1
    return count
