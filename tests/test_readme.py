"""The README stays true: its deploy section is the recipes in ``deploy/`` themselves, each
shown exactly as the file is (the tests run those files against real servers)."""

from __future__ import annotations

import re

import pytest
from support import ROOT

README = (ROOT / "README.md").read_text("utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```$", README, flags=re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize(
    ("name", "language"), [("nginx.conf", "nginx"), ("Caddyfile", "caddyfile"), ("_headers", "text")]
)
def test_the_readme_shows_each_recipe_exactly_as_the_file_is(name: str, language: str) -> None:
    text = (ROOT / "deploy" / name).read_text("utf-8")
    assert (language, text) in BLOCKS, f"the README's {language} block is not deploy/{name}; paste the file"
