// @ts-check
// Scrollhammer Rules: what a keyboard reaches in the theme's page, in one place: the page's
// words taking the focus (Skip to content, Back to top), and a closed panel holding none (the
// search's results, the navigation drawer).
import { onEveryPage } from "./site.mjs";

/**
 * Move the focus to the top of the page's words, so the next Tab is the first link or control
 * among the rules: the words themselves, not <main>, whose first links are the drawer's.
 * @param {FocusOptions} [options]
 * @returns {boolean} whether the page has words to focus
 */
export function focusWords(options) {
  const content = document.querySelector(".md-content__inner") || document.querySelector("main");
  if (!(content instanceof HTMLElement)) return false;
  if (!content.hasAttribute("tabindex")) content.tabIndex = -1; // focusable by script, not by Tab
  content.focus(options);
  return true;
}

/**
 * Keep a part of the theme inert exactly while its toggle is off (the theme opens and closes
 * it by clicking the toggle, a change event either way), unless it is shown anyway.
 * @param {string} toggleId the theme's checkbox (`__search`, `__drawer`)
 * @param {string} selector the part
 * @param {MediaQueryList} [shownAnyway] where the part is on screen whatever the toggle says
 */
export function inertWhileClosed(toggleId, selector, shownAnyway) {
  const update = () => {
    const toggle = document.getElementById(toggleId);
    const part = document.querySelector(selector);
    if (!(toggle instanceof HTMLInputElement) || !(part instanceof HTMLElement)) return;
    part.inert = !shownAnyway?.matches && !toggle.checked;
  };
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.id === toggleId) update();
  });
  shownAnyway?.addEventListener("change", update);
  onEveryPage(update);
}
