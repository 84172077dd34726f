"""The nightly job as shipped (``deploy/nightly-sync.yml``): checked by actionlint, and its
``run:`` steps run as they are, in a git checkout of the project, against a real MediaWiki.

GitHub's own steps (checkout, setup, the Pages upload and publish) are GitHub's; here the
checkout is a copy of the project with a bare repository as its origin, and the setup is the
project's own venv (``MAKEFLAGS=VENV=…``, as a runner's cache would give it). Each ``run:``
step runs in ``bash --noprofile --norc -eo pipefail``, GitHub's shell, with the job's
environment: its ``${{ vars.* }}`` given the test wiki's address and the test site's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support import copy_project
from support.wiki import TITLE, running_wiki

from harness.network import free_port
from harness.project import ROOT

WORKFLOW = ROOT / "deploy" / "nightly-sync.yml"
ACTIONLINT = Path(sys.executable).parent / "actionlint"
COMMIT = re.compile(r"^Sync the rulebook from the wiki \(\d{4}-\d{2}-\d{2}\)$")


def actionlint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ACTIONLINT), "-no-color", "-oneline", str(path)], capture_output=True, text=True, check=False
    )


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True)
    return done.stdout


def run_steps(steps: list[dict[str, object]], cwd: Path, env: dict[str, str]) -> str:
    """Every ``run:`` step in order, as GitHub runs it; what they printed. A failing step fails the test."""
    out = []
    for step in steps:
        script = step.get("run")
        if not isinstance(script, str):
            continue
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=900,
        )
        assert done.returncode == 0, f"step {step.get('name')!r} failed:\n{done.stdout}\n{done.stderr}"
        out.append(done.stdout)
    return "\n".join(out)


def test_actionlint_finds_nothing_in_the_nightly_workflow() -> None:
    done = actionlint(WORKFLOW)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_actionlint_would_see_a_broken_one(tmp_path: Path) -> None:
    text = WORKFLOW.read_text("utf-8")
    broken = tmp_path / "nightly-sync.yml"
    broken.write_text(
        text.replace("${{ vars.WIKI_API }}", "${{ var.WIKI_API }}").replace("checkout@v7", "checkout@v4"), "utf-8"
    )
    done = actionlint(broken)
    assert done.returncode == 1
    assert 'undefined variable "var"' in done.stdout
    assert 'runtime "node20" is deprecated' in done.stdout


def test_the_workflow_commands_sync_commit_and_build_against_the_real_wiki(tmp_path: Path) -> None:
    job = yaml.safe_load(WORKFLOW.read_text("utf-8"))["jobs"]["sync"]
    steps = job["steps"]
    scripts = [s["run"] for s in steps if "run" in s]
    assert len(scripts) == 3
    assert not any("${{" in s for s in scripts), "an expression in a script is a script injection"
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "--quiet", "--bare", str(origin)], check=True)
    project = copy_project(tmp_path / "checkout")
    git(project, "init", "--quiet", "-b", "main")
    git(project, "add", "-A")
    git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "the project")
    git(project, "remote", "add", "origin", str(origin))
    git(project, "push", "--quiet", "-u", "origin", "main")
    port = free_port()
    with running_wiki(tmp_path / "wiki") as wiki:
        values = {"WIKI_API": wiki.api, "SITE_URL": f"http://127.0.0.1:{port}/"}
        job_env = {k: values.get(k, str(v)) for k, v in job["env"].items()}
        assert not any("${{" in v for v in job_env.values())
        # The venv is the project's, already installed: the copy's make must not install the
        # copy into it (its files are newer than the venv's stamp when pyproject.toml was just
        # edited), or the project's own venv would import a folder pytest later deletes.
        installed = tmp_path / "venv-installed"
        installed.touch()
        env = {**os.environ, **job_env, "MAKEFLAGS": f"VENV={ROOT / '.venv'} STAMP={installed}"}
        rev = wiki.edit(TITLE, "section get -d3 to hit→section get -1 to hit", summary="Tremor, as agreed")

        said = run_steps(steps, project, env)
        assert "The wiki has no new revision." not in said
        log = git(origin, "log", "--format=%s", "main").splitlines()
        assert COMMIT.match(log[0]), log
        assert len(log) == 2
        pushed = git(origin, "ls-tree", "-r", "--name-only", "main")
        assert "docs/rulebook/wiki/Scrollhammer_Rulebook.wiki" in pushed
        assert "docs/rulebook/wiki/revisions.jsonl" in pushed
        assert f'"rev": {rev}' in git(origin, "show", "main:rules.history.jsonl")
        site = project / "site"
        assert f"http://127.0.0.1:{port}/" in (site / "sitemap.xml").read_text("utf-8")
        assert "Tremor, as agreed" in (site / "changes" / "index.html").read_text("utf-8")

        # The next night: nothing new on the wiki, nothing committed, the site built again.
        shutil.rmtree(site)
        said = run_steps(steps, project, env)
        assert "The wiki has no new revision." in said
        assert len(git(origin, "log", "--format=%s", "main").splitlines()) == 2
        assert (site / "index.html").exists()


@pytest.mark.parametrize("action", ["upload-pages-artifact", "deploy-pages"])
def test_the_site_that_is_published_is_the_one_built(action: str) -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    uses = [s for job in workflow["jobs"].values() for s in job["steps"] if f"actions/{action}@" in s.get("uses", "")]
    assert len(uses) == 1
    if action == "upload-pages-artifact":
        assert uses[0]["with"]["path"] == "site"
