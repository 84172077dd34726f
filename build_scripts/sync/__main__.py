"""``python -m build_scripts.sync``: what ``make sync`` runs.

    python -m build_scripts.sync [--api URL | --export FILE.xml] [--root DIR] [--ask-aliases]

Exit status 0 when in step (or brought in step), 1 with one clear line when the sync
cannot go on (nothing written then), 2 for a wrong command line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build_scripts.sync.model import SyncError
from build_scripts.sync.run import sync


def main(argv: list[str] | None = None) -> int:
    """Run one sync; print its report, or the one line that says why it stopped."""
    parser = argparse.ArgumentParser(prog="make sync", description="Bring the rulebook in step with its MediaWiki.")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--api", default="", help="the wiki's api.php (default: api in wiki.toml)")
    source.add_argument("--export", type=Path, help="a Special:Export XML file with every revision, instead of the API")
    parser.add_argument("--root", type=Path, default=Path(), help="the project (its mkdocs.yml names wiki.toml)")
    parser.add_argument("--retries", type=int, default=2, help="tries again after a dropped connection or a 5xx")
    parser.add_argument(
        "--ask-aliases",
        action="store_true",
        help="stop for a person at every renamed rule (default: alias those found beyond doubt, and report them)",
    )
    args = parser.parse_args(argv)
    try:
        report = sync(
            args.root.resolve(), api=args.api, export=args.export, retries=args.retries, aliases=not args.ask_aliases
        )
    except SyncError as exc:
        sys.stderr.write(f"sync: {exc}. Nothing was changed.\n")
        return 1
    sys.stdout.write("".join(line + "\n" for line in report.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
