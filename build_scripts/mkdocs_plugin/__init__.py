"""The thin MkDocs glue, the only package that imports MkDocs.

:mod:`.plugin` holds the hooks, each calling a step that knows no generator: the options
(:mod:`build_scripts.settings.options`), stages 1-3 (:mod:`build_scripts.steps.make_pages`) and stage 4
(:mod:`build_scripts.finish.stage`). ``make pages`` runs the same steps without MkDocs
(:mod:`build_scripts.steps.pages_command`).
"""

from __future__ import annotations

from build_scripts.mkdocs_plugin.plugin import ScrollhammerPlugin

__all__ = ["ScrollhammerPlugin"]
