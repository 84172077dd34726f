"""``make types``: the page's protocol declarations and patterns, written from the Python types.

    python -m build_scripts.tools.type_export [--check]

Writes ``docs/assets/js/types/protocol.d.ts`` and ``docs/assets/js/calculators/protocol.mjs``
(both committed) from :mod:`build_scripts.runtime.protocol_types`; ``--check`` (``make
lint``) fails, naming the file, when a committed one is not what the types give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_scripts.runtime.protocol_types import patterns_module, typescript

__all__ = ["DECLARATIONS", "PATTERNS", "main"]

_JS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js"
DECLARATIONS = _JS / "types" / "protocol.d.ts"
PATTERNS = _JS / "calculators" / "protocol.mjs"


def main(argv: list[str]) -> int:
    """Write the declarations and the patterns (``--check``: fail if a committed file differs)."""
    outputs = {DECLARATIONS: typescript(), PATTERNS: patterns_module()}
    if argv == ["--check"]:
        stale = [path for path, text in outputs.items() if not path.exists() or path.read_text("utf-8") != text]
        for path in stale:
            sys.stderr.write(f"{path} is out of date; run `make types`\n")
        return 1 if stale else 0
    for path, text in outputs.items():
        path.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
