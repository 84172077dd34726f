"""Command line: ``python -m calculators NAME key=value ... [--json]``, ``--list`` and ``--readings [--json]``.

A reading's option is given like an input: ``reading.ID=OPTION``. Bad input exits with
status 2 and the validation message on stderr, never a traceback.
"""

from __future__ import annotations

import json
import sys

from calculators.format import as_text, to_jsonable
from calculators.registry import all_calculators, get, reading_entries
from calculators.spec import echo

USAGE = (
    "usage: python -m calculators NAME key=value ... [reading.ID=OPTION ...] [--json]"
    " | python -m calculators --list | python -m calculators --readings [--json]"
)


def _list() -> str:
    lines = []
    for calc in all_calculators().values():
        lines.append(f"{calc.name}: {calc.title}")
        for i in calc.inputs:
            default = (
                ""
                if i.default is None
                else f" (default {str(i.default).lower() if isinstance(i.default, bool) else i.default})"
            )
            lines.append(f"  {i.name}: {i.allowed()}{default}. {i.help}")
        lines += [
            f"  reading.{r.id}: one of {', '.join(r.options)} (default {r.default}). {r.question}"
            for r in calc.readings
        ]
    return "\n".join(lines)


def _readings() -> str:
    lines = []
    for entry in reading_entries():
        lines += [f"{entry['id']} ({', '.join(entry['calculators'])}): {entry['question']}", f"  {entry['why']}"]
        for option, words in entry["options"].items():
            mark = " (the site's reading)" if option == entry["default"] else ""
            lines.append(f"  reading.{entry['id']}={option}{mark}: {words}")
        lines += [f"  rule: {rule}" for rule in entry["rules"]]
    return "\n".join(lines)


def _pairs(args: list[str]) -> dict[str, object]:
    given: dict[str, object] = {}
    for pair in args:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"expected key=value, got {pair!r}.")
        if key in given:
            raise ValueError(f"{key} is given twice ({echo(given[key])} and {echo(value)}); give it once.")
        given[key] = value
    return given


def main(argv: list[str]) -> int:
    """Run the command line; returns the exit status."""
    if argv == ["--list"]:
        print(_list())
        return 0
    if sorted(argv) in (["--readings"], ["--json", "--readings"]):
        print(json.dumps(reading_entries(), indent=2, ensure_ascii=False) if "--json" in argv else _readings())
        return 0
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    if not args or args[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        calc = get(args[0])
        result = calc.compute(_pairs(args[1:]))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(to_jsonable(result), indent=2))
    else:
        print(as_text(calc.name, result["inputs"], calc.present(result)), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
