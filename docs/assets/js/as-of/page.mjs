// @ts-check
// Scrollhammer Rules: a rulebook page's rules in their words as of a date (?as-of=2026-11-01) or a
// wiki revision (?as-of=9177).
//
// Every rule shows the words it had then (as-of/when.mjs finds them in the page's own history,
// "rule-versions"): a banner names the date or revision, when the page's words then were last
// changed, and how many rules changed since; each changed rule says so and shows its word
// difference to today's on a tap; a rule that did not exist then says so. Links inside the site
// carry ?as-of=. The calculators follow today's rules, and say so. A value that names no time of
// the book's history is refused in a notice and the page shows today's rules.
//
// Two callers: as-of/first.js (this module bundled as a classic script by the build, run right
// after the article of the page opened, before its first paint) and as-of/index.mjs (after each of
// Material's instant navigations). A page shows its words of then once: the second caller finds
// the banner and does nothing.

import { diffBlock, editLine, olderVersion, placeAfterRule, versions } from "../cards.mjs";
import { el } from "../site.mjs";
import { asOfValue, isAsOfData, lastMade, localDay, readAsOf, versionAt } from "./when.mjs";

/** The banner every page shown as of a date gets (refused or not): its words of then are in. */
const BANNER = "article aside.sh-asof";
const CONTROLS = ":scope > .rule-link, :scope > .headerlink";

/**
 * Put `words` in the rule instead of today's, keeping its link control (and a chart row's shape).
 * @param {HTMLElement} rule
 * @param {string} words
 */
function showWords(rule, words) {
  if (rule.matches("tr")) {
    showCells(rule, words);
    return;
  }
  const controls = [...rule.querySelectorAll(CONTROLS)];
  const row = rule.matches("li.chart-row");
  const lines = words.split("\n");
  for (const node of [...rule.childNodes]) {
    if (!(node instanceof Element && node.matches("ul, ol, .sh-changed"))) node.remove();
  }
  const first = rule.firstChild;
  if (row) {
    const paragraphs = lines.map((line, n) => el("p", n === 0 ? "chart-row__name" : "", line));
    rule.insertBefore(paragraphs[0], first);
    paragraphs[0].append(...controls);
    for (const p of paragraphs.slice(1)) rule.insertBefore(p, first);
  } else {
    lines.forEach((line, n) => {
      if (n > 0) rule.insertBefore(el("br"), first);
      rule.insertBefore(document.createTextNode(line), first);
    });
    for (const control of controls) rule.insertBefore(control, first);
  }
  rule.classList.add("sh-asof-then");
}

/** Between two cells of a table row in its words (build_scripts/core/model.py, CELL_BREAK). */
const CELL_BREAK = " | ";

/**
 * A table row's words then, a cell's in each cell (the last takes what is over), its # kept.
 * @param {HTMLElement} rule
 * @param {string} words
 */
function showCells(rule, words) {
  const cells = [...rule.children];
  const controls = [...rule.querySelectorAll(".rule-link")];
  const parts = words.split(CELL_BREAK);
  cells.forEach((cell, n) => {
    cell.replaceChildren(n === cells.length - 1 ? parts.slice(n).join(CELL_BREAK) : (parts[n] ?? ""));
  });
  cells.at(-1)?.append(...controls);
  rule.classList.add("sh-asof-then");
}

/**
 * The tap that shows how a rule's words changed since then.
 * @param {HTMLElement} rule
 * @param {string} id
 * @param {string} version the version shown
 * @param {string} label
 * @param {ReturnType<typeof versions>} data the page's versions
 */
function markChanged(rule, id, version, label, data) {
  const older = olderVersion(id, version, data);
  if (!older) return;
  showWords(rule, older.words);
  const box = el("details", "sh-asof-since");
  box.append(el("summary", "", `Changed since ${label}: what changed`));
  box.append(el("p", "", `These words were first changed on ${older.changed}.`));
  const edit = editLine(older);
  if (edit) box.append(edit);
  box.append(el("p", "sh-changed__label", "To today's words (removed words struck through, added underlined):"));
  box.append(diffBlock(older.diff));
  placeAfterRule(rule, box);
}

/**
 * A rule the book did not have then.
 * @param {HTMLElement} rule
 * @param {string} label
 * @param {string} added the day its first words came
 */
