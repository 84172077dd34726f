"""A search on the slow phone, from typing a word to its first result: time, bytes, memory.

The phone is the benchmark's (``phone_profile.Phone``: 412×823, slow 4G through the
tests' throttling server) under the slow-cores model, calibrated in the run as
``make bench`` calibrates it. A visit opens a rule page (Terrain), waits for it to load,
opens the search and types a word as a person does (one key each 120 ms); the time is from
its last key to the first result for the whole word on the screen (a result link whose
highlight names the word). Bytes are what the server sent for the search (its index, code and chunks:
``search/``, ``pagefind/``, ``assets/js/search/``, the theme's search worker and lunr),
from the page's load on, compressed as sent. Memory is the search worker's: its
JavaScript heap and the memory behind its buffers (Pagefind's WebAssembly), read over
the DevTools protocol.

A visit is cold (a new profile: nothing stored) or warm (the same profile the next time:
what the first visit kept, and a different word).

Beside it, :func:`query_runs` types every query of ``harness/search_quality.py`` into the
site's search, CPU and network free: how often the rule meant is first and among the first
three, and each query's time and bytes, at each size of the book.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright

from bench.phone.profile import VIEWPORT, Phone
from harness.chromium import CHROMIUM, CHROMIUM_ARGS
from harness.search_quality import PROBE as QUERY_PROBE
from harness.search_quality import QUERIES, Query, hit_rates, run_queries
from site_server import SiteServer, serving

#: Typing speed: a key each this many ms.
KEY_MS = 120
#: The words typed: one a cold visit, the other on the warm one.
WORDS = ("battlements", "barrage")
PAGE = "terrain/"
_SEARCH_PATHS = ("/search/", "/pagefind/", "/assets/js/search/", "/assets/javascripts/workers/", "/javascripts/lunr/")

#: Records when each key was typed into the search box and when the results changed.
PROBE = """
window.__search = { keys: [], shown: [] };
document.addEventListener('input', (event) => {
  if (event.target?.matches?.("[data-md-component=search-query]")) window.__search.keys.push(performance.now());
}, true);
new MutationObserver(() => {
  const links = [...document.querySelectorAll('.md-search-result__link')].map((a) => a.getAttribute('href'));
  if (links.length) window.__search.shown.push([performance.now(), links.slice(0, 3)]);
}).observe(document, { subtree: true, childList: true });
"""


class _Workers:
    """The page's workers over the DevTools protocol, each by its script's URL.

    Playwright's sessions do not reach a worker, so the page's session attaches to them
    (not flattened) and talks to each through ``Target.sendMessageToTarget``.
    """

    def __init__(self, cdp: CDPSession, page: Page) -> None:
        self.cdp = cdp
        self.page = page
        self.sessions: dict[str, str] = {}
        self.replies: dict[int, dict[str, Any]] = {}
        self.next_id = 1000
        cdp.on("Target.attachedToTarget", self._attached)
        cdp.on("Target.receivedMessageFromTarget", self._received)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})

    def _post(self, session: str, method: str, params: dict[str, Any] | None = None) -> int:
        self.next_id += 1
        message = json.dumps({"id": self.next_id, "method": method, "params": params or {}})
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})
        return self.next_id

    def _attached(self, event: dict[str, Any]) -> None:
        self.sessions[event["targetInfo"]["url"]] = event["sessionId"]

    def _received(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def send(
        self, url_part: str, method: str, params: dict[str, Any] | None = None, timeout_s: float = 10
    ) -> dict[str, Any]:
        """A command to the worker whose URL has ``url_part``; its result."""
        session = next((sid for url, sid in self.sessions.items() if url_part in url), None)
        if session is None:
            raise RuntimeError(f"no worker like {url_part!r}: {list(self.sessions)}")
        asked = self._post(session, method, params)
        deadline = time.monotonic() + timeout_s
        while asked not in self.replies and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
        reply = self.replies.pop(asked, {})
        if "result" not in reply:
            raise RuntimeError(f"{method} in the worker: {reply}")
        return dict(reply["result"])

    def memory_mb(self, url_part: str) -> dict[str, float]:
        """A worker's memory: its JavaScript heap, its buffers' backing stores, its WebAssembly memories."""
        heap = self.send(url_part, "Runtime.getHeapUsage")
        proto = self.send(url_part, "Runtime.evaluate", {"expression": "WebAssembly.Memory.prototype"})
        # Finding the memories walks the heap: slow in a heap of 90 MB (the theme's lunr at 50x).
        found = self.send(url_part, "Runtime.queryObjects", {"prototypeObjectId": proto["result"]["objectId"]}, 120)
        summed = self.send(
            url_part,
            "Runtime.callFunctionOn",
            {
                "objectId": found["objects"]["objectId"],
                "functionDeclaration": "function () { return this.reduce((n, m) => n + m.buffer.byteLength, 0); }",
                "returnByValue": True,
            },
        )
        wasm = int(summed["result"]["value"])
        out = {
            "heap": heap.get("usedSize", 0) / 1e6,
            "buffers": heap.get("backingStorageSize", 0) / 1e6,
            "wasm": wasm / 1e6,
        }
        out["total"] = out["heap"] + out["buffers"] + out["wasm"]
        return {key: round(value, 2) for key, value in out.items()}


def _search_bytes(server: SiteServer) -> tuple[int, int, list[str]]:
    """The bytes the server has sent for the search so far, in how many bodies, and of which paths."""
    paths = [path for path in server.downloads if any(part in path for part in _SEARCH_PATHS)]
    return sum(server.downloaded_bytes[p] for p in paths), sum(server.downloads[p] for p in paths), paths


def search_visit(context: BrowserContext, server: SiteServer, word: str) -> dict[str, Any]:
    """One visit: the page, the search opened, the word typed; its figures."""
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    sent_before, count_before, paths_before = _search_bytes(server)
    page = context.new_page()
    workers = _Workers(context.new_cdp_session(page), page)
    page.add_init_script(PROBE)
    page.goto(base + PAGE, wait_until="load")
    page.locator("label.md-header__button[for='__search']").tap()
    box = page.locator("input[data-md-component='search-query']")
    box.press_sequentially(word, delay=KEY_MS)
    wanted = f".md-search-result__link[href*='h={word}']"
    page.wait_for_selector(wanted, timeout=120_000)
    probe = page.evaluate("() => window.__search")
    typed = probe["keys"][-1]
    shown = next(at for at, links in probe["shown"] if at >= typed and any(f"h={word}" in h for h in links))
    memory = workers.memory_mb("search")
    page.close()
    sent, count, paths = _search_bytes(server)
    return {
        "word": word,
        "to_result_s": round((shown - typed) / 1000, 3),
        "bytes_kb": round((sent - sent_before) / 1000, 1),
        "requests": count - count_before,
        "new_paths": len(set(paths) - set(paths_before)),
        "worker_mb": memory,
    }


def search_runs(phone: Phone, profile: Path, server: SiteServer) -> dict[str, Any]:
    """A cold visit, then a warm one on the same profile (the browser's HTTP cache kept).

    Both without the service worker, so that every byte counted is the search's own (with
    it, the search's requests are answered by the offline copy the worker fetches beside).
    """
    context = phone.open(profile, fresh=True, service_workers="block")
    cold = search_visit(context, server, WORDS[0])
    context.close()
    context = phone.open(profile, fresh=False, service_workers="block")
    warm = search_visit(context, server, WORDS[1])
    context.close()
    return {"cold": cold, "warm": warm}


def query_runs(pw: Playwright, site: Path, queries: tuple[Query, ...] = QUERIES) -> dict[str, Any]:
    """Every query (or question) of ``harness/search_quality.py`` typed into the site's search, CPU and network free.

    The service worker is blocked, so every byte counted is the search's own; the bytes are
    what the server sent for the search over all the queries, per query on average.
    """
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        with serving(site) as server:
            context = browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True, service_workers="block")
            page = context.new_page()
            page.add_init_script(QUERY_PROBE)
            asked = run_queries(page, f"http://127.0.0.1:{server.server_address[1]}/", queries)
            sent, count, _ = _search_bytes(server)
            context.close()
    finally:
        browser.close()
    seconds = [a.seconds for a in asked]
    return {
        "queries": len(asked),
        **hit_rates(asked),
        "median_s": round(statistics.median(seconds), 3),
        "slowest_s": round(max(seconds), 3),
        "kb_per_query": round(sent / 1000 / len(asked), 1),
        "requests": count,
        "missed": {a.query.text: list(a.shown[:3]) for a in asked if not a.hit(1)},
    }
