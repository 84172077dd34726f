"""The project's settings, each read by one module.

The plugin's options in ``mkdocs.yml`` (:mod:`.options`) and the wiki the rulebook lives on.
"""
