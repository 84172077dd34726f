// @ts-check
// Scrollhammer Rules: each printed sheet's foot names the site, the page, its address and the
// date of its words (the build writes them into the page: build_scripts/finish/print/foot.py).
//
// The print stylesheet prints them in the page's bottom margin, beside the page number, from
// a custom property this module sets on the root: one page's words cannot be in a stylesheet
// (the site's policy allows no inline style), and a style set from a script is allowed.
// Set on every page, instant navigation included. A page shown as of a date says so too: its
// sheets hold the words of then. Not a page whose ?as-of= was refused (its banner says so, and
// it shows today's rules), nor a page without rules, which no date changes.
import { asOfValue } from "../as-of/when.mjs";
import { onEveryPage } from "../site.mjs";

const FOOT = "sh-print-foot";

/**
 * The words as a CSS string.
 * @param {string} words
 */
export function cssString(words) {
  return `"${words.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, " ")}"`;
}

function setFoot() {
  const data = document.getElementById(FOOT);
  let words = data instanceof HTMLElement ? data.dataset.words || "" : "";
  const asOf = asOfValue(window.location.search);
  // The page's own word on it: as-of/page.mjs has put in its banner, refused or not, by now.
  const shown = document.querySelector("article aside.sh-asof:not(.sh-asof--refused)");
  if (words && asOf && shown) words += ` · shown as of ${asOf}`;
  document.documentElement.style.setProperty("--sh-print-foot", cssString(words));
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(setFoot);
}
