"""The calculators in CPython: each one's slowest allowed input, timed (``python -m bench.cpython``)."""
