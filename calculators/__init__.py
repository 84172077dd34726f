"""Exact, pure-Python calculators for Scrollhammer rules (standard library only)."""
