// @ts-check
// Scrollhammer Rules: rule cards and the versions of a rule's words.
//
// - A rule's card address (r/<page>/<id>/?v=<version>) is what Copy link, Share, Copy
//   quote and Show give: a chat shows the card's words, and the version pins the words
//   that were sent.
// - Arriving with ?v= naming an older version of the rule's words: the rule gets a
//   notice "These words changed on DATE, after this link was shared", the words as they
//   were, and a word-level difference (built by difflib at build time; inserted and
//   removed words marked by more than colour). An unknown or malformed v is ignored.
//   When the words came from the wiki (make sync), the notice names the edit that changed
//   them (revision, who, its summary) and links to that edit's page on the wiki.
// - On a page showing the rules as of a date (?as-of=, as-of/index.mjs), the card address and the
//   date are those of the words shown then.
// The page data "rule-versions" (build_scripts/cards/rule_cards.py:page_versions) holds it all.
import { localDay, thenVersion } from "./as-of/when.mjs";
import { el, onEveryPage, pageData } from "./site.mjs";

const VERSION = /^[0-9a-f]{8}$/;
const NOTICE_CLASS = "sh-changed";

/**
 * @typedef {object} OlderVersion
 * @property {string} v
 * @property {string} date
 * @property {string} changed
 * @property {string} words
 * @property {[("same" | "del" | "ins"), string][]} diff
 * @property {{rev: number, user: string, summary: string}} [by]
 * @property {string} [link]
 */

/** @returns {{cards?: unknown, rules?: Record<string, unknown>, older?: Record<string, unknown>, asof?: unknown}} */
export function versions() {
  return pageData("rule-versions");
}

/**
 * The version of the rule's words the page shows (as of a date, when ?as-of= names one).
 * @param {string} id
 */
function shown(id) {
  return thenVersion(id, versions().asof, window.location.search, localDay());
}

/**
 * The rule's card address with the version of the words the page shows, or null when the page has no card for it.
 * @param {string} id
 * @returns {string | null}
 */
export function cardUrl(id) {
  const data = versions();
  const known = data.rules?.[id];
  if (typeof data.cards !== "string" || !Array.isArray(known) || typeof known[0] !== "string") return null;
  const url = new URL(`${data.cards}${encodeURIComponent(id)}/`, window.location.href);
  url.search = `?v=${shown(id)?.[2] ?? known[0]}`;
  return url.href;
}

/**
 * The date of the rule's words the page shows ("" when unknown).
 * @param {string} id
 */
export function wordsDate(id) {
  const then = shown(id);
  if (then) return then[0];
  const known = versions().rules?.[id];
  return Array.isArray(known) && typeof known[1] === "string" ? known[1] : "";
}

/**
 * The older version of the rule's words the link names, if it names one.
 * @param {string} id
 * @param {string | null} version
 * @param {ReturnType<typeof versions>} [data] the page's versions, when the caller has read them
 * @returns {OlderVersion | null}
 */
export function olderVersion(id, version, data = versions()) {
  if (!version || !VERSION.test(version)) return null;
  const older = data.older?.[id];
  if (!Array.isArray(older)) return null;
  const found = older.find((entry) => entry && typeof entry === "object" && entry.v === version);
  if (!found || typeof found.words !== "string" || !Array.isArray(found.diff)) return null;
  return /** @type {OlderVersion} */ (found);
}

/**
 * The words as they were, line by line.
 * @param {string} words
 */
function wordsBlock(words) {
  const quote = el("blockquote", "sh-changed__old");
  for (const line of words.split("\n")) quote.append(el("p", "", line));
  return quote;
}

/**
 * The difference, as text runs: removed words in <del>, inserted in <ins>, each also
 * announced in words ("removed:", "added:") for screen readers and marked by
 * strike-through and underline, not only colour.
 * @param {OlderVersion["diff"]} diff
 */
export function diffBlock(diff) {
  const box = el("p", "sh-changed__diff");
  for (const [op, text] of diff) {
    if (typeof text !== "string") continue;
    if (op === "same") {
      box.append(text);
      continue;
    }
    const mark = el(op === "del" ? "del" : "ins", `sh-diff sh-diff--${op}`);
    mark.append(el("span", "sh-visually-hidden", op === "del" ? "[removed: " : "[added: "), text);
    mark.append(el("span", "sh-visually-hidden", "]"));
    box.append(mark);
  }
  return box;
}

/**
 * Which edit of the wiki changed the words: "By revision 12 (Ann): “typo”", linked to the
 * edit on the wiki when its address is known; null for words that did not come from the wiki.
 * @param {OlderVersion} older
 * @returns {HTMLElement | null}
 */
export function editLine(older) {
  const by = older.by;
  if (!by || typeof by !== "object" || typeof by.rev !== "number") return null;
  const line = el("p", "sh-changed__edit");
  const summary = typeof by.summary === "string" && by.summary ? `: “${by.summary}”` : " (no summary)";
  line.append(`By the wiki's revision ${by.rev}${by.user ? ` (${by.user})` : ""}${summary}`);
  if (typeof older.link === "string" && /^https?:\/\//.test(older.link)) {
    const link = el("a", "sh-changed__link", "See this edit on the wiki");
    link.setAttribute("href", older.link);
    link.setAttribute("rel", "external noopener");
    line.append(" ", link);
  }
  return line;
}

/**
 * Put the site's note about a rule right after it (inside it, for a list item, a term, a
 * definition or a caption; in its last cell, for a table row): the site's words, not the
 * book's, so a quote of the rule leaves it out.
 * @param {HTMLElement} rule
 * @param {HTMLElement} note
 */
export function placeAfterRule(rule, note) {
  note.dataset.help = "";
  if (rule instanceof HTMLTableRowElement) rule.lastElementChild?.append(note);
  else if (rule.matches("li, dt, dd, caption")) rule.append(note);
  else rule.after(note);
}

/**
 * Show, after the rule, how its words changed since the link was shared.
 * @param {HTMLElement} rule
 * @param {OlderVersion} older
 */
function showChanged(rule, older) {
  const notice = el("aside", NOTICE_CLASS);
  notice.setAttribute("role", "note");
  notice.setAttribute("aria-label", "These words changed");
  notice.append(el("p", "sh-changed__title", `These words changed on ${older.changed}, after this link was shared`));
  const edit = editLine(older);
  if (edit) notice.append(edit);
  notice.append(el("p", "sh-changed__label", `The words as they were (since ${older.date}):`));
  notice.append(wordsBlock(older.words));
  notice.append(el("p", "sh-changed__label", "What changed (removed words struck through, added words underlined):"));
  notice.append(diffBlock(older.diff));
  placeAfterRule(rule, notice);
}

function arrive() {
  for (const old of document.querySelectorAll(`.${NOTICE_CLASS}`)) old.remove();
  let id = "";
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  const rule = id ? document.getElementById(id) : null;
  if (!rule) return;
  const older = olderVersion(id, new URLSearchParams(window.location.search).get("v"));
  if (older) showChanged(rule, older);
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(arrive);
}
