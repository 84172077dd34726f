"""A change measured on and off, alternately in one run: two builds (``python -m bench.ab``),
each performance change (:mod:`.changes`), and when Python starts (:mod:`.start`)."""
