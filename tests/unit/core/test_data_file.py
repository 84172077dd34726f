"""The build's three data files (``xrefs.toml``, ``terms.toml``, ``calculator_placements.toml``)
are read one way: a file that is not TOML, or an entry that is wrong, fails naming the file
and the line."""

from __future__ import annotations

import pytest

from build_scripts.core.data_file import load_entries
from build_scripts.core.errors import RulebookError
from build_scripts.pages.calculator_forms import load_placements
from build_scripts.rulebook.terms import load_terms
from build_scripts.rulebook.xrefs import load_map
from harness.project import ROOT

DATA = ROOT / "build_scripts" / "maps"
LOADERS = {
    "xrefs.toml": load_map,
    "terms.toml": load_terms,
    "calculator_placements.toml": load_placements,
}
# An entry each loader refuses, appended to the real file; the error names the entry's line.
BAD_ENTRY = {
    "xrefs.toml": ('[[ref]]\ncontext = "see page XX"\n', "needs exactly one of 'target' or 'unresolved'"),
    "terms.toml": ('[[term]]\nterm = "Open Ground"\nrule = "no-page-id"\n', "not a rule reference"),
    "calculator_placements.toml": ('[[place]]\ncalculator = "no-such"\nafter = "buildings#tremor"\n', "no-such"),
}


def line_count(text: str) -> int:
    return len(text.splitlines())


@pytest.mark.parametrize("name", list(LOADERS))
def test_the_committed_files_load(name: str) -> None:
    assert LOADERS[name]((DATA / name).read_text("utf-8"), name)


@pytest.mark.parametrize("name", list(LOADERS))
def test_a_file_that_is_not_toml_fails_at_the_parsers_line(name: str) -> None:
    text = (DATA / name).read_text("utf-8")
    broken = text + "\n[[oops\n"
    with pytest.raises(RulebookError) as info:
        LOADERS[name](broken, name)
    assert str(info.value).startswith(f"{name}:{line_count(text) + 2}: ")


@pytest.mark.parametrize("name", list(LOADERS))
def test_a_bad_entry_fails_at_its_own_line(name: str) -> None:
    text = (DATA / name).read_text("utf-8").rstrip("\n") + "\n\n"
    entry, words = BAD_ENTRY[name]
    with pytest.raises(RulebookError) as info:
        LOADERS[name](text + entry, name)
    assert str(info.value).startswith(f"{name}:{line_count(text) + 1}: ")
    assert words in str(info.value)


def test_entries_keep_their_lines_and_tables() -> None:
    text = '# a comment\n[[term]]\nterm = "A"\n\n[[outside]]  # defined elsewhere\nterm = "B"\n[[term]]\nterm = "C"\n'
    entries = load_entries(text, "t.toml", ("term", "outside"))
    assert [(e.data["term"], e.source.line) for e in entries["term"]] == [("A", 2), ("C", 7)]
    assert [(e.data["term"], e.source.line) for e in entries["outside"]] == [("B", 5)]


def test_an_unknown_table_is_named() -> None:
    with pytest.raises(RulebookError, match=r"t\.toml: unexpected 'plaec'"):
        load_entries('[[plaec]]\ncalculator = "x"\n', "t.toml", ("place",))


def test_an_inline_array_of_tables_is_refused_with_the_way_to_write_it() -> None:
    with pytest.raises(RulebookError, match=r"write each place as a \[\[place\]\] table"):
        load_entries('place = [{calculator = "x"}]\n', "t.toml", ("place",))
