"""One reader for each setting: options set through ``!ENV`` in ``mkdocs.yml`` are followed alike
by the build (the lock, the history, ``wiki.toml``), the finish stage (precompression) and
``make sync`` (the lock, the history, ``wiki.toml`` and its folder), in a copy of the project
whose records live away from their default places."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from support import build_site, copy_project
from support.export_xml import ExportRevision, export_xml
from support.wiki import TITLE, rulebook_text

from harness.network import free_port
from harness.project import ROOT

#: The options moved, each through an !ENV tag whose default is the project's own value.
MOVED = {
    "anchors_lock": ("SH_TEST_LOCK", "anchors.lock.json", "records/lock.json"),
    "rule_history": ("SH_TEST_HISTORY", "rules.history.jsonl", "records/history.jsonl"),
    "wiki": ("SH_TEST_WIKI", "wiki.toml", "records/wiki.toml"),
    "precompress": ("SH_TEST_PRECOMPRESS", "true", "false"),
}


def moved_project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy whose lock, history and wiki.toml are under records/, named through !ENV; and that environment."""
    project = copy_project(tmp_path / "project")
    config = project / "mkdocs.yml"
    text = config.read_text("utf-8").replace("      anchors_lock: anchors.lock.json\n", "")
    lines = "".join(f"      {option}: !ENV [{env}, {default}]\n" for option, (env, default, _) in MOVED.items())
    text = text.replace("      xref_map: ", lines + "      xref_map: ", 1)
    config.write_text(text, "utf-8")
    (project / "records").mkdir()
    for option in ("anchors_lock", "rule_history", "wiki"):
        _, default, moved = MOVED[option]
        (project / default).rename(project / moved)
    wiki = project / "records" / "wiki.toml"
    wiki.write_text(wiki.read_text("utf-8").replace('into = "docs/rulebook/wiki"', 'into = "records/wiki"'), "utf-8")
    return project, {env: moved for env, _, moved in MOVED.values()}


def run(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def test_the_build_the_finish_stage_and_the_sync_follow_options_set_through_env(tmp_path: Path) -> None:
    project, env = moved_project(tmp_path)
    site = tmp_path / "site"
    # Frozen: the build fails unless it finds every rule id in the lock it was told of.
    build_site(project, site, port=free_port(), frozen=True, env={**env, "SCROLLHAMMER_FINISH": "false"})
    run("build_scripts.finish", str(site), "--project", str(project), cwd=project, env=env)
    assert (site / "sw.js").exists(), "the site was finished"
    assert (site / "assets" / "pyodide").exists()
    assert not list(site.rglob("*.br")), "precompress: false reached the finish stage"

    export = tmp_path / "export.xml"
    text = rulebook_text()
    export.write_bytes(export_xml(TITLE, [ExportRevision(7, 0, "2026-11-03T10:00:00Z", "Ann", "The rulebook", text)]))
    history_before = (project / "records" / "history.jsonl").read_text("utf-8")
    out = run("build_scripts.sync", "--root", str(project), "--export", str(export), cwd=project, env=env).stdout
    assert "1 revision(s) brought in, up to revision 7" in out
    synced = project / "records" / "wiki"
    assert (synced / "Scrollhammer_Rulebook.wiki").read_text("utf-8") == text, "wiki.toml's folder, from records/"
    assert json.loads((synced / "wiki.json").read_text("utf-8"))["pages"][0]["rev"] == 7
    history_after = (project / "records" / "history.jsonl").read_text("utf-8")
    assert history_after != history_before, "the history the options name gained the revision"
    assert '"rev": 7' in history_after
    for default in ("anchors.lock.json", "rules.history.jsonl", "wiki.toml", "docs/rulebook/wiki"):
        assert not (project / default).exists(), f"{default} was written where the options do not point"

    # And the next build reads the synced pages from there (frozen: the lock and history describe them).
    again = tmp_path / "again"
    build_site(project, again, port=free_port(), frozen=True, env={**env, "SCROLLHAMMER_FINISH": "false"})
    state = json.loads((project / "build" / "stages" / "finish.json").read_text("utf-8"))
    assert state["options"]["precompress"] is False
    card = next(c for c in state["cards"] if c["rule"] == "buildings#total-collapse")
    assert card["edit"] == {"rev": 7, "user": "Ann", "summary": "The rulebook"}, "the card names the synced revision"


def make_exports(*args: str, env: dict[str, str] | None = None) -> str:
    """The SITE_URL the Makefile hands the build (``mkdocs.yml`` reads it through ``!ENV``)."""
    show = "show-site-url: ; @echo $$SITE_URL"
    clean = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    proc = subprocess.run(
        ["make", "-s", "--no-print-directory", "--eval", show, "show-site-url", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**clean, **(env or {})},
    )
    return proc.stdout.strip()


def test_make_serves_host_and_port_reach_the_build() -> None:
    """``make serve PORT=9000`` builds its cards for port 9000 (they named 8000); an address
    given as SITE_URL (the host the site will live at) wins."""
    assert make_exports() == "http://127.0.0.1:8000/"
    assert make_exports("PORT=9000") == "http://127.0.0.1:9000/"
    assert make_exports("HOST=0.0.0.0", "PORT=9001") == "http://0.0.0.0:9001/"
    assert make_exports("PORT=9000", env={"SITE_URL": "https://rules.example.org/"}) == "https://rules.example.org/"
