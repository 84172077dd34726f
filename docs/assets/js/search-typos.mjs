// @ts-check
// Scrollhammer Rules: typos forgiven in search.
//
// When no rule matches a query because a word is mistyped ("barage", "colapse"), the
// search worker (search/worker.mjs) sends the corrected query beside its empty result, and
// the results panel offers "Did you mean barrage?": one tap fixes the word and searches
// again. Corrections are always words the rules contain (search/typos.mjs).
import { el } from "./site.mjs";

/**
 * Offer the fixed query at the top of the results panel (or take the offer away).
 * @param {HTMLInputElement} input
 * @param {HTMLElement} panel
 * @param {string | null} fixed
 */
function offer(input, panel, fixed) {
  panel.querySelector(".sh-search-fix")?.remove();
  if (!fixed) return;
  const box = el("p", "sh-search-fix", "Did you mean ");
  box.setAttribute("role", "status");
  const button = el("button", "sh-search-fix__button", fixed);
  button.type = "button";
  button.addEventListener("click", () => {
    input.value = fixed;
    // Material's search listens to keyup (and input) on its query field.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    input.focus();
    box.remove();
  });
  box.append(button, "?");
  panel.prepend(box);
}

/** Start: called once by main.mjs (the search box is part of every page). */
export function start() {
  const input = document.querySelector("input[data-md-component='search-query']");
  const panel = document.querySelector("[data-md-component='search-result']");
  if (!(input instanceof HTMLInputElement) || !(panel instanceof HTMLElement)) return;
  document.addEventListener("sh-search:fix", (event) => {
    const { query, fixed } = /** @type {CustomEvent<{query: string, fixed: string | null}>} */ (event).detail;
    // Only for what is in the box now: an answer to an earlier query is stale.
    if (input.value === query) offer(input, panel, fixed);
  });
}
