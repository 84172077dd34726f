"""What a thumb taps: every control a player can reach on a page, and whether its hit area is
a thumb's size (44×44 CSS px) and its own.

:func:`tap_targets` scrolls each control into view and asks the browser what a tap hits
(``elementFromPoint``) at nine points of its box: its centre, its corners (2 px in) and the
middle of its edges. A control a tap at its centre does not reach (hidden, off screen in a
closed drawer, under another element) is not one the player can tap; a radio button or a
checkbox is measured as its label, which a tap anywhere on checks it. One whose box is under
44 px either way is too small, unless it is a link inside a sentence (WCAG 2.5.8's inline
exception: a keyword in a rule's words is as tall as the line); one whose box a tap does not
reach everywhere (a rounded box's corners probed inside its curve) shares its hit area with
another control; two whose boxes cross overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page

__all__ = ["MEASURE", "MIN", "Taps", "measured", "tap_targets"]

#: A thumb's size in CSS px (Apple's 44 pt; WCAG 2.2's floor is 24).
MIN = 44

MEASURE = """([min, within]) => {
  const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    + "label[for], [role=button], [tabindex]:not([tabindex='-1'])";
  const scope = within ? document.querySelector(within) : document;
  const name = (el) => {
    const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const words = (el.getAttribute("aria-label") || el.textContent || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls} "${words}"`;
  };
  // A link in a sentence (its block has other words): as tall as the line, by WCAG's exception.
  const inSentence = (el) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    return !!block && (block.textContent || "").replace(el.textContent || "", "").trim().length > 0;
  };
  // A field's label is part of its field, not a second control.
  const fieldLabel = (el) => el.tagName === "LABEL"
    && document.getElementById(el.htmlFor)?.matches("input:not([type=checkbox]):not([type=radio]), select, textarea");
  const reaches = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit) || (el.tagName === "LABEL" && hit.closest("label") === el));
  };
  const found = [];
  if (within) scope.scrollIntoView({ block: "nearest" });
  for (const control of scope.querySelectorAll(CONTROLS)) {
    if (!control.getClientRects().length || fieldLabel(control)) continue;
    // A radio button or a checkbox in its label is tapped anywhere on the label.
    const el = control.matches("input[type=radio], input[type=checkbox]") && control.closest("label") || control;
    if (el !== control && found.some((f) => f.el === el)) continue;
    if (!within) el.scrollIntoView({ block: "center", inline: "nearest" });
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cx < 0 || cy < 0 || cx >= innerWidth || cy >= innerHeight || !reaches(el, cx, cy)) continue;
    // Corners are probed inside a rounded box's curve (a tap outside it reaches the box's parent).
    const radius = Math.min(parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0, r.width / 2, r.height / 2);
    const inset = 2 + 0.3 * radius;
    const xs = [r.left + inset, cx, r.right - inset], ys = [r.top + inset, cy, r.bottom - inset];
    const shared = xs.flatMap((x) => ys.map((y) => [x, y]))
      .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && !reaches(el, x, y));
    found.push({
      name: name(el),
      box: [r.left + scrollX, r.top + scrollY, r.width, r.height],
      fixed: !!el.closest(".md-header, .md-sidebar, .md-search, dialog, [role=dialog]") || getComputedStyle(el).position === "fixed",
      small: !inSentence(el) && (r.width < min - 0.5 || r.height < min - 0.5),
      shared: shared.length ? document.elementFromPoint(...shared[0]) : null,
      el,
    });
  }
  const overlaps = [];
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const a = found[i], b = found[j];
      if (a.fixed !== b.fixed || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const [ax, ay, aw, ah] = a.box, [bx, by, bw, bh] = b.box;
      if (Math.min(ax + aw, bx + bw) - Math.max(ax, bx) > 0.5 && Math.min(ay + ah, by + bh) - Math.max(ay, by) > 0.5)
        overlaps.push(`${a.name} / ${b.name}`);
    }
  }
  if (!within) window.scrollTo(0, 0);
  return {
    count: found.length,
    small: found.filter((f) => f.small).map((f) => `${f.name}: ${Math.round(f.box[2])}x${Math.round(f.box[3])}`),
    shared: found.filter((f) => f.shared).map((f) => `${f.name} with ${name(f.shared)}`),
    overlaps,
  };
}"""


@dataclass(frozen=True)
class Taps:
    """What :func:`tap_targets` found: how many controls, and each one too small, shared or overlapping."""

    count: int
    small: list[str]
    shared: list[str]
    overlaps: list[str]

    @property
    def faults(self) -> dict[str, list[str]]:
        """Each kind of fault with its controls (empty when every tap target is a thumb's and its own)."""
        return {k: v for k, v in {"small": self.small, "shared": self.shared, "overlaps": self.overlaps}.items() if v}


def measured(found: dict[str, object]) -> Taps:
    """What :data:`MEASURE` gave, as :class:`Taps` (for a driver that runs the script itself)."""
    return Taps(int(str(found["count"])), *(list(found[key]) for key in ("small", "shared", "overlaps")))  # type: ignore[call-overload]


def tap_targets(page: Page, within: str | None = None) -> Taps:
    """Measure every control of the page a tap reaches (or of ``within``, a selector, as it is on screen)."""
    return measured(page.evaluate(MEASURE, [MIN, within]))
