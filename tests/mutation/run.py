"""make mutants: mutation testing, and one report of it (``build/reports/mutants.json``).

Every room that decides what a player reads, each an area with its own target, by two
maintained mutation testers:

* mutmut 3 mutates the calculators and their readings (at least 95 % killed) and the build's
  pure steps: the rulebook, the sync's replay, the rules' history and word diff, the Changes
  entries, the search's records, what prints, the settings (85 % each); on each mutant it
  runs the CPython tests that call the function it changed, chosen from its rooms' tests
  (``[tool.mutmut]`` in ``pyproject.toml``);
* Stryker mutates the page scripts' pure modules, the table's model and the others (the
  as-of dates, the search's questions, typo fixes and results), and runs their Node tests
  (``stryker.config.mjs``; 85 % each).

The report gives each area's score as a fraction (killed or timed out, of all mutants less
those ``equivalent.toml`` lists with the reason they cannot be killed) and every survivor
as ``file:line`` with what was changed. Not part of ``make test``: its time is its own.

Every entry of ``equivalent.toml`` records what its mutant changes (``change``: from → to); an
entry whose mutant now changes something else, names no mutant, or names one a test killed
fails the run. An entry equivalent only while something outside its code holds (the shipped
data, a pinned dependency, the locale) names the test that holds it (``held_by``); the report
counts the entries equivalent outright and those resting on such a check. ``--record``
writes each entry's change as the code is now (mutmut's mutants generated, no test run), for
a new entry or one read again.

Usage: ``python tests/mutation/run.py [--report-only | --record]`` (the report from the last runs).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_scripts.pages.table_file import load_table
from build_scripts.pages.table_page import table_data
from build_scripts.settings.options import CONFIG_FILE, load_project

ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "build" / "reports"
EQUIVALENT = Path(__file__).with_name("equivalent.toml")
#: Area → the paths (prefixes) of its files; a file is in the first area whose prefix it has.
AREAS = {
    "calculators": ("calculators/",),
    "rulebook": ("build_scripts/rulebook/",),
    "sync": ("build_scripts/sync/",),
    "history": ("build_scripts/cards/",),
    "changes": ("build_scripts/changes/",),
    "search": ("build_scripts/finish/search/",),
    "print": ("build_scripts/finish/print/",),
    "settings": ("build_scripts/settings/",),
    "table": ("docs/assets/js/table/",),
    "page scripts": ("docs/assets/js/",),
}
#: The least score each area must keep: the calculators and readings 95 %, every other 85 %.
TARGETS = {area: Fraction(95, 100) if area == "calculators" else Fraction(85, 100) for area in AREAS}
_KILLED = {"killed", "timeout", "caught by type check"}


def run_mutmut() -> None:
    """mutmut over the calculators and the build steps (resumes where a run left off)."""
    subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", "2"], cwd=ROOT, check=True)


def table_spec() -> Path:
    """The table's spec as the build hands it to the page (the Node tests read it)."""
    project = load_project(ROOT / CONFIG_FILE)
    spec = load_table(project.path(project.options.table).read_text("utf-8"))
    path = REPORTS / "table-spec.json"
    path.write_text(json.dumps(table_data(spec, lambda rule: f"../{rule.page}/#{rule.id}")), "utf-8")
    return path


def run_stryker() -> None:
    """Stryker over the table's model."""
    env = {**os.environ, "TABLE_SPEC": str(table_spec())}
    subprocess.run(["npx", "--no-install", "stryker", "run"], cwd=ROOT, env=env, check=True)


