"""The thin MkDocs glue, the only package that imports MkDocs.

:mod:`.plugin` holds the hooks, each calling a step that knows no generator: the options
(:mod:`build_scripts.options`), stages 1-3 (:mod:`build_scripts.page_stages`) and stage 4
(:mod:`build_scripts.finish.stage`). ``make pages`` runs the same steps without MkDocs
(:mod:`build_scripts.pages_folder`).
"""

from __future__ import annotations

from build_scripts.mkdocs_plugin.plugin import ScrollhammerPlugin

__all__ = ["ScrollhammerPlugin"]
