"""Build steps that turn the rulebook's wikitext exports into the site's Markdown pages.

Each module does one job over plain data; only :mod:`build_scripts.mkdocs_plugin`
imports MkDocs.
"""
