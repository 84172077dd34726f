// @ts-check
// Scrollhammer Rules: the theme's "Skip to content", which a keyboard's first Tab shows. It
// named the page's title as the place to go, but the title cannot hold the focus, so the
// next Tab went back to the header (the theme's toggle, the search field). Here it moves the
// focus to the page's words: the next Tab is the first link or control among the rules.
import { onTap } from "./taps.mjs";

/**
 * A tap (or Enter) on "Skip to content": the page's content takes the focus, at its top.
 * @param {Element} target
 * @returns {boolean}
 */
function skip(target) {
  if (!target.closest("a.md-skip")) return false;
  // The words themselves, not <main>: the drawer's links come first in it.
  const content = document.querySelector(".md-content__inner") || document.querySelector("main");
  if (!(content instanceof HTMLElement)) return false;
  if (!content.hasAttribute("tabindex")) content.tabIndex = -1; // focusable by script, not by Tab
  content.focus();
  return true;
}

/** Route the skip link's taps (taps.mjs). */
export function start() {
  onTap("skip-link", skip);
}
