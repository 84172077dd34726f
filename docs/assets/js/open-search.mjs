// @ts-check
// Scrollhammer Rules: a button in the page that opens the search (the home page's "Search
// the rules", the missing page's). It does what the header's search icon does: the theme
// opens its search when that label is tapped, and puts the cursor in the field.
import { onTap } from "./taps.mjs";

/** @param {Element} target what was tapped */
function openSearch(target) {
  if (!target.closest("[data-opens='search']")) return false;
  const toggle = document.querySelector("label.md-header__button[for='__search']");
  if (toggle instanceof HTMLElement) toggle.click();
  const field = document.querySelector("input[data-md-component='search-query']");
  if (field instanceof HTMLInputElement) field.focus();
  return true;
}

/** Start: called once by main.mjs. */
export function start() {
  onTap("search-button", openSearch);
}