def generate_mutmut() -> None:
    """mutmut's mutants of the code as it is now (``mutants/``), made without running a test:
    enough to read what each one changes (``--record``)."""
    os.chdir(ROOT)
    from mutmut.__main__ import create_mutants  # noqa: PLC0415 - a tool, not the project
    from mutmut.mutation.trampoline import set_mutant_under_test  # noqa: PLC0415
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths  # noqa: PLC0415

    set_mutant_under_test("mutant_generation")
    (ROOT / "mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(2)


def mutmut_mutants(ledger: Collection[tuple[str, str]] = ()) -> list[dict[str, Any]]:
    """Every mutmut mutant: its file, line, status and change (from ``mutants/``); the change of
    every survivor and of every mutant the ``ledger`` names (its entry is checked against it)."""
    os.chdir(ROOT)
    from mutmut.mutation.data import SourceFileMutationData  # noqa: PLC0415 - a tool, not the project
    from mutmut.mutation.diff_apply import get_diff_for_mutant  # noqa: PLC0415
    from mutmut.stats import status_by_exit_code  # noqa: PLC0415
    from mutmut.utils.file_utils import walk_mutatable_files  # noqa: PLC0415

    found = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        source = path.read_text("utf-8").splitlines()
        for key, code in sorted(data.exit_code_by_key.items()):
            status = status_by_exit_code[code]
            entry: dict[str, Any] = {"file": path.as_posix(), "mutant": key, "status": status}
            survives = status not in _KILLED and status != "not checked"
            if survives or (path.as_posix(), key) in ledger:
                removed, added = _changed(get_diff_for_mutant(key, path=path))
                entry |= {"line": _line_of(source, removed), "from": removed, "to": added}
            found.append(entry)
    return found


def _changed(diff: str) -> tuple[str, str]:
    removed = [line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return " / ".join(removed), " / ".join(added)


def _line_of(source: list[str], removed: str) -> int:
    first = removed.split(" / ", maxsplit=1)[0]
    return next((n for n, line in enumerate(source, start=1) if line.strip() == first), 0)


def stryker_mutants() -> list[dict[str, Any]]:
    """Every Stryker mutant, from its JSON report (the mutation-testing-report schema)."""
    report = json.loads((REPORTS / "stryker.json").read_text("utf-8"))
    statuses = {"Killed": "killed", "Timeout": "timeout", "Survived": "survived", "NoCoverage": "no tests"}
    found = []
    for file, data in sorted(report["files"].items()):
        source = data["source"].splitlines()
        for mutant in data["mutants"]:
            status = statuses.get(mutant["status"], mutant["status"].lower())
            start, end = mutant["location"]["start"], mutant["location"]["end"]
            line = start["line"]
            # The mutator, the span it changed and what it put there: unique, and stable while the line is.
            span = f"{line}:{start['column']}-{end['line']}:{end['column']}"
            name = f"{mutant['mutatorName']}@{span} {mutant.get('replacement', '')}"
            entry: dict[str, Any] = {"file": file, "mutant": name, "status": status}
            if status not in _KILLED:
                entry |= {"line": line, "from": source[line - 1].strip(), "to": mutant.get("replacement", "")}
            found.append(entry)
    return found


_SPAN = re.compile(
    r"^(?P<mutator>\w+)@(?P<line>\d+):(?P<col>\d+)-(?P<end_line>\d+):(?P<end_col>\d+) (?P<to>.*)$", re.DOTALL
)


def stryker_change(file: str, mutant: str) -> str:
    """What a Stryker mutant named ``mutant`` changes in ``file`` as it is now: the text of its
    span (lines and columns from 1, the end's column past it) → what it puts there; "" for a
    name that is not a Stryker mutant's, or a span the file no longer has."""
    found = _SPAN.match(mutant)
    if found is None:
        return ""
    lines = (ROOT / file).read_text("utf-8").splitlines(keepends=True)
    start, end = int(found["line"]), int(found["end_line"])
    if end > len(lines):
        return ""
    text = "".join(lines[start - 1 : end])
    offset_end = len(text) - len(lines[end - 1]) + int(found["end_col"]) - 1
    return f"{' '.join(text[int(found['col']) - 1 : offset_end].split())} → {found['to']}"


def change_of(mutant: dict[str, Any]) -> str:
    """One line for what a mutant changes, as the ledger records it: from → to."""
    if mutant["file"].endswith(".py"):
        return f"{mutant.get('from', '')} → {mutant.get('to', '')}"
    return stryker_change(mutant["file"], mutant["mutant"])


def _entries() -> list[dict[str, str]]:
    """The ledger's entries (``equivalent.toml``), read once for each question asked of them."""
    entries: list[dict[str, str]] = tomllib.loads(EQUIVALENT.read_text("utf-8")).get("equivalent", [])
    return entries


def equivalent() -> dict[tuple[str, str], str]:
    """(file, mutant) → why it is equivalent (``equivalent.toml``)."""
    return {(e["file"], e["mutant"]): e["why"] for e in _entries()}


def recorded_changes() -> dict[tuple[str, str], str]:
    """(file, mutant) → what the entry says its mutant changes (``change``; "" when it says nothing)."""
    return {(e["file"], e["mutant"]): e.get("change", "") for e in _entries()}


def stated_checks() -> dict[tuple[str, str], str]:
    """(file, mutant) → the test that holds what the entry's reason assumes (``held_by``), for an
    entry equivalent only while the shipped data, a pinned dependency or the environment is as
    it says; "" for one equivalent outright."""
    return {(e["file"], e["mutant"]): e.get("held_by", "") for e in _entries()}


def missing_checks(held: dict[tuple[str, str], str]) -> list[str]:
    """Each entry whose ``held_by`` names no test of the project (``path::test_name``)."""
    problems = []
    for (file, mutant), test in sorted(held.items()):
        path, _, name = test.partition("::")
        source = ROOT / path
        if test and not (source.is_file() and f"def {name}(" in source.read_text("utf-8")):
            problems.append(f"equivalent.toml's {file} {mutant} rests on {test}, which is no test of the project")
    return problems


def record_changes(mutants: list[dict[str, Any]]) -> int:
    """Write each entry's ``change`` (after its ``mutant``) as its mutant changes the code now;
    how many entries were written. For a new entry, or one read again after the code moved."""
    listed = equivalent()
    now = {(m["file"], m["mutant"]): change_of(m) for m in mutants if (m["file"], m["mutant"]) in listed}
    out, entry, written = [], {}, 0
    for line in EQUIVALENT.read_text("utf-8").splitlines(keepends=True):
        if line.startswith("change = "):
            continue  # written again below, as the mutant is now
        out.append(line)
        for key in ("file", "mutant"):
            if line.startswith(f"{key} = "):
                entry[key] = tomllib.loads(line)[key]
        if line.startswith("mutant = ") and (entry.get("file"), entry["mutant"]) in now:
            out.append(f"change = {json.dumps(now[entry['file'], entry['mutant']], ensure_ascii=False)}\n")
            written += 1
    EQUIVALENT.write_text("".join(out), "utf-8")
    return written


def area_of(file: str) -> str:
    """The area a file's mutants count in (the first whose prefix it has; "" for none)."""
    return next((area for area, prefixes in AREAS.items() if file.startswith(prefixes)), "")


def report(mutants: list[dict[str, Any]], kept: dict[tuple[str, str], str]) -> dict[str, Any]:
    """Per area: the score as a fraction, the survivors with file:line, the equivalent ones."""
    areas: dict[str, Any] = {}
    for area in AREAS:
        own = [m for m in mutants if area_of(m["file"]) == area]
        if not own:
            continue
        unchecked = [m for m in own if m["status"] == "not checked"]  # a run stopped before it reached them
        same = [m for m in own if (m["file"], m["mutant"]) in kept]
        counted = [m for m in own if (m["file"], m["mutant"]) not in kept and m["status"] != "not checked"]
        killed = sum(1 for m in counted if m["status"] in _KILLED)
        score = Fraction(killed, len(counted)) if counted else Fraction(1)
        areas[area] = {
            "score": f"{score.numerator}/{score.denominator}",
            "percent": round(float(score) * 100, 1),
            "mutants": len(own),
            "checked": len(counted) + len(same),
            "not_checked": len(unchecked),
            "killed": killed,
            "equivalent": [{**m, "why": kept[m["file"], m["mutant"]]} for m in same],
            "survivors": [{"where": f"{m['file']}:{m['line']}", **m} for m in counted if m["status"] not in _KILLED],
        }
        target = TARGETS.get(area)
        if target is not None:
            areas[area]["target"] = f"{target.numerator}/{target.denominator}"
            areas[area]["met"] = score >= target
    return areas


def ledger_problems(
    mutants: list[dict[str, Any]], kept: dict[tuple[str, str], str], changes: dict[tuple[str, str], str]
) -> list[str]:
    """What is wrong with ``equivalent.toml`` against this run: an entry that names no mutant;
    one that names a mutant a test killed (not equivalent, then: the entry is wrong, or a change
    renumbered the mutants and the name now points at another one); and one whose mutant now
    changes something else than the entry records (``changes``: a line moved or was rewritten
    above it, or the mutants were renumbered), or that records nothing."""
    by_name = {(m["file"], m["mutant"]): m for m in mutants}
    problems = []
    for file, mutant in sorted(kept):
        found = by_name.get((file, mutant))
        recorded = changes.get((file, mutant), "")
        if found is None:
            problems.append(f"equivalent.toml names no mutant: {file} {mutant} (the code moved; read the entry again)")
        elif found["status"] in _KILLED:
            problems.append(
                f"equivalent.toml names a mutant a test killed: {file} {mutant} "
                "(not equivalent; or the mutants were renumbered: read the entry again)"
            )
        elif not recorded:
            problems.append(f"equivalent.toml does not say what {file} {mutant} changes (run.py --record writes it)")
        elif change_of(found) != recorded:
            problems.append(
                f"equivalent.toml's {file} {mutant} changed {recorded!r}; it now changes {change_of(found)!r} "
                "(read the entry again; run.py --record writes what it changes now)"
            )
    return problems


def main() -> int:
    """Run the testers (unless ``--report-only``), write the report, fail when a target is missed."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    kept = equivalent()
    if "--record" in sys.argv:  # what each entry's mutant changes now, written in the ledger
        generate_mutmut()
        ledger = [{"file": f, "mutant": m} for f, m in kept if not f.endswith(".py")]
        print(f"recorded what {record_changes([*mutmut_mutants(set(kept)), *ledger])} entries' mutants change")
        return 0
    if "--report-only" not in sys.argv:
        run_mutmut()
        run_stryker()
    mutants = [*mutmut_mutants(set(kept)), *stryker_mutants()]
    areas = report(mutants, kept)
    held = stated_checks()
    stale = ledger_problems(mutants, kept, recorded_changes()) + missing_checks(held)
    rests = sum(1 for test in held.values() if test)
    ledger = {"outright": len(held) - rests, "held_by_a_check": rests, "checks": sorted(set(held.values()) - {""})}
    (REPORTS / "mutants.json").write_text(json.dumps({**areas, "ledger": ledger}, indent=1) + "\n", "utf-8")
    for problem in stale:
        print(problem)
    print(
        f"ledger: {len(held)} equivalent mutants, {ledger['outright']} outright, {rests} resting on "
        f"{len(ledger['checks'])} stated checks (tests of the shipped data, the pinned parser, the locale)"
    )
    for area, data in areas.items():
        print(
            f"{area}: {data['killed']} of {data['checked']} checked killed ({data['percent']} %), "
            f"{len(data['survivors'])} survive, {len(data['equivalent'])} equivalent, {data['not_checked']} not checked"
        )
        for survivor in data["survivors"]:
            print(f"  {survivor['where']}: {survivor['from']} -> {survivor['to']}")
    return 0 if all(data.get("met", True) for data in areas.values()) and not stale else 1


if __name__ == "__main__":
    sys.exit(main())
