"""``python -m build_scripts.finish SITE``: stage 4 alone, on a site any generator wrote.

    python -m build_scripts.finish site [--state build/stages/finish.json] [--project .]

The pages' step (today the MkDocs plugin, also with ``SCROLLHAMMER_FINISH=false``) writes
the state; this reads it, the built HTML and the project's files, and finishes the site.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.finish.stage import FINISH_STATE, FinishState, run_finish


def main(argv: list[str] | None = None) -> int:
    """Finish the site; print what finishing did, or the one line that says why it stopped."""
    parser = argparse.ArgumentParser(prog="make finish", description="Finish a built site (stage 4).")
    parser.add_argument("site", type=Path, help="the site the generator wrote")
    parser.add_argument("--project", type=Path, default=Path(), help="the project (Pyodide, calculators, cache)")
    parser.add_argument("--state", type=Path, help=f"the pages' step's state (default: {FINISH_STATE})")
    args = parser.parse_args(argv)
    project = args.project.resolve()
    state_path = args.state or project / FINISH_STATE
    try:
        state = FinishState.loads(state_path.read_text("utf-8"), str(state_path))
        done = run_finish(state, args.site.resolve(), project)
    except FileNotFoundError as exc:
        sys.stderr.write(f"finish: {exc.filename} is not there; build the pages first (make build)\n")
        return 1
    except RulebookError as exc:
        sys.stderr.write(f"finish: {exc}\n")
        return 1
    sys.stdout.write("".join(f"finish: {line}\n" for line in done.summary(state.site.build_id)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
