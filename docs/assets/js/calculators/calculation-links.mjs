// @ts-check
// Scrollhammer Rules: a calculation's link (?calc=NAME&input=value…): arrived at, it fills in
// its calculator (or leads to the page that has it); followed within the page, or Back to
// it, it is applied in place (Material's instant navigation does not reload a page for a new
// query string, and the page, its worker and its answers stay).
import { onTap } from "../taps.mjs";
import { clearLinkNote, showCalculatorUnreachable, showUnknownCalculator } from "./link-notes.mjs";
import { clearErrors } from "./render.mjs";
import { applyParams, elsewhere, resetForm, sharedTarget, showIgnored, Unreachable } from "./url-state.mjs";

/** How long to wait before asking the site again for the calculators' places, when it could not be reached (ms). */
const AGAIN_MS = 20_000;

/** @type {string | null} */
let shownSearch = null;

/** What answers a calculator a link filled in (forms.mjs gives it). */
let answer = /** @param {HTMLElement} _section */ (_section) => {};

/** @returns {HTMLElement[]} */
function calculatorSections() {
  return [...document.querySelectorAll("section.sh-calc")].filter((s) => s instanceof HTMLElement);
}

/**
 * A link whose calculator is not on this page: go to the page that has it, with the same
 * inputs; or say that no page has it.
 * @param {URLSearchParams} params
 */
async function followElsewhere(params) {
  const search = window.location.search;
  const name = params.get("calc") || "";
  let url;
  try {
    url = await elsewhere(params);
  } catch (error) {
    if (!(error instanceof Unreachable)) url = null;
    else {
      // Asked again when the network is back, every little while, or when the player taps.
      let timer = 0;
      const again = () => {
        window.removeEventListener("online", again);
        window.clearTimeout(timer);
        if (window.location.search === search) followElsewhere(params);
      };
      window.addEventListener("online", again);
      timer = window.setTimeout(again, AGAIN_MS);
      showCalculatorUnreachable(name, again);
      return;
    }
  }
  if (url && url.pathname !== window.location.pathname) {
    clearLinkNote();
    window.location.replace(url.href);
  } else showUnknownCalculator(name);
}

/**
 * On a page's arrival: the calculator the address's link fills in (its inputs applied), if
 * it is on this page; a link to another page's calculator leads there.
 * @param {HTMLElement[]} sections
 * @returns {HTMLElement | null}
 */
export function arriveWithLink(sections) {
  shownSearch = window.location.search;
  const params = new URLSearchParams(window.location.search);
  const shared = params.has("calc") ? sharedTarget(sections, params, window.location.hash) : null;
  if (params.has("calc") && !shared) followElsewhere(params);
  if (shared) showIgnored(shared, applyParams(shared, params));
  return shared;
}

/**
 * A link to a calculation on this same page (?calc=…) is applied in place: the page,
 * its worker and its answers stay; the address changes so Back returns to the last one.
 * @param {URL} url
 */
function onLocation(url) {
  if (shownSearch === null || url.search === shownSearch || url.pathname !== window.location.pathname) return;
  shownSearch = url.search;
  const params = new URLSearchParams(url.search);
  const shared = params.has("calc") ? sharedTarget(calculatorSections(), params, url.hash) : null;
  if (!shared) return;
  resetForm(shared); // inputs the link does not name take their defaults
  clearErrors(shared);
  showIgnored(shared, applyParams(shared, params));
  answer(shared);
}

/**
 * A calculation's link to this page, tapped: applied in place (Material's instant navigation
 * would reload the page for it, throwing away its answers).
 * @param {Element} target what was tapped
 * @param {MouseEvent} _event
 * @param {boolean} plain a plain tap (not one that opens a new tab)
 */
function onSamePageLink(target, _event, plain) {
  const link = target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || !plain) return false;
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin || url.pathname !== here.pathname || !url.searchParams.has("calc")) return false;
  if (!calculatorSections().length) return false;
  history.pushState(null, "", url.href);
  onLocation(url);
  return true;
}

/**
 * Start: called once by forms.mjs, with what answers a calculator a link filled in.
 * @param {(section: HTMLElement) => void} answerWith
 */
export function start(answerWith) {
  answer = answerWith;
  onTap("calculation-link", onSamePageLink);
  window.addEventListener("popstate", () => onLocation(new URL(window.location.href)));
}
