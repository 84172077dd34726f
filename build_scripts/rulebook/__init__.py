"""Stage 1, the rulebook source: the wikitext exports read into rule blocks and merged.

The blocks get stable ids (checked against the anchors lock), their ``page XX`` cross
references are resolved through ``xrefs.toml``, and their terms linked (``terms.toml``).
"""
