"""Ports on the loopback for the servers the tests and the benchmarks start."""

from __future__ import annotations

import socket

__all__ = ["free_port"]


def free_port() -> int:
    """A port no server listens on now (for a server whose address the build must know)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
