"""A small static server for the built site, with the headers a real host should send.

Used by ``make serve``, the browser tests and the phone benchmark:

* precompressed ``.br`` / ``.gz`` copies are served with ``Content-Encoding`` when the
  browser accepts them (``Vary: Accept-Encoding``);
* ``application/wasm`` for WebAssembly (Chrome caches compiled wasm only when streamed);
* ``Cache-Control``: a year and ``immutable`` for hashed or version-pinned assets,
  ``no-cache`` (revalidate with the ETag) for HTML, the service worker and the rest;
* the site's Content-Security-Policy and a few safe defaults on every response;
* ``book-kept.txt`` sets the cookie that marks a book kept on the phone (``no-store``);
* optionally a throttling layer (added latency per request, one shared download
  bandwidth) for the benchmark, since DevTools throttling misses worker fetches.

Run: ``python -m site_server site --port 8000``.
"""

from __future__ import annotations

import contextlib
import email.utils
import hashlib
import http.server
import re
import socket
import sys
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from build_scripts.core.csp import CONTENT_SECURITY_POLICY
from site_server.headers import (
    BOOK_MARK_COOKIE,
    BOOK_MARK_PATH,
    REVALIDATE,
    allow_origin,
    cache_control,
    content_type,
)

__all__ = [
    "BOOK_MARK_COOKIE",
    "BOOK_MARK_PATH",
    "CONTENT_SECURITY_POLICY",
    "SiteServer",
    "Throttle",
    "cache_control",
    "content_type",
    "serve",
]

_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


