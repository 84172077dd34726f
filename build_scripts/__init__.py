"""The build: the rulebook's wikitext in, the finished site out.

Its rooms (ARCHITECTURE.md): ``core`` and ``settings`` below everything; the stages
``rulebook`` → ``pages`` → ``cards`` → ``finish``, with ``runtime`` below them and ``sync``
beside stage 4; ``steps``, which runs them; ``mkdocs_plugin``, the only glue; ``tools``.
"""
