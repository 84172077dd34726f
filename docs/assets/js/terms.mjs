// @ts-check
// Scrollhammer Rules: keywords you can tap.
//
// The build links the first use of a defined term in each rule block to the rule that
// defines it (a plain link that works without this script). Here a tap, or Enter, opens
// a small popover under the rule instead, wherever the term is defined (on this page too:
// the page does not jump to it): the defining words, where they are in the book, and a
// link to read the rule. Escape, a tap elsewhere or the close button closes it, and
// focus goes back to the term.
import { el, fitOnScreen, pageData } from "./site.mjs";
import { onAnyTap, onTap } from "./taps.mjs";

/** @type {{pop: HTMLElement, term: HTMLAnchorElement} | null} */
let open = null;

/**
 * @typedef {object} Definition
 * @property {string} text the defining words
 * @property {string} place where they are in the book
 * @property {string} href the rule's link
 */

/**
 * @param {string} name
 * @returns {Definition | null}
 */
function definition(name) {
  const found = pageData("term-definitions")[name];
  if (!found || typeof found !== "object") return null;
  const { text, place, href } = /** @type {Record<string, unknown>} */ (found);
  return typeof text === "string" && typeof place === "string" && typeof href === "string"
    ? { text, place, href }
    : null;
}

function close(returnFocus = false) {
  if (!open) return;
  const { pop, term } = open;
  pop.remove();
  open = null;
  term.setAttribute("aria-expanded", "false");
  if (returnFocus) term.focus();
}

/**
 * Open the popover of one term, under its line in the rule.
 * @param {HTMLAnchorElement} term
 */
function show(term) {
  const name = term.dataset.term || "";
  const meaning = definition(name);
  const rule = term.closest(".rule");
  if (!meaning || !(rule instanceof HTMLElement)) return false;
  close();
  const id = `term-pop-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const pop = el("div", "sh-term-pop");
  pop.id = id;
  pop.setAttribute("role", "dialog");
  pop.setAttribute("aria-label", name);
  const shut = el("button", "sh-term-pop__close", "×");
  shut.type = "button";
  shut.setAttribute("aria-label", `Close ${name}`);
  shut.addEventListener("click", () => close(true));
  const read = el("a", "sh-term-pop__read", "Read the rule");
  read.href = meaning.href;
  pop.append(
    el("p", "sh-term-pop__name", name),
    el("p", "sh-term-pop__words", meaning.text),
    el("p", "sh-term-pop__place", meaning.place),
    read,
    shut,
  );
  pop.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    }
  });
  rule.append(pop);
  pop.style.top = `${term.offsetTop + term.offsetHeight + 4}px`;
  fitOnScreen(pop, term, () => {
    pop.style.top = `${term.offsetTop - pop.offsetHeight - 4}px`;
  });
  term.setAttribute("aria-expanded", "true");
  term.setAttribute("aria-controls", id);
  open = { pop, term };
  read.focus({ preventScroll: true });
  return true;
}

/**
 * A tap elsewhere closes the popover (a tap on its "Read the rule" too: the link is followed).
 * @param {Element | null} target
 */
function dismiss(target) {
  if (!open || !target || target === open.term) return;
  if (!open.pop.contains(target) || target.closest(".sh-term-pop__read")) close();
}

/**
 * A keyword opens its popover (a second tap closes it): not a page load, nor a jump to a
 * definition on this page.
 * @param {Element} target
 * @param {MouseEvent} _event
 * @param {boolean} plain a plain tap (not one that opens a new tab)
 */
function openKeyword(target, _event, plain) {
  const term = target.closest("a.term");
  if (!(term instanceof HTMLAnchorElement) || !plain) return false;
  if (open?.term === term) close(true);
  else if (!show(term)) window.location.assign(term.href); // no definition here: follow the link
  return true;
}

/** Start: called once by main.mjs. */
export function start() {
  onAnyTap("keyword", dismiss);
  onTap("keyword", openKeyword);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) close(true);
  });
}
