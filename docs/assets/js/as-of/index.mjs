// @ts-check
// Scrollhammer Rules: the rules as of a date (?as-of=2026-11-01) or a wiki revision (?as-of=9177).
//
// as-of/page.mjs puts each rule's words of then in the page: on the page first opened, the
// build's classic script as-of/first.js has done it before the first paint; here, after each of
// Material's instant navigations (and on the first page, should that script have failed). Copy
// link, Copy quote, Share and Show give the words shown (cards.mjs, quote.mjs read them from the
// page). A tap on a link to this page as of another date loads it afresh.

import { onEveryPage } from "../site.mjs";
import { onTap } from "../taps.mjs";
import { showRulesAsOf } from "./page.mjs";
import { asOfValue } from "./when.mjs";

/**
 * A link to this page as of another date, or to today's rules: loaded afresh, its rules in
 * their words of then (the page's words were changed in place; instant navigation would keep
 * the page's other state).
 * @param {Element} target what was tapped
 * @param {MouseEvent} _event
 * @param {boolean} plain a plain tap (not one that opens a new tab)
 */
function otherDate(target, _event, plain) {
  const link = target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || !plain) return false;
  const url = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  if (url.origin !== here.origin || url.pathname !== here.pathname) return false;
  if (asOfValue(url.search) === asOfValue(here.search)) return false;
  window.location.assign(url.href);
  return true;
}

/** Start: called once by main.mjs (before the rule links, so the page has its words when a rule is brought into view). */
export function start() {
  onTap("as-of-link", otherDate);
  onEveryPage(showRulesAsOf);
}
