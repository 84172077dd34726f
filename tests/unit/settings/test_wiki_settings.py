"""``wiki.toml`` read by its one reader (``build_scripts/settings/wiki.py``), which the build and
the sync both use: its path is the plugin's ``wiki`` option, each key is checked, ``into``'s
default is given once; and the sync reads the plugin's options as the build does, ``!ENV``
included."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_scripts.core.errors import RulebookError
from build_scripts.settings.options import load_project
from build_scripts.settings.wiki import DEFAULT_INTO, read_wiki
from build_scripts.sync.model import SyncError
from build_scripts.sync.settings import load_settings

CONFIG = """\
site_name: x
plugins:
  - scrollhammer:
      exports: [a.wiki]
      pages:
        - {name: index, title: Home, kind: markdown}
        - {name: ruins, title: Ruins, section: Ruins}
      anchors_lock: !ENV [TEST_SETTINGS_LOCK, anchors.lock.json]
      rule_history: !ENV [TEST_SETTINGS_HISTORY, rules.history.jsonl]
      wiki: !ENV [TEST_SETTINGS_WIKI, wiki.toml]
"""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "mkdocs.yml"
    path.write_text(CONFIG, "utf-8")
    return path


def test_wiki_toml_is_read_from_the_wiki_option_with_into_defaulted_once(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert read_wiki(load_project(config)) is None, "no wiki.toml: the build reads the exports"
    (config.parent / "wiki.toml").write_text('api = "http://w/api.php"\npages = ["Rulebook"]\n', "utf-8")
    wiki = read_wiki(load_project(config))
    assert wiki is not None
    assert (wiki.api, wiki.titles, wiki.into) == ("http://w/api.php", ("Rulebook",), config.parent / DEFAULT_INTO)
    assert wiki.file == config.parent / "wiki.toml"
    (config.parent / "elsewhere.toml").write_text('pages = ["Other"]\ninto = "synced"\n', "utf-8")
    monkeypatch.setenv("TEST_SETTINGS_WIKI", "elsewhere.toml")
    moved = read_wiki(load_project(config))
    assert moved is not None
    assert (moved.titles, moved.into, moved.api) == (("Other",), config.parent / "synced", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('pages = ["A"]\ninto = 3\n', r"wiki\.toml: into must be text, not 3"),
        ('pages = ["A"]\napi = ["x"]\n', r"wiki\.toml: api must be text"),
        ("pages = []\n", r"wiki\.toml: pages must list the wiki pages that hold the rulebook"),
        ('pages = ["A", ""]\n', r"wiki\.toml: pages must list the wiki pages that hold the rulebook"),
        ('pages = ["A", 3]\n', r"wiki\.toml: pages must list the wiki pages that hold the rulebook"),
        ('pages = ["A"]\nfolder = "x"\n', r"wiki\.toml: unknown key 'folder' \(known: api, pages, into\)"),
        ('pages = ["A"\n', r"wiki\.toml: "),
    ],
)
def test_a_bad_wiki_toml_is_named_with_its_key(config: Path, text: str, message: str) -> None:
    (config.parent / "wiki.toml").write_text(text, "utf-8")
    with pytest.raises(RulebookError, match=message):
        read_wiki(load_project(config))


def test_the_sync_reads_the_options_as_the_build_does_env_included(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (config.parent / "wiki.toml").write_text('pages = ["Rulebook"]\n', "utf-8")
    monkeypatch.setenv("TEST_SETTINGS_LOCK", "records/lock.json")
    monkeypatch.setenv("TEST_SETTINGS_HISTORY", "records/history.jsonl")
    wiki, site = load_settings(config)
    project = load_project(config)
    assert site.lock == project.path(project.options.anchors_lock) == config.parent / "records" / "lock.json"
    assert site.history == config.parent / "records" / "history.jsonl"
    assert [(p.name, p.section) for p in site.pages] == [("ruins", "Ruins")]
    assert wiki.into == config.parent / DEFAULT_INTO


def test_the_sync_names_a_missing_or_bad_setting(config: Path) -> None:
    with pytest.raises(SyncError, match=r"there is no wiki\.toml in .*; it names the wiki and its pages"):
        load_settings(config)
    (config.parent / "wiki.toml").write_text('pages = ["A"]\nintoo = "x"\n', "utf-8")
    with pytest.raises(SyncError, match=r"wiki\.toml: unknown key 'intoo'"):
        load_settings(config)
    config.write_text(CONFIG.replace("exports: [a.wiki]", "exports: a.wiki"), "utf-8")
    with pytest.raises(SyncError, match=r"mkdocs\.yml: scrollhammer: exports: must be a list"):
        load_settings(config)
