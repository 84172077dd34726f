"""A maintainer's tools, not build steps.

``make types`` (:mod:`.type_export`) and ``make icons`` (:mod:`.make_icons`).
"""
