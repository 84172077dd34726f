"""``make bench-scale``'s tables: each size's figures side by side, with their growth from 1×.

Read by ``scale/__main__.py``; writes the block between ``scale:start`` and ``scale:end`` in
``bench/README.md`` and one line in the top-level README (``scale-line``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: What "does not grow" means, at the largest size against 1× (the issue's targets).
TARGETS = {
    "rule_page": 1.2,  # a rule page's bytes, HTML and compressed, at most 1.2× today's
    "search_kb": 300.0,  # bytes for a search's first results
    "search_s": 1.0,  # from typing to the first result, on the slow phone
    "search_mb": 20.0,  # the search worker's memory
    "cold_build_s": 480.0,  # a cold build at 50×
    "edited_build_s": 60.0,  # a build after one export was edited, at 50×
}

Row = tuple[str, Callable[[dict[str, Any]], float | None], Callable[[float], str]]


def _stage_list(stages: dict[str, float], top: int = 4) -> str:
    ranked = sorted(stages.items(), key=lambda kv: -kv[1])[:top]
    return ", ".join(f"{name} {seconds:.0f} s" for name, seconds in ranked)


def _get(size: dict[str, Any], *path: str) -> Any:
    node: Any = size
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _s(v: float) -> str:
    return f"{v:.0f} s" if v >= 60 else f"{v:.1f} s"


ROWS: list[Row] = [
    ("rules", lambda s: s["rules"], lambda v: f"{v:,.0f}"),
    ("cold build, wall", lambda s: _get(s, "cold", "wall_s"), _s),
    ("cold build, CPU", lambda s: _get(s, "cold", "cpu_s"), _s),
    ("cold build, peak memory", lambda s: _get(s, "cold", "peak_mb"), lambda v: f"{v:,.0f} MB"),
    ("build with nothing changed, wall", lambda s: _get(s, "unchanged", "wall_s"), _s),
    ("build after one export was edited, wall", lambda s: _get(s, "edited", "wall_s"), _s),
    ("build after one export was edited, CPU", lambda s: _get(s, "edited", "cpu_s"), _s),
    ("files in `site/`", lambda s: _get(s, "site", "files"), lambda v: f"{v:,.0f}"),
    ("bytes of `site/`", lambda s: _get(s, "site", "mb"), lambda v: f"{v:,.0f} MB"),
    ("card files (`r/`)", lambda s: _get(s, "site", "card_files"), lambda v: f"{v:,.0f}"),
    ("card images", lambda s: _get(s, "site", "card_images_mb"), lambda v: f"{v:,.0f} MB"),
    ("a rule page (Terrain), HTML", lambda s: _get(s, "site", "rule_page_kb"), lambda v: f"{v:.1f} KB"),
    ("… gzip", lambda s: _get(s, "site", "rule_page_gzip_kb"), lambda v: f"{v:.1f} KB"),
    ("… brotli", lambda s: _get(s, "site", "rule_page_brotli_kb"), lambda v: f"{v:.1f} KB"),
    ("… of which the navigation", lambda s: _get(s, "site", "nav_share"), lambda v: f"{v:.0%}"),
    (
        "… of which its rules' versions (notices, `?as-of=`)",
        lambda s: _get(s, "site", "rule_page_versions_kb"),
        lambda v: f"{v:.1f} KB",
    ),
    ("… its navigation's links", lambda s: _get(s, "site", "nav_links"), lambda v: f"{v:.0f}"),
    (
        "the rules as data: every rule (`rules.jsonl.gz`)",
        lambda s: _get(s, "site", "api_bulk_kb"),
        lambda v: f"{v:,.0f} KB",
    ),
    ("… a file per rule id", lambda s: _get(s, "site", "api_rule_files"), lambda v: f"{v:,.0f}"),
    ("… their bytes", lambda s: _get(s, "site", "api_rule_files_mb"), lambda v: f"{v:,.1f} MB"),
    ("… the latest changes (`changes.json`)", lambda s: _get(s, "site", "api_changes_kb"), lambda v: f"{v:,.0f} KB"),
    (
        "search, typing to the first result, cold",
        lambda s: _get(s, "search", "cold", "to_result_s"),
        lambda v: f"{v:.2f} s",
    ),
    ("… bytes for it, cold", lambda s: _get(s, "search", "cold", "bytes_kb"), lambda v: f"{v:.0f} KB"),
    (
        "search, typing to the first result, warm",
        lambda s: _get(s, "search", "warm", "to_result_s"),
        lambda v: f"{v:.2f} s",
    ),
    ("… bytes for it, warm", lambda s: _get(s, "search", "warm", "bytes_kb"), lambda v: f"{v:.0f} KB"),
    ("the search worker's memory", lambda s: _get(s, "search", "cold", "worker_mb", "total"), lambda v: f"{v:.1f} MB"),
    ("a player's queries, the rule meant first (hit@1)", lambda s: _get(s, "queries", "hit@1"), lambda v: f"{v:.0%}"),
    ("… among the first three (hit@3)", lambda s: _get(s, "queries", "hit@3"), lambda v: f"{v:.0%}"),
    ("… a query's time, CPU free (median)", lambda s: _get(s, "queries", "median_s"), lambda v: f"{v:.2f} s"),
    ("… a query's bytes (mean)", lambda s: _get(s, "queries", "kb_per_query"), lambda v: f"{v:.1f} KB"),
    (
        "questions in a player's words, a rule that answers among the first three (hit@3)",
        lambda s: _get(s, "questions", "hit@3"),
        lambda v: f"{v:.0%}",
    ),
    ("… first (hit@1)", lambda s: _get(s, "questions", "hit@1"), lambda v: f"{v:.0%}"),
    ("… a question's time, CPU free (median)", lambda s: _get(s, "questions", "median_s"), lambda v: f"{v:.2f} s"),
    ("… a question's bytes (mean)", lambda s: _get(s, "questions", "kb_per_query"), lambda v: f"{v:.1f} KB"),
    ("a first visit stores for offline use", lambda s: _get(s, "site", "precache", "mb"), lambda v: f"{v:.1f} MB"),
    ("… in files", lambda s: _get(s, "site", "precache", "entries"), lambda v: f"{v:,.0f}"),
    ("keeping the whole book adds", lambda s: _get(s, "site", "book", "mb"), lambda v: f"{v:.1f} MB"),
    ("`anchors.lock.json`", lambda s: _get(s, "site", "lock_kb"), lambda v: f"{v:,.0f} KB"),
    ("`rules.history.jsonl`", lambda s: _get(s, "site", "history_kb"), lambda v: f"{v:,.0f} KB"),
]


def table(sizes: list[dict[str, Any]]) -> str:
    """Each figure at each size, and the largest size's growth from the smallest."""
    head = ["figure", *[f"{s['times']}×" for s in sizes], f"{sizes[-1]['times']}× / {sizes[0]['times']}×"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, value, shown in ROWS:
        values = [value(s) for s in sizes]
        cells = [shown(v) if v is not None else "–" for v in values]
        first, last = values[0], values[-1]
        growth = f"{last / first:.2f}×" if first and last is not None else "–"
        lines.append(f"| {name} | {' | '.join(cells)} | {growth} |")
    stages = [f"- {s['times']}×, cold: {_stage_list(s['cold'].get('stages', {}))}" for s in sizes]
    return "\n".join(lines) + "\n\nThe longest stages of each cold build:\n\n" + "\n".join(stages)


def verdicts(sizes: list[dict[str, Any]]) -> list[tuple[str, str, bool]]:
    """The targets at the largest size: (what, measured, met)."""
    first, last = sizes[0], sizes[-1]
    out = []
    for key in ("rule_page_kb", "rule_page_gzip_kb", "rule_page_brotli_kb", "rule_page_versions_kb"):
        if key not in first["site"] or not first["site"][key]:
            continue  # a result from before the figure was measured
        ratio = last["site"][key] / first["site"][key]
        what = {"rule_page_versions_kb": "versions data's"}.get(key, f"{key[10:-3] or 'HTML'}")
        out.append((f"a rule page's {what} bytes ≤ 1.2× 1×'s", f"{ratio:.2f}×", ratio <= TARGETS["rule_page"]))
    search = last.get("search", {}).get("cold")
    if search:
        out.append(
            (
                "a search's bytes, cold ≤ 300 KB",
                f"{search['bytes_kb']:.0f} KB",
                search["bytes_kb"] <= TARGETS["search_kb"],
            )
        )
        out.append(
            (
                "typing to the first result, cold ≤ 1 s",
                f"{search['to_result_s']:.2f} s",
                search["to_result_s"] <= TARGETS["search_s"],
            )
        )
        memory = search["worker_mb"]["total"]
        out.append(("the search worker's memory ≤ 20 MB", f"{memory:.1f} MB", memory <= TARGETS["search_mb"]))
    cold, edited = last["cold"]["wall_s"], last["edited"]["wall_s"]
    out.append((f"cold build at {last['times']}× ≤ 8 min", _s(cold), cold <= TARGETS["cold_build_s"]))
    out.append(
        (
            f"build after one export was edited at {last['times']}× ≤ 1 min",
            _s(edited),
            edited <= TARGETS["edited_build_s"],
        )
    )
    return out


def report(results: dict[str, Any]) -> str:
    """The block for ``bench/README.md``."""
    sizes = results["sizes"]
    lines = [
        f"Measured by `make bench-scale` on {results['measured']} ({results.get('duration_s', 0) / 60:.0f} min):",
        "",
        table(sizes),
        "",
        "| target | measured | |",
        "| --- | --- | --- |",
    ]
    lines += [f"| {what} | {measured} | {'met' if met else 'NOT met'} |" for what, measured, met in verdicts(sizes)]
    return "\n".join(lines)


def headline(results: dict[str, Any]) -> str:
    """The README's one line."""
    first, last = results["sizes"][0], results["sizes"][-1]
    search = last.get("search", {}).get("cold", {})
    return (
        f"With the book {last['times']} times today's ({last['rules']:,} rules, `make bench-scale`, "
        f"{results['measured']}): a rule page {last['site']['rule_page_kb']:.0f} KB "
        f"({last['site']['rule_page_kb'] / first['site']['rule_page_kb']:.2f}× today's), a search's first results "
        f"{search.get('bytes_kb', 0):.0f} KB and {search.get('to_result_s', 0):.2f} s on the slow phone, "
        f"{last['site']['files']:,} files and {last['site']['mb']:,.0f} MB in `site/`, a cold build "
        f"{_s(last['cold']['wall_s'])}, one after an edit {_s(last['edited']['wall_s'])}."
    )
