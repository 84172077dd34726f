"""The site built from a synthetic book 1, 10 and 50 times today's: the builds (:mod:`.build`),
a search on the slow phone (:mod:`.search`), the report (:mod:`.report`)."""
