"""Where the project runs, a file read with no encoding named is read as UTF-8 (Debian's
C.UTF-8, which make test sets up, or Python's UTF-8 mode): what the settings' readers rely on
(tests/mutation/equivalent.toml names them)."""

from __future__ import annotations

import codecs
import locale
from pathlib import Path


def test_a_file_read_with_no_encoding_named_is_read_as_utf8(tmp_path: Path) -> None:
    assert codecs.lookup(locale.getpreferredencoding(do_setlocale=False)).name == "utf-8"
    words = tmp_path / "words.txt"
    words.write_bytes("Flammenwerfer – 6″ · Ωmega".encode())
    assert words.read_text() == "Flammenwerfer – 6″ · Ωmega"
