"""The engines besides Chromium, and a built site with a script first in every page.

WebKit and Firefox behind one interface (:mod:`.drivers`); a copy of a built site with a
script of the caller's first in every page (:mod:`.probed_site`).
"""
