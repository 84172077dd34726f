"""A PNG image made here (no image library): a plain picture of a given size, for the wiki's uploads."""

from __future__ import annotations

import struct
import zlib

__all__ = ["png"]


def png(width: int, height: int, colour: tuple[int, int, int] = (160, 60, 40)) -> bytes:
    """A ``width`` × ``height`` PNG: ``colour`` with a light band across its middle (so scaling shows)."""
    rows = []
    for y in range(height):
        band = height // 3 <= y < 2 * height // 3
        pixel = bytes((230, 220, 200)) if band else bytes(colour)
        rows.append(b"\x00" + pixel * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
