"""The build's options read without MkDocs (``build_scripts/settings/options.py``): the same options
MkDocs hands the plugin, ``!ENV`` as MkDocs reads it, a bad option named with what it must
be; the docs a generator reads, as MkDocs' ``exclude_docs`` leaves them; and the stages a
generator stands between, run with MkDocs unimportable."""

from __future__ import annotations

import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from support import without_mkdocs

from build_scripts.core.errors import RulebookError
from build_scripts.settings.options import PLUGIN, Options, Site, load_project, read_config
from build_scripts.steps.pages_command import docs_files
from build_scripts.steps.plan import plan_site
from harness.project import ROOT

CONFIG = ROOT / "mkdocs.yml"


def test_the_options_are_those_mkdocs_hands_the_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCROLLHAMMER_FROZEN_ANCHORS", "true")
    project = load_project(CONFIG)
    mkdocs = load_config(str(CONFIG))
    handed = {name: value for name, value in mkdocs.plugins[PLUGIN].config.items() if value is not None}
    assert Options.from_mapping(handed) == project.options
    assert project.options.frozen_anchors is True, "an !ENV value is read as YAML reads it, not as text"
    assert [p.name for p in project.options.pages][:3] == ["index", "terrain", "buildings"]
    assert project.site.url == mkdocs.site_url
    assert project.site.name == mkdocs.site_name


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"exports": ["a.wiki"], "pages": [], "frozen": True}, "unknown option 'frozen'"),
        ({"exports": ["a.wiki"], "pages": [], "cards": "yes"}, "cards: must be true or false, not 'yes'"),
        ({"exports": "a.wiki", "pages": []}, "exports: must be a list, not 'a.wiki'"),
        ({"pages": []}, "the option 'exports' is required"),
        (
            {"exports": [], "pages": [{"name": "x", "title": "X", "kind": "chart"}]},
            "pages[0]: kind: must be one of 'rulebook', 'markdown'",
        ),
        ({"exports": [], "pages": [{"name": "x", "title": "X"}]}, "page 'x': a rulebook page, and only one, names"),
        ({"exports": [], "pages": [{"name": "x", "title": 3, "kind": "table"}]}, "pages[0]: title: must be text"),
        (
            {"exports": [], "pages": [{"name": "Core/Rules", "title": "X", "kind": "table"}]},
            "page 'Core/Rules': a name is lower-case letters, digits and hyphens",
        ),
    ],
)
def test_a_bad_option_is_named_with_what_it_must_be(raw: dict[str, object], message: str) -> None:
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: scrollhammer: .*" + re.escape(message)):
        Options.from_mapping(raw)


@pytest.mark.parametrize("plugins", ["  - search\n", "  - scrollhammer-extras\n"])
def test_a_config_without_the_plugin_is_named(tmp_path: Path, plugins: str) -> None:
    # Another plugin whose name holds this one's is not it.
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\nplugins:\n" + plugins, "utf-8")
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml has no scrollhammer plugin$"):
        load_project(config)


