"""Page modules that come from npm packages, copied into the built site (never committed).

The page scripts import them by their place in the site (``assets/vendor/…``), loaded
when first needed; the service worker precaches them with the rest. Each is a
dependency-free ES module file of a package pinned in ``package-lock.json``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from build_scripts.core.errors import RulebookError

__all__ = ["VENDORED", "write_vendor_modules"]

#: Path in the site → the package file it is copied from (relative to the project).
VENDORED = {
    # The QR encoder behind the rule menu's Show (docs/assets/js/show.mjs).
    "assets/vendor/uqr.mjs": "node_modules/uqr/dist/index.mjs",
}


def write_vendor_modules(site_dir: Path, project_dir: Path) -> None:
    """Copy each vendored module into the site.

    Raises:
        RulebookError: when a package is not installed (``npm ci`` installs it).
    """
    for target, source in VENDORED.items():
        origin = project_dir / source
        if not origin.is_file():
            raise RulebookError(f"page modules: {source} is missing; run `npm ci` (package-lock.json pins it)")
        (site_dir / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origin, site_dir / target)
