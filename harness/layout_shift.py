"""A page's layout shifts, as Cumulative Layout Shift adds them up on a load.

A script for a page's start (Playwright's ``add_init_script``), shared by the tests and
``make bench-shift``.
"""

from __future__ import annotations

__all__ = ["LAYOUT_SHIFTS"]

#: ``window.__shifts``: each layout shift no tap or key caused (its value, when, and what moved:
#: an element's id, else its class, else its name); ``window.__answered``: a calculator answered.
LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) {
    if (shift.hadRecentInput) continue;
    const moved = shift.sources.map((s) => (s.node && (s.node.id || s.node.className || s.node.nodeName)) || "?");
    window.__shifts.push({ value: shift.value, at: Math.round(shift.startTime), moved });
  }
}).observe({ type: "layout-shift", buffered: true });
window.__answered = false;
document.addEventListener("sh-calc:answered", () => { window.__answered = true; }, true);
"""
