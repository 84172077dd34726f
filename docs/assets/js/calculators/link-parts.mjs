// @ts-check
// Scrollhammer Rules: what a calculation's link says, read without the page.
//
// A link `?calc=NAME&input=value…&reading.ID=OPTION#rule-id` is sorted into the values the
// form takes, the readings it asks for, and the parts the calculator leaves out (with why,
// for a reading it refuses); the sentences that say what was left out; and which of a
// calculator's places a link means. Pure: the form and the places are given as data, so
// these run (and are mutation-tested) in Node. url-state.mjs applies them to the page.

/** How much of a value from a link the page repeats (a link can carry anything). */
const ECHO = 40;

/** Parameters that messengers, newsletters and ads add to links: dropped without a word. */
const TRACKING = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "igsh",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "oly_anon_id",
  "oly_enc_id",
  "rb_clickid",
  "s_cid",
  "vero_id",
  "wickedid",
  "si",
  "ref",
  "ref_src",
  "share",
  "trk",
]);

/**
 * Whether a parameter is one that messengers, newsletters and ads add to links.
 * @param {string} name
 */
export function isTracking(name) {
  const key = name.toLowerCase();
  return key.startsWith("utm_") || TRACKING.has(key);
}

/**
 * A value from a link as the page repeats it: cut short when it is long.
 * @param {string} value
 */
export function shorten(value) {
  return value.length <= ECHO ? value : `${value.slice(0, ECHO - 1)}…`;
}

/**
 * A part of a link the calculator did not take: its name, its value, and why when it was
 * refused (a reading it does not have, an option the reading does not know).
 * @typedef {[string, string] | [string, string, string]} LeftOut
 */

/**
 * A calculator's form as a link meets it.
 * @typedef {object} FormShape
 * @property {Set<string>} fields the names of the fields a link may set
 * @property {Set<string>} fixed the names of the fields its place fixes (a link never changes them)
 * @property {Map<string, string[]>} readings each reading's id and its options
 */

/**
 * What a link's parameters do to a form.
 * @typedef {object} SortedLink
 * @property {[string, string][]} values the fields to set, in the link's order
 * @property {[string, string][]} readings the readings to take: id and option
 * @property {LeftOut[]} leftOut the parts left out (tracking ones said nothing of)
 */

/**
 * Why a reading from a link is refused, or null when the form takes it.
 * @param {FormShape} form
 * @param {string} id
 * @param {string} option
 * @returns {string | null}
 */
export function readingRefusal(form, id, option) {
  const options = form.readings.get(id);
  if (!options) return "this calculator has no such reading";
  if (!options.includes(option)) return `its options are ${options.join(", ")}`;
  return null;
}

/**
 * Sort a link's parameters for a form.
 * @param {Iterable<[string, string]>} params
 * @param {FormShape} form
 * @returns {SortedLink}
 */
export function sortLink(params, form) {
  /** @type {SortedLink} */
  const sorted = { values: [], readings: [], leftOut: [] };
  for (const [name, raw] of params) {
    if (name === "calc") continue;
    if (name.startsWith("reading.")) {
      const id = name.slice("reading.".length);
      const refused = readingRefusal(form, id, raw);
      if (refused) sorted.leftOut.push([name, raw, refused]);
      else sorted.readings.push([id, raw]);
    } else if (form.fixed.has(name)) {
      // fixed by the place: the link cannot change it
    } else if (form.fields.has(name)) {
      sorted.values.push([name, raw]);
    } else if (!isTracking(name)) {
      sorted.leftOut.push([name, raw]);
    }
  }
  return sorted;
}

/**
 * What the calculator says of the parts of a link it left out: one sentence for the plain
 * parts, one for each refused reading (none when nothing was left out).
 * @param {LeftOut[]} leftOut
 * @returns {string[]}
 */
export function leftOutSentences(leftOut) {
  const plain = leftOut.filter((part) => part.length === 2);
  const lines = [];
  if (plain.length) {
    const listed = plain.map(([name, value]) => `${shorten(name)}=${shorten(value)}`).join(", ");
    const what = plain.length === 1 ? "a part this calculator does not use" : "parts this calculator does not use";
    lines.push(`The link had ${what}, left out: ${listed}.`);
  }
  for (const part of leftOut) {
    if (part.length !== 3) continue;
    const [name, value, why] = part;
    lines.push(
      `The link asks for the reading ${shorten(name)}=${shorten(value)}, refused: ${why}. The site's reading is used.`,
    );
  }
  return lines;
}

/**
 * @typedef {object} Place
 * @property {string} page the page's URL from the site root ("buildings/")
 * @property {string} rule the rule the calculator follows
 * @property {Record<string, string>} fixed the inputs its place fixes
 */

/**
 * Which of a calculator's places a link means: the first whose fixed inputs the link does
 * not contradict, else the first; null when it has none.
 * @param {Place[] | undefined} known
 * @param {URLSearchParams} params
 * @returns {Place | null}
 */
export function placeFor(known, params) {
  if (!Array.isArray(known) || !known.length) return null;
  return (
    known.find((p) => Object.entries(p.fixed).every(([k, v]) => !params.has(k) || params.get(k) === v)) || known[0]
  );
}
