// @ts-check
// Scrollhammer Rules: the theme's "Skip to content", which a keyboard's first Tab shows. It
// named the page's title as the place to go, but the title cannot hold the focus, so the
// next Tab went back to the header (the theme's toggle, the search field). Here it moves the
// focus to the page's words: the next Tab is the first link or control among the rules.
import { focusWords } from "./keyboard-reach.mjs";
import { onTap } from "./taps.mjs";

/**
 * A tap (or Enter) on "Skip to content": the page's content takes the focus, at its top.
 * @param {Element} target
 * @returns {boolean}
 */
function skip(target) {
  return Boolean(target.closest("a.md-skip")) && focusWords();
}

/** Route the skip link's taps (taps.mjs). */
export function start() {
  onTap("skip-link", skip);
}
