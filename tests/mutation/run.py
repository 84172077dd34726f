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

Usage: ``python tests/mutation/run.py [--report-only]`` (the report from the last runs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
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
    "print": ("build_scripts/finish/book/",),
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


def mutmut_mutants() -> list[dict[str, Any]]:
    """Every mutmut mutant: its file, line, status and change (from ``mutants/``)."""
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
            if status not in _KILLED and status != "not checked":
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


def equivalent() -> dict[tuple[str, str], str]:
    """(file, mutant) → why it is equivalent (``equivalent.toml``)."""
    data = tomllib.loads(EQUIVALENT.read_text("utf-8"))
    return {(e["file"], e["mutant"]): e["why"] for e in data.get("equivalent", [])}


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


def ledger_problems(mutants: list[dict[str, Any]], kept: dict[tuple[str, str], str]) -> list[str]:
    """What is wrong with ``equivalent.toml`` against this run: an entry that names no mutant,
    and one that names a mutant a test killed (not equivalent, then: the entry is wrong, or a
    change renumbered the mutants and the name now points at another one)."""
    status = {(m["file"], m["mutant"]): m["status"] for m in mutants}
    problems = []
    for file, mutant in sorted(kept):
        if (file, mutant) not in status:
            problems.append(f"equivalent.toml names no mutant: {file} {mutant} (the code moved; read the entry again)")
        elif status[file, mutant] in _KILLED:
            problems.append(
                f"equivalent.toml names a mutant a test killed: {file} {mutant} "
                "(not equivalent; or the mutants were renumbered: read the entry again)"
            )
    return problems


def main() -> int:
    """Run the testers (unless ``--report-only``), write the report, fail when a target is missed."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    if "--report-only" not in sys.argv:
        run_mutmut()
        run_stryker()
    mutants, kept = [*mutmut_mutants(), *stryker_mutants()], equivalent()
    areas = report(mutants, kept)
    stale = ledger_problems(mutants, kept)
    (REPORTS / "mutants.json").write_text(json.dumps(areas, indent=1) + "\n", "utf-8")
    for problem in stale:
        print(problem)
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
