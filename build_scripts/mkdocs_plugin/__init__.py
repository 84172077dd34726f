"""The thin MkDocs glue, shaped as mkdocs-material shapes its plugins.

The only package that imports MkDocs: :mod:`.config` declares the plugin's options
(a docstring under each), :mod:`.plugin` its hooks, each short and each calling a pure
build step (:mod:`build_scripts.pipeline` for the pages, :mod:`build_scripts.finish.finish_page`
for every page's HTML, :mod:`build_scripts.finish.finish_site` after the build).
"""

from __future__ import annotations

from build_scripts.mkdocs_plugin.plugin import ScrollhammerPlugin

__all__ = ["ScrollhammerPlugin"]
