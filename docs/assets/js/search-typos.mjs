// @ts-check
// Scrollhammer Rules: typos forgiven in search.
//
// Material's search (lunr) finds nothing for "barage" or "colapse". When a word of the
// query is not a word of the rules, the results panel offers "Did you mean barrage?":
// one tap fixes the word and searches again. The words come from the site's own search
// index (the one Material loads), so suggestions are always words the rules contain.
import { el, SITE_ROOT } from "./site.mjs";

const SHORTEST = 4; // shorter words are left alone: too many near neighbours
const DEBOUNCE_MS = 200;

/** @type {Promise<Map<string, number>> | null} */
let vocabulary = null;

/**
 * The words of a text, lower-case, letters only.
 * @param {string} text
 */
export function words(text) {
  return text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) || [];
}

/** Every word of the rules and how often it occurs, from the site's search index. */
function loadVocabulary() {
  vocabulary ??= fetch(new URL("search/search_index.json", SITE_ROOT))
    .then((response) => (response.ok ? response.json() : { docs: [] }))
    .then((index) => {
      /** @type {Map<string, number>} */
      const counts = new Map();
      for (const doc of index.docs || []) {
        const text = `${doc.title || ""} ${String(doc.text || "").replace(/<[^>]*>/g, " ")}`;
        for (const word of words(text)) counts.set(word, (counts.get(word) || 0) + 1);
      }
      return counts;
    })
    .catch(() => new Map());
  return vocabulary;
}

/**
 * Whether two words are one edit apart: a letter added, dropped, changed, or two
 * neighbours swapped (Damerau–Levenshtein distance 1).
 * @param {string} a
 * @param {string} b
 */
export function oneEditApart(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one letter changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // one letter added or dropped
}

/**
 * The word the player most likely meant, or null when the word is fine (or unknown).
 * @param {string} word
 * @param {Map<string, number>} known
 */
export function correction(word, known) {
  if (word.length < SHORTEST || known.has(word)) return null;
  for (const candidate of known.keys()) if (candidate.startsWith(word)) return null; // a prefix: lunr finds it
  let best = null;
  let bestCount = 0;
  for (const [candidate, count] of known) {
    if (candidate.length >= SHORTEST && count > bestCount && oneEditApart(word, candidate)) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The query with each mistyped word fixed, or null when nothing needs fixing.
 * @param {string} query
 * @param {Map<string, number>} known
 */
export function fixQuery(query, known) {
  let changed = false;
  const fixed = query.replace(/[A-Za-z]+(?:'[A-Za-z]+)?/g, (word) => {
    const better = correction(word.toLowerCase(), known);
    if (!better) return word;
    changed = true;
    return better;
  });
  return changed ? fixed : null;
}

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
  let timer = 0;
  const check = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(async () => {
      const query = input.value;
      const known = await loadVocabulary();
      if (input.value === query) offer(input, panel, query.trim() ? fixQuery(query, known) : null);
    }, DEBOUNCE_MS);
  };
  input.addEventListener("focus", () => loadVocabulary(), { once: true });
  // The search has started (search-later.js): its words too, so "Did you mean" is ready when it is opened.
  document.addEventListener("sh-search:start", () => loadVocabulary(), { once: true });
  input.addEventListener("input", check);
  input.addEventListener("keyup", check);
}
