"""Stage 2, the pages: rule blocks rendered to the Markdown MkDocs builds.

The calculators' forms are placed after their rules (``calculator_placements.toml``), and
the table page is drawn from ``table.toml``, checked against the rules it cites.
"""
