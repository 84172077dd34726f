"""Lighthouse's four scores of every page (``python -m bench.lighthouse``)."""
