"""The steps that run the stages in order.

The site's plan (:mod:`.plan`), stages 1-3 as one pure function (:mod:`.pipeline`) and as
one step over the project's files (:mod:`.make_pages`), and ``make pages``
(:mod:`.pages_command`). The MkDocs plugin calls the same steps.
"""