@dataclass
class Throttle:
    """Added latency per request and one download bandwidth shared by all responses."""

    latency_s: float = 0.0
    bytes_per_s: float = 0.0
    #: Extra seconds before answering paths that match ``hold_pattern`` (tests: "still loading").
    hold_s: float = 0.0
    hold_pattern: re.Pattern[str] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _next_free: float = 0.0
    sent: int = 0

    def wait_latency(self, url_path: str = "") -> None:
        """Hold a request for the added latency (and the hold, for matching paths)."""
        if self.latency_s:
            time.sleep(self.latency_s)
        if self.hold_s and self.hold_pattern and self.hold_pattern.search(url_path):
            time.sleep(self.hold_s)

    def send(self, write: Callable[[bytes], object], data: bytes, chunk: int = 16384) -> None:
        """Write ``data`` through ``write`` no faster than the shared bandwidth allows."""
        for start in range(0, len(data), chunk):
            piece = data[start : start + chunk]
            if self.bytes_per_s:
                with self._lock:
                    now = time.monotonic()
                    begin = max(now, self._next_free)
                    self._next_free = begin + len(piece) / self.bytes_per_s
                    delay = self._next_free - now
                time.sleep(max(0.0, delay))
            write(piece)
            with self._lock:
                self.sent += len(piece)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that knows its site folder and throttle."""

    daemon_threads = True
    allow_reuse_address = True
    #: The listen backlog. socketserver's default of 5 overflows when a page asks for its
    #: whole module graph at once while the machine is busy (connections then stall or
    #: are reset, and a page's scripts fail to load); real servers keep hundreds.
    request_queue_size = 256

    def __init__(self, address: tuple[str, int], root: Path, throttle: Throttle | None = None) -> None:
        self.root = root.resolve()
        self.throttle = throttle or Throttle()
        #: Requests answered with a body, by URL path (tests count real downloads with it).
        self.downloads: Counter[str] = Counter()
        #: The bytes of those bodies, by URL path (as sent: compressed when a twin was sent).
        self.downloaded_bytes: Counter[str] = Counter()
        self._count_lock = threading.Lock()
        #: The connections being served (a browser keeps one open between requests).
        self._open: set[socket.socket] = set()
        super().__init__(address, _Handler)

    def process_request(self, request: socket.socket, client_address: tuple[str, int]) -> None:  # type: ignore[override]
        """Serve a connection in a thread of its own, noting it open until it ends."""
        with self._count_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: socket.socket) -> None:  # type: ignore[override]
        """A connection ended."""
        with self._count_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening, and end the connections still open: nothing answers on the address after it.

        A browser keeps a connection open between requests; closing only the listening socket
        would let it go on asking over that one (an "offline" that is not).
        """
        super().server_close()
        with self._count_lock:
            still = list(self._open)
        for connection in still:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def count_download(self, url_path: str, size: int = 0) -> None:
        """Note one download of ``url_path``, of ``size`` bytes."""
        with self._count_lock:
            self.downloads[url_path] += 1
            self.downloaded_bytes[url_path] += size

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that goes away mid-download is normal; anything else is reported."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class _Handler(http.server.BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"
    quiet: ClassVar[bool] = True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        if not self.quiet:
            super().log_message(format, *args)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def do_GET(self) -> None:
        self._serve(body=True)

    def _local(self, url_path: str) -> Path:
        """The site path a URL path names (no ``..`` escapes the root)."""
        return self.server.root.joinpath(*[p for p in url_path.split("/") if p not in ("", ".", "..")])

    def _resolve(self, url_path: str) -> Path | None:
        path = self._local(url_path)
        if path.is_dir():
            path = path / "index.html"
        try:
            path.resolve().relative_to(self.server.root)
        except ValueError:
            return None
        return path if path.is_file() else None

    def _serve(self, *, body: bool) -> None:
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        self.server.throttle.wait_latency(url_path)
        if not url_path.endswith("/") and (self._local(url_path) / "index.html").is_file():
            self._redirect(url_path + "/")  # so the page's relative links resolve
            return
        path = self._resolve(url_path)
        status = 200
        if path is None:
            status, path = 404, self.server.root / "404.html"
            if not path.is_file():
                self._send(404, b"Not found", "text/plain; charset=utf-8", REVALIDATE, None, body=body)
                return
        encoding, served = self._negotiate(path)
        data = served.read_bytes()
        etag = '"' + hashlib.sha256(data).hexdigest()[:20] + (f"-{encoding}" if encoding else "") + '"'
        if status == 200 and self.headers.get("If-None-Match") == etag:
            self._send(304, b"", None, cache_control(url_path), encoding, etag=etag, body=False)
            return
        cache = cache_control(url_path) if status == 200 else REVALIDATE
        self._send(status, data, content_type(path.name), cache, encoding, etag=etag, body=body)

    def _negotiate(self, path: Path) -> tuple[str | None, Path]:
        accepted = {a.split(";")[0].strip() for a in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in _ENCODINGS:
            compressed = path.with_name(path.name + suffix)
            if encoding in accepted and compressed.is_file():
                return encoding, compressed
        return None, path

    def _redirect(self, location: str) -> None:
        self.send_response(301)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(
        self,
        status: int,
        data: bytes,
        ctype: str | None,
        cache: str,
        encoding: str | None,
        *,
        etag: str | None = None,
        body: bool,
    ) -> None:
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", cache)
        self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(usegmt=True))
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if status == 200 and urllib.parse.urlsplit(self.path).path == BOOK_MARK_PATH:
            self.send_header("Set-Cookie", BOOK_MARK_COOKIE)
        origin = allow_origin(urllib.parse.urlsplit(self.path).path)
        if origin and status in (200, 304):
            self.send_header("Access-Control-Allow-Origin", origin)
        self.end_headers()
        if body and data:
            self.server.count_download(urllib.parse.urlsplit(self.path).path, len(data))
            self.server.throttle.send(self.wfile.write, data)


def serve(root: Path, *, host: str = "127.0.0.1", port: int = 8000, throttle: Throttle | None = None) -> SiteServer:
    """Start serving ``root`` in a background thread; ``server.shutdown()`` stops it."""
    server = SiteServer((host, port), root, throttle)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@contextlib.contextmanager
def serving(
    root: Path, *, host: str = "127.0.0.1", port: int = 0, throttle: Throttle | None = None
) -> Iterator[SiteServer]:
    """:func:`serve` for the length of a ``with`` block: stopped and closed after it, however it ends."""
    server = serve(root, host=host, port=port, throttle=throttle)
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
