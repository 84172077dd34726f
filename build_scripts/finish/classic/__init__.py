"""Page modules bundled into classic scripts, written into the built site (never committed).

A classic script runs where the page puts it and can hold the first paint; a module waits
for the whole document and the theme's bundle. A page part that must be done before the
first paint (the rules' words as of a date, :data:`CLASSIC`) is written once, as a module the
page scripts also import, and bundled by esbuild (pinned in ``package-lock.json``,
``bundle.mjs``) from the site's copy of the modules, so the classic script is what is served.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.core.node import run_node_script

__all__ = ["CLASSIC", "write_classic_scripts"]

#: Classic script in the site → the module it is bundled from (both from the site root).
CLASSIC = {
    # The page first opened as of a date (build_scripts/finish/finish_page.py: AS_OF_FIRST).
    "assets/js/as-of/first.js": "assets/js/as-of/first.mjs",
    # What holds such a page's rules back until then (finish_page.py: AS_OF_EARLY).
    "assets/js/as-of/early.js": "assets/js/as-of/early.mjs",
}
_BUNDLER = Path(__file__).with_name("bundle.mjs")


def write_classic_scripts(site_dir: Path, project_dir: Path) -> int:
    """Bundle each classic script from its module in the site; the bytes written.

    Raises:
        RulebookError: when a module is missing or esbuild fails (``npm ci`` installs it).
    """
    bundles = []
    for target, entry in CLASSIC.items():
        if not (site_dir / entry).is_file():
            raise RulebookError(f"classic scripts: {entry} is not in the site")
        bundles.append({"entry": str(site_dir / entry), "out": str(site_dir / target)})
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "bundles.json"
        spec.write_text(json.dumps({"bundles": bundles}), encoding="utf-8")
        done = run_node_script(_BUNDLER, [str(spec)], cwd=project_dir, what="classic scripts: esbuild")
    return int(done["bytes"])
