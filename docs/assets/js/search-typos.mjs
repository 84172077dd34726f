// @ts-check
// Scrollhammer Rules: typos forgiven in search.
//
// When no rule matches a query because a word is mistyped ("barage", "colapse"), the
// search worker (search/worker.mjs) sends the corrected query beside its empty result, and
// the results panel offers "Did you mean barrage?": one tap fixes the word and searches
// again. Corrections are always words the rules contain (search/typos.mjs).
//
// A question no rule answers with every word ("how far can infantry climb") is answered with
// the rules holding most of its words (search/question.mjs), under a plain heading that says so.
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

/**
 * Say, over the results, that no rule holds every word of the question and these hold most
 * of them (or take the heading away).
 * @param {HTMLElement} panel
 * @param {{held: number, of: number} | null} most
 */
function mostWords(panel, most) {
  panel.querySelector(".sh-search-most")?.remove();
  if (!most) return;
  const heading = el(
    "p",
    "sh-search-most",
    "No rule has every word you asked for. These rules have some of them, the closest first:",
  );
  heading.setAttribute("role", "status");
  panel.querySelector(".md-search-result__meta")?.after(heading);
}

/** Start: called once by main.mjs (the search box is part of every page). */
export function start() {
  const input = document.querySelector("input[data-md-component='search-query']");
  const panel = document.querySelector("[data-md-component='search-result']");
  if (!(input instanceof HTMLInputElement) || !(panel instanceof HTMLElement)) return;
  document.addEventListener("sh-search:fix", (event) => {
    const { query, fixed, most } =
      /** @type {CustomEvent<{query: string, fixed: string | null, most?: {held: number, of: number} | null}>} */ (
        event
      ).detail;
    // Only for what is in the box now: an answer to an earlier query is stale.
    if (input.value !== query) return;
    offer(input, panel, fixed);
    // The theme writes the results after this event: the heading goes in once they are drawn.
    window.requestAnimationFrame(() => mostWords(panel, most || null));
  });
}
