"""Lighthouse's mobile performance score of every page (``python -m bench.lighthouse``)."""
