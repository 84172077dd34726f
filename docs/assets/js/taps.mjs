// @ts-check
// Scrollhammer Rules: one router for taps on the page.
//
// Material's instant navigation takes a tap on a link (its listener on <body>, bubbling) and
// loads the page it names. Some taps mean something else on a rules page: a rule's "#", a
// keyword, a calculation's link to this page, a link to a place on this page... One listener
// (capture, on the document, so before the theme's) decides: it tells every tap to the
// dismissers first (a menu or a popover closes when the player taps elsewhere), then offers
// it to the handlers in the order declared here, each registered by its name; the first that
// takes the tap handles it, and nothing after it sees it. The order is this list, not the
// order the page's modules happened to start in.

/** The handlers, in the order they are offered a tap. */
export const ORDER = /** @type {const} */ ([
  "skip-link", // the theme's "Skip to content": the focus moves to the page's words (skip-link.mjs)
  "xref-note", // a "not in these sections" mark: its note opens (rule-links.mjs)
  "rule-menu", // a rule's or a heading's "#": its menu (rule-links.mjs)
  "keyword", // a defined term: its popover, wherever the term is defined (terms.mjs)
  "search-button", // a button that opens the search (open-search.mjs)
  "calculation-link", // a calculation's link to this page: applied in place (calculators/calculation-links.mjs)
  "as-of-link", // a link to this page as of another date, or today's: loaded afresh (as-of/index.mjs)
  "in-page-link", // a link to a place on this page: the rule highlighted there (rule-links.mjs)
]);

/**
 * A handler: takes the tap (returns true: the router stops it there) or leaves it (false).
 * @typedef {(target: Element, event: MouseEvent, plain: boolean) => boolean} TapHandler
 * @typedef {typeof ORDER[number]} TapName
 */

/** @type {Map<TapName, TapHandler>} */
const handlers = new Map();
/** @type {Map<string, (target: Element | null) => void>} */
const dismissers = new Map();
let listening = false;

/** @param {MouseEvent} event */
function route(event) {
  const target = event.target instanceof Element ? event.target : null;
  for (const dismiss of dismissers.values()) dismiss(target);
  if (!target || event.defaultPrevented) return;
  // A link opened in a new tab (a modifier, the middle button) is the browser's, not ours.
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  for (const name of ORDER) {
    const handler = handlers.get(name);
    if (handler?.(target, event, plain)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
  }
}

function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", route, true);
}

/**
 * Register the handler of one kind of tap (its name places it in ORDER).
 * @param {TapName} name
 * @param {TapHandler} handler
 */
export function onTap(name, handler) {
  if (!ORDER.includes(name)) throw new Error(`no tap is called ${name}`);
  handlers.set(name, handler);
  listen();
}

/**
 * Be told of every tap, before it is routed (to close what a tap elsewhere closes).
 * @param {string} name
 * @param {(target: Element | null) => void} dismiss
 */
export function onAnyTap(name, dismiss) {
  dismissers.set(name, dismiss);
  listen();
}

/** The names of the handlers registered (for the tests: every kind of tap has its handler). */
export function registered() {
  return ORDER.filter((name) => handlers.has(name));
}
