// @ts-check
// Scrollhammer Rules: a rule as a quote to paste in a dispute.
//
// The rule's words exactly as the book prints them (the site's help beside "page XX",
// link controls and menus left out), its place in the book, and its link, as plain text
// for a group chat.
import { copyText, pageData } from "./site.mjs";

/**
 * The rule's own words: its text with the site's additions taken out.
 * @param {HTMLElement} rule
 */
export function ruleWords(rule) {
  const copy = /** @type {HTMLElement} */ (rule.cloneNode(true));
  for (const extra of copy.querySelectorAll("[data-help], .rule-link, .headerlink, .sh-rule-menu")) extra.remove();
  if (copy.matches("li.chart-row")) {
    return [...copy.querySelectorAll("p")].map((p) => p.textContent || "").join("\n");
  }
  return (copy.textContent || "").trim();
}

/**
 * A rule as plain text: the words in quotes, where they are, and the link.
 * @param {string} id
 * @param {HTMLElement} rule
 * @param {string} url
 */
export function quoteText(id, rule, url) {
  const known = pageData("rule-places")[id];
  const place = typeof known === "string" ? known : document.title;
  return `“${ruleWords(rule)}”\n— ${place}\n${url}`;
}

/**
 * Copy a rule as a quote.
 * @param {string} id
 * @param {HTMLElement} rule
 * @param {string} url
 */
export function copyQuote(id, rule, url) {
  const text = quoteText(id, rule, url);
  return copyText(
    text,
    "Quote copied: the rule's words, where they are and the link",
    `Could not copy; here it is: ${text}`,
  );
}
