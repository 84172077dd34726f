"""The benchmarks: speed and size measured, never asserted in a test (``make bench`` and its siblings).

Rooms: ``cpu`` (the CPU models and their calibration), ``phone`` (the slow phone against the
naive embed), ``engines`` (Chromium, WebKit, Firefox), ``scale`` (the book many times
today's), ``ab`` (a change on and off, alternately), ``cpython`` (the calculators in
CPython), ``lighthouse`` (Lighthouse's performance score), and ``reports`` (where each writes:
``results/`` and the READMEs' tables). Run each as ``python -m bench.<room>``; ``python -m
bench`` is ``make bench``. Method, targets and results: ``bench/README.md``.
"""
