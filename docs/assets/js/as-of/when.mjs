// @ts-check
// Scrollhammer Rules: which words a rule had on a date, or at a wiki revision (?as-of=).
//
// Pure: no page, no DOM; as-of/index.mjs shows the answer, cards.mjs gives the words' version in
// links. The data is the page's "rule-versions" → "asof" (build_scripts/cards/rule_cards.py:
// page_versions): the book's span (its first day, the synced revisions) and each rule's
// versions oldest first as [date, rev, version] (rev 0: words a build saw, not a wiki edit).

/** @typedef {[string, number, string]} VersionStep [date, rev (0 when none), version] */

/**
 * @typedef {object} AsOfData
 * @property {string} since the book's first day
 * @property {[number, number] | null} revs the first and last synced revision (null: exports only)
 * @property {Record<string, VersionStep[]>} rules
 */

/**
 * @typedef {object} When
 * @property {"date" | "rev"} kind
 * @property {string} date for a date: the day itself
 * @property {number} rev for a revision: its number
 * @property {string} label how the page names it ("2026-11-01", "the wiki's revision 9177")
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const REV = /^[1-9]\d{0,11}$/;
const AS_TODAY = "The page shows today's rules.";

/**
 * Whether `data` is the as-of data a build writes (anything else: the page has none).
 * @param {unknown} data
 * @returns {data is AsOfData}
 */
export function isAsOfData(data) {
  if (!data || typeof data !== "object") return false;
  const d = /** @type {Record<string, unknown>} */ (data);
  const revs = d.revs;
  const revsOk = revs === null || (Array.isArray(revs) && revs.length === 2 && revs.every(Number.isInteger));
  return typeof d.since === "string" && revsOk && !!d.rules && typeof d.rules === "object";
}

/**
 * The value of ?as-of= in a query string ("" when absent or empty).
 * @param {string} search
 */
export function asOfValue(search) {
  return (new URLSearchParams(search).get("as-of") || "").trim();
}

/**
 * Whether `text` is a real day of the calendar (2026-02-30 is not).
 * @param {string} text
 */
function isDay(text) {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What is wrong with a value for ?as-of= before the book's span is known (a page without
 * rules, the table): "" for a real day not after `today`, or a revision number.
 * @param {string} raw
 * @param {string} today
 */
export function asOfShapeProblem(raw, today) {
  if (REV.test(raw)) return "";
  if (!DATE.test(raw)) return "must be a date (like 2026-11-01) or a wiki revision number";
  if (!isDay(raw)) return `${raw} is not a day of the calendar`;
  return raw > today ? `${raw} has not come yet` : "";
}

/**
 * Read a ?as-of= value against the book's span.
 * @param {string} raw the value as given
 * @param {AsOfData} data
 * @param {string} today the reader's day, YYYY-MM-DD
 * @returns {{when: When} | {refused: string}}
 */
export function readAsOf(raw, data, today) {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  if (!data.since) return { refused: `This book has no history of its words yet. ${AS_TODAY}` };
  if (DATE.test(raw)) {
    if (!isDay(raw)) return { refused: `“${shown}” is not a day of the calendar. ${AS_TODAY}` };
    if (raw < data.since) {
      return {
        refused: `The book's history starts on ${data.since}: it cannot show the rules as of ${raw}. ${AS_TODAY}`,
      };
    }
    if (raw > today) return { refused: `${raw} has not come yet. ${AS_TODAY}` };
    return { when: { kind: "date", date: raw, rev: 0, label: raw } };
  }
  if (REV.test(raw)) {
    const rev = Number(raw);
    if (!data.revs) {
      return {
        refused: `This book has no wiki revisions to name: give a date (like ${data.since}) instead. ${AS_TODAY}`,
      };
    }
    const [first, last] = data.revs;
    if (rev < first || rev > last) {
      return {
        refused: `The book's history holds the wiki's revisions ${first} to ${last}: revision ${rev} is not among them. ${AS_TODAY}`,
      };
    }
    return { when: { kind: "rev", date: "", rev, label: `the wiki's revision ${rev}` } };
  }
  return {
    refused: `“${shown}” is neither a date (like ${data.since}) nor a wiki revision number. ${AS_TODAY}`,
  };
}

/**
 * The version of a rule's words in effect then: the last of its versions made no later than
 * `when` (a version a build saw, rev 0, counts as made before any revision that follows it).
 * @param {VersionStep[]} steps the rule's versions, oldest first
 * @param {When} when
 * @returns {VersionStep | null} null: the rule did not exist then
 */
export function versionAt(steps, when) {
  /** @type {VersionStep | null} */
  let found = null;
  for (const step of steps) {
    const [date, rev] = step;
    const later = when.kind === "date" ? date > when.date : rev > when.rev;
    if (later) break;
    found = step;
  }
  return found;
}

/**
 * Of the versions in effect then on a page, the one made last: "their words then were last
 * changed on DATE (revision N)".
 * @param {(VersionStep | null)[]} steps
 * @returns {VersionStep | null}
 */
export function lastMade(steps) {
  /** @type {VersionStep | null} */
  let last = null;
  for (const step of steps) {
    if (!step) continue;
    if (!last || step[0] > last[0] || (step[0] === last[0] && step[1] > last[1])) last = step;
  }
  return last;
}

/**
 * The version of a rule's words the page shows, when ?as-of= names a time before them; null
 * when it does not (no as-of, a refused one, the same words, a rule that did not exist then).
 * @param {string} id
 * @param {unknown} data the page's "asof" data
 * @param {string} search the page's query string
 * @param {string} today
 * @returns {VersionStep | null}
 */
export function thenVersion(id, data, search, today) {
  const raw = asOfValue(search);
  if (!raw || !isAsOfData(data)) return null;
  const read = readAsOf(raw, data, today);
  const steps = data.rules[id];
  if (!("when" in read) || !Array.isArray(steps)) return null;
  return versionAt(steps, read.when);
}

/**
 * The reader's day, YYYY-MM-DD, in their own time zone.
 * @param {Date} [now]
 */
export function localDay(now = new Date()) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
