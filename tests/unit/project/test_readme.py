"""The READMEs stay true: ``deploy/README.md`` shows the recipes in ``deploy/`` themselves,
each exactly as the file is (the tests run those files against real servers); the
top-level README keeps to its size and shows the same header table as ``deploy/README.md``."""

from __future__ import annotations

import re

import pytest

from harness.project import ROOT

README = (ROOT / "README.md").read_text("utf-8")
DEPLOY = (ROOT / "deploy" / "README.md").read_text("utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```$", DEPLOY, flags=re.MULTILINE | re.DOTALL)
#: The front door is read in five minutes: the rest lives beside what it describes. The
#: README's own words are held to this; the figures a benchmark run writes between its
#: markers each to :data:`MOST_IN_A_BLOCK`, so that a run never pushes the README past it.
MOST_CHARACTERS = 13_000
MOST_IN_A_BLOCK = 3_000
#: What a benchmark run writes into the README, between ``<!-- name:start -->`` and ``<!-- name:end -->``.
WRITTEN = re.compile(r"<!-- ([\w-]+):start -->\n(.*?)<!-- \1:end -->", flags=re.DOTALL)


@pytest.mark.parametrize(
    ("name", "language"),
    [("nginx.conf", "nginx"), ("Caddyfile", "caddyfile"), ("_headers", "text"), ("nightly-sync.yml", "yaml")],
)
def test_deploy_readme_shows_each_recipe_exactly_as_the_file_is(name: str, language: str) -> None:
    text = (ROOT / "deploy" / name).read_text("utf-8")
    assert (language, text) in BLOCKS, f"deploy/README.md's {language} block is not deploy/{name}; paste the file"


def header_table(markdown: str) -> str:
    """The table that starts with ``| files | header |``."""
    found = re.search(r"^\| files \| header \|\n(?:\|.*\n)+", markdown, flags=re.MULTILINE)
    assert found, "no header table"
    return found.group(0)


def test_both_readmes_show_the_same_header_table() -> None:
    assert header_table(README) == header_table(DEPLOY)


def test_the_readme_is_a_front_door() -> None:
    own = WRITTEN.sub("", README)
    assert len(own) <= MOST_CHARACTERS, f"README.md has {len(own)} characters; move detail beside what it describes"
    written = {name: len(text) for name, text in WRITTEN.findall(README)}
    assert set(written) == {"bench", "scale"}, "the blocks a benchmark run writes into the README"
    assert {name: size for name, size in written.items() if size > MOST_IN_A_BLOCK} == {}, (
        "a benchmark writes more than the README keeps room for: write it to bench/README.md"
    )
    for linked in ("ARCHITECTURE.md", "deploy/README.md", "bench/README.md", "calculators/README.md"):
        assert f"]({linked})" in README, f"the README does not link {linked}"
        assert (ROOT / linked).is_file()