function markNew(rule, label, added) {
  rule.classList.add("sh-asof-new");
  placeAfterRule(
    rule,
    el("p", "sh-asof-since sh-asof-since--new", `Not in the rules as of ${label}: added on ${added}.`),
  );
}

/**
 * The notice at the top of the page.
 * @param {string} title
 * @param {string[]} lines
 * @param {boolean} refused
 */
function banner(title, lines, refused) {
  const box = el("aside", `sh-asof${refused ? " sh-asof--refused" : ""}`);
  box.setAttribute("role", refused ? "alert" : "note");
  box.setAttribute("aria-label", refused ? "The rules as of a date: refused" : "The rules as of a date");
  box.dataset.help = "";
  box.append(el("p", "sh-asof__title", title));
  for (const line of lines) box.append(el("p", "", line));
  if (!refused) {
    const today = new URL(window.location.href);
    today.searchParams.delete("as-of");
    const link = el("a", "sh-asof__today", "Show today's rules");
    link.setAttribute("href", today.href);
    const line = el("p");
    line.append(link);
    box.append(line);
  }
  const h1 = document.querySelector("article h1");
  if (h1) h1.after(box);
  else document.querySelector("article")?.prepend(box);
}

/**
 * Every link to a page of this site (in `root`) carries ?as-of= (a link within the page keeps the query already).
 * @param {string} value
 * @param {ParentNode} [root]
 */
export function carryAsOf(value, root = document) {
  for (const link of root.querySelectorAll("a[href]")) {
    if (!(link instanceof HTMLAnchorElement) || link.matches(".sh-asof__today")) continue;
    const raw = link.getAttribute("href") || "";
    if (raw.startsWith("#")) continue;
    const url = new URL(raw, window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.endsWith("/")) continue;
    url.searchParams.set("as-of", value);
    link.setAttribute("href", url.href);
  }
}

/**
 * The calculators follow today's rules: each says so.
 * @param {string} label
 */
function noteCalculators(label) {
  for (const calc of document.querySelectorAll("section.sh-calc")) {
    const note = el("p", "sh-asof-calc", `This calculator follows today's rules, not those as of ${label}.`);
    calc.prepend(note);
  }
}

/** The page's rules may be painted now (as-of/early.js held them back on a page opened as of a date). */
function release() {
  document.documentElement.classList.remove("sh-asof-wait");
}

/**
 * Show the page's rules as of the date its address names (once: nothing when they are shown),
 * then let them be painted (whatever happened: a failure shows today's rules).
 */
export function showRulesAsOf() {
  try {
    if (!document.querySelector(BANNER)) showAsOf();
  } finally {
    release();
  }
}

function showAsOf() {
  const raw = asOfValue(window.location.search);
  if (!raw) return;
  const data = versions();
  const asof = data.asof;
  if (!isAsOfData(asof)) {
    // A page without rules (the table, the calculators): the value goes on to the next page.
    if (/^[\d-]{1,12}$/.test(raw)) carryAsOf(raw);
    return;
  }
  const read = readAsOf(raw, asof, localDay());
  if ("refused" in read) {
    banner("Showing today's rules", [read.refused], true);
    return;
  }
  const { when } = read;
  /** @type {(import("./when.mjs").VersionStep | null)[]} */
  const shown = [];
  let changed = 0;
  for (const [id, steps] of Object.entries(asof.rules)) {
    const rule = document.getElementById(id);
    const now = data.rules?.[id];
    if (!rule || !Array.isArray(steps) || !Array.isArray(now)) continue;
    const then = versionAt(steps, when);
    shown.push(then);
    if (!then) {
      changed += 1;
      markNew(rule, when.label, steps[0]?.[0] ?? "");
    } else if (then[2] !== now[0]) {
      changed += 1;
      markChanged(rule, id, then[2], when.label, data);
    }
  }
  const last = lastMade(shown);
  const made = last ? `on ${last[0]}${last[1] ? ` (the wiki's revision ${last[1]})` : ""}` : "";
  banner(
    `The rules as of ${when.label}`,
    [
      made ? `The words on this page then were last changed ${made}.` : "",
      changed === 0
        ? "No rule on this page has changed since."
        : `${changed} ${changed === 1 ? "rule" : "rules"} on this page changed since: each is marked; tap it to see what changed.`,
      document.querySelector("section.sh-calc") ? "The calculators follow today's rules." : "",
    ].filter(Boolean),
    false,
  );
  noteCalculators(when.label);
  carryAsOf(raw);
}
