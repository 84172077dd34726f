"""What the tests and the benchmarks share.

The project's paths and pages read from its settings (:mod:`.project`), Debian's Chromium
and the flags it runs with here (:mod:`.chromium`), a free port (:mod:`.network`), the other
engines' drivers and the probed copies of a built site (:mod:`.engines`), the synthetic book
many times today's (:mod:`.synthetic_book`), and the one Lighthouse runner
(``lighthouse.mjs``). Neither ``tests/`` nor ``bench/`` reaches into the other: both import
this.
"""
