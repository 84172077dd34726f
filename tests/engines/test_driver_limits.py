"""A WebKitWebDriver that hangs fails the test in a minute, not never: once in CI the driver
started no MiniBrowser and never answered, and the test waited 13 minutes until the run was
killed. A stand-in driver that answers everything but the start of a session shows it."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

from harness.engines.drivers import EngineError, WebKit

#: A WebKitWebDriver that serves its ``-p`` port, says it is ready (``/status``) and hangs on
#: ``POST /session`` (the session never starts); anything else gets an error at once.
HANGING_DRIVER = """#!{python}
import json, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Hang(BaseHTTPRequestHandler):
    def answer(self):
        if self.command == "POST" and self.path == "/session":
            time.sleep(3600)  # hung: no browser, no reply
        ready = self.path == "/status"
        value = {{"ready": True, "message": ""}} if ready else {{"error": "unknown command", "message": "", "stacktrace": ""}}
        body = json.dumps({{"value": value}}).encode()
        self.send_response(200 if ready else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if self.path == "/shutdown":
            threading.Thread(target=self.server.shutdown).start()
    do_GET = do_POST = do_DELETE = answer
    def log_message(self, *args):
        pass

ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[sys.argv.index("-p") + 1])), Hang).serve_forever()
"""


def test_a_driver_that_never_starts_a_session_fails_within_its_limit(tmp_path: Path) -> None:
    driver = tmp_path / "WebKitWebDriver"
    driver.write_text(HANGING_DRIVER.format(python=sys.executable), "utf-8")
    driver.chmod(0o755)
    failed: list[BaseException] = []

    def start() -> None:
        try:
            WebKit(":0", driver=driver, start_s=2, reply_s=5)
        except BaseException as error:  # noqa: BLE001 - kept for the test to read
            failed.append(error)

    began = time.monotonic()
    # In a thread of its own: a start that hangs fails this test instead of hanging it.
    starting = threading.Thread(target=start, daemon=True)
    starting.start()
    starting.join(timeout=60)
    assert not starting.is_alive(), "the start of a session hung past a minute"
    # Two tries of 2 s, each with its driver stopped (the stand-in answers at once).
    assert time.monotonic() - began < 30
    assert len(failed) == 1
    assert isinstance(failed[0], EngineError)
    assert "did not start a session within 2 s, 2 times" in str(failed[0])
