// @ts-check
// Scrollhammer Rules: the field being typed in stays clear of the calculator's answer bar.
//
// The answer bar sticks under the site's header while the form is on screen, so each edit
// shows its answer where the thumb is. A field must never be under it: when a field gains
// focus, when the answer changes the bar's height, and when the phone's keyboard opens or
// closes (the visual viewport resizes), a field the bar covers is scrolled just below it,
// and one the keyboard hides is scrolled up above it.

/** The gap kept between the bar and the field (px). */
const GAP = 8;

/**
 * The form field the player is in, if it is in a calculator.
 * @returns {{ field: HTMLElement, bar: HTMLElement } | null}
 */
function typing() {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return null;
  const bar = field.closest("section.sh-calc")?.querySelector(".sh-calc__answer");
  return bar instanceof HTMLElement ? { field, bar } : null;
}

/** Scroll the field in use clear of the answer bar above it and of the keyboard below it. */
export function keepClear() {
  const found = typing();
  if (!found) return;
  const { field, bar } = found;
  const box = field.getBoundingClientRect();
  const top = bar.getBoundingClientRect().bottom + GAP;
  const bottom = (window.visualViewport?.height ?? window.innerHeight) - GAP;
  if (box.top < top) window.scrollBy(0, box.top - top);
  else if (box.bottom > bottom && box.top - (box.bottom - bottom) >= top) window.scrollBy(0, box.bottom - bottom);
}

/** Start: called once by main.mjs. */
export function start() {
  document.addEventListener("focusin", () => window.requestAnimationFrame(keepClear));
  document.addEventListener("sh-calc:answered", () => window.requestAnimationFrame(keepClear));
  window.visualViewport?.addEventListener("resize", () => window.requestAnimationFrame(keepClear));
}