def test_a_config_with_only_the_plugin_gets_the_defaults_mkdocs_would(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("plugins:\n  - scrollhammer:\n      exports: [a.wiki]\n      pages: []\n", "utf-8")
    project = load_project(config)
    assert project.site == Site(url="/", name="", copyright="", docs_dir="docs", nav=[])
    assert project.root == tmp_path
    assert project.options.exports == ("a.wiki",)


def test_a_configs_site_settings_are_read_as_written(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        "site_url: https://r.example/\nsite_name: R\ncopyright: C\ndocs_dir: pages\nnav: [a.md]\n"
        "plugins:\n  - search\n  - scrollhammer:\n      exports: [a.wiki]\n      pages: []\n",
        "utf-8",
    )
    assert load_project(config).site == Site(
        url="https://r.example/", name="R", copyright="C", docs_dir="pages", nav=["a.md"]
    )


@pytest.mark.parametrize("plugins", ["  - scrollhammer:\n", "  - scrollhammer\n", "  - search\n  - scrollhammer\n"])
def test_a_plugin_entry_without_options_is_named_for_what_it_lacks(tmp_path: Path, plugins: str) -> None:
    # Written as MkDocs takes it: a mapping with no options, or the plugin's bare name.
    config = tmp_path / "mkdocs.yml"
    config.write_text("plugins:\n" + plugins, "utf-8")
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: scrollhammer: the option 'exports' is required$"):
        load_project(config)


def test_a_tag_other_than_env_is_refused_by_the_yaml_reader(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: !Other x\nplugins:\n  - scrollhammer:\n      exports: [a.wiki]\n", "utf-8")
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: could not determine a constructor for the tag '!Other'"):
        load_project(config)


def test_a_bad_option_is_named_in_the_config_file_it_is_in(tmp_path: Path) -> None:
    config = tmp_path / "site.yml"
    config.write_text("plugins:\n  - scrollhammer:\n      pages: []\n", "utf-8")
    with pytest.raises(RulebookError, match=r"^site\.yml: scrollhammer: the option 'exports' is required$"):
        load_project(config)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("plugins: [scrollhammer: {exports: [a.wiki], pages: []}", r"^mkdocs\.yml: while parsing a flow"),
        ("- a list\n- of things\n", r"^mkdocs\.yml is not a mapping of settings$"),
    ],
)
def test_a_config_that_is_not_yaml_settings_is_named(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text(text, "utf-8")
    with pytest.raises(RulebookError, match=message):
        read_config(config)


def test_a_missing_config_is_named(tmp_path: Path) -> None:
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: \[Errno 2\]"):
        read_config(tmp_path / "mkdocs.yml")


def test_an_env_tag_is_read_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: !ENV [SH_TEST_NAME, fallback]\n", "utf-8")
    monkeypatch.delenv("SH_TEST_NAME", raising=False)
    assert read_config(config)["site_name"] == "fallback"
    monkeypatch.setenv("SH_TEST_NAME", "Named")
    assert read_config(config)["site_name"] == "Named"


def test_an_option_that_may_be_unset_takes_none_or_its_kind_only() -> None:
    base = {"exports": ["a.wiki"], "pages": []}
    assert Options.from_mapping({**base, "host_headers": None}).host_headers is None
    assert Options.from_mapping({**base, "host_headers": "deploy/_headers"}).host_headers == "deploy/_headers"
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: scrollhammer: host_headers: must be text, not 5$"):
        Options.from_mapping({**base, "host_headers": 5})


def test_options_that_are_not_a_mapping_are_refused_with_what_they_were() -> None:
    with pytest.raises(RulebookError, match=r"^mkdocs\.yml: scrollhammer: must be a mapping of options, not \['x'\]$"):
        Options.from_mapping(["x"])  # type: ignore[arg-type]


def test_an_unknown_option_is_named_with_every_option_known() -> None:
    with pytest.raises(RulebookError) as refused:
        Options.from_mapping({"exports": [], "pages": [], "zzz": 1})
    known = str(refused.value).split("(known: ", 1)[1].rstrip(")").split(", ")
    assert known == sorted(known)
    assert {"exports", "pages", "print_book", "api"} <= set(known)


def test_the_docs_a_generator_reads_are_those_mkdocs_reads() -> None:
    mkdocs = load_config(str(CONFIG))
    files = [f.src_uri for f in get_files(mkdocs) if not f.inclusion.is_excluded()]
    ours = docs_files(ROOT / "docs", read_config(CONFIG)["exclude_docs"])
    assert sorted(ours) == sorted(files)
    assert not any(name.startswith(("rulebook/", "assets/js/types/")) for name in ours)


def run_without_mkdocs(*args: str) -> subprocess.CompletedProcess[str]:
    return without_mkdocs.run(*args, cwd=ROOT)


def test_the_stages_import_without_mkdocs_and_the_plugin_does_not() -> None:
    stages = run_without_mkdocs("-c", "import build_scripts.steps.pages_command, build_scripts.finish.__main__")
    assert stages.returncode == 0, f"the stages need no MkDocs: {stages.stderr[-600:]}"
    refused = run_without_mkdocs("-c", "import build_scripts.mkdocs_plugin")
    assert refused.returncode != 0
    assert "No module named 'mkdocs' (without_mkdocs)" in refused.stderr, "the check refuses MkDocs"


def test_pages_listed_in_nav_are_refused_before_any_page_is_made() -> None:
    project = load_project(CONFIG)
    listed = replace(project, site=replace(project.site, nav=[{"Home": "index.md"}]))
    with pytest.raises(RulebookError, match=r"list pages in the plugin's `pages`, not in `nav`"):
        plan_site(listed)
    assert plan_site(project).nav[0] == {"Home": "index.md"}, "the plan makes nav from the pages"
