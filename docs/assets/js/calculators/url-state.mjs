// @ts-check
// Scrollhammer Rules: a calculation's inputs in the URL, `?calc=NAME&input=value…#rule-id`.
//
// Reading a shared link into a form, writing the link that shares a form, and which
// calculator (on this page or another) a link means. A link that went through a
// messenger keeps working: parameters a calculator does not take never block its answer.
import { el, SITE_ROOT } from "../site.mjs";
import { applyReadingParam, resetReadings } from "./readings.mjs";

/** How much of a value from a link the page repeats (a link can carry anything). */
const ECHO = 40;

/**
 * Parameters that messengers, newsletters and ads add to links: dropped without a word.
 * @param {string} name
 */
export function isTracking(name) {
  const key = name.toLowerCase();
  return (
    key.startsWith("utm_") ||
    [
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
    ].includes(key)
  );
}

/**
 * A value from a link as the page repeats it: cut short when it is long.
 * @param {string} value
 */
export function shorten(value) {
  return value.length <= ECHO ? value : `${value.slice(0, ECHO - 1)}…`;
}

/**
 * Every named field of a calculator's form, as the strings Python will check.
 * @param {HTMLElement} section
 * @returns {Record<string, string>}
 */
export function formValues(section) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const input of section.querySelectorAll("form [name]")) {
    if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) out[input.name] = input.value;
  }
  return out;
}

/**
 * The link that opens this calculation: this page, the inputs, the rule it follows.
 * Empty optional inputs are left out, so the link stays short.
 * @param {HTMLElement} section
 */
export function shareUrl(section) {
  const url = new URL(window.location.href);
  url.search = "";
  url.searchParams.set("calc", section.dataset.calc || "");
  for (const [name, value] of Object.entries(formValues(section))) {
    if (value !== "") url.searchParams.set(name, value);
  }
  url.hash = section.dataset.rule || "";
  return url.href;
}

/**
 * Set a field from a link; a value its list does not offer is added (labelled short) so
 * Python can refuse it by name.
 * @param {HTMLInputElement | HTMLSelectElement} input
 * @param {string} raw
 */
function setValue(input, raw) {
  if (input instanceof HTMLSelectElement && ![...input.options].some((o) => o.value === raw)) {
    const option = el("option", "", raw === "" ? "(empty)" : shorten(raw));
    option.value = raw;
    option.dataset.fromUrl = "";
    input.append(option);
  }
  input.value = raw;
}

/**
 * Which calculator on this page a shared URL means: same name, then matching fixed
 * inputs, then the rule in the fragment.
 * @param {HTMLElement[]} sections
 * @param {URLSearchParams} params
 * @param {string} hash
 * @returns {HTMLElement | null}
 */
export function sharedTarget(sections, params, hash) {
  const name = params.get("calc");
  const candidates = sections.filter((s) => s.dataset.calc === name);
  const fixedMatch = candidates.filter((s) =>
    [...s.querySelectorAll("form input[type=hidden]:not([data-reading])")].every(
      (f) => f instanceof HTMLInputElement && (!params.has(f.name) || params.get(f.name) === f.value),
    ),
  );
  const pool = fixedMatch.length ? fixedMatch : candidates;
  let id = "";
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    id = "";
  }
  return pool.find((s) => s.dataset.rule === id) || pool[0] || null;
}

/**
 * A part of a link the calculator did not take: its name, its value, and why when it was
 * refused (a reading it does not have, an option the reading does not know).
 * @typedef {[string, string] | [string, string, string]} LeftOut
 */

/**
 * Put a link's inputs into the calculator's form.
 * @param {HTMLElement} section
 * @param {URLSearchParams} params
 * @returns {LeftOut[]} the parameters the calculator does not take (tracking ones left out)
 */
export function applyParams(section, params) {
  /** @type {LeftOut[]} */
  const ignored = [];
  for (const [name, raw] of params) {
    if (name === "calc") continue;
    if (name.startsWith("reading.")) {
      const refused = applyReadingParam(section, name, raw);
      if (refused) ignored.push([name, raw, refused]);
      continue;
    }
    const input = section.querySelector(`form [name="${CSS.escape(name)}"]`);
    if (input instanceof HTMLInputElement && input.type === "hidden") continue; // fixed by the place
    if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) setValue(input, raw);
    else if (!isTracking(name)) ignored.push([name, raw]);
  }
  return ignored;
}

/**
 * Say, quietly, which parts of a link the calculator left out (or say nothing); a
 * reading the link asked for and could not have is said apart, with why.
 * @param {HTMLElement} section
 * @param {LeftOut[]} ignored
 */
export function showIgnored(section, ignored) {
  const box = section.querySelector(".sh-calc__notes");
  if (!(box instanceof HTMLElement)) return;
  if (!ignored.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const plain = ignored.filter((part) => part.length === 2);
  const refused = ignored.filter((part) => part.length === 3);
  const lines = [];
  if (plain.length) {
    const listed = plain.map(([name, value]) => `${shorten(name)}=${shorten(value)}`).join(", ");
    const what = plain.length === 1 ? "a part this calculator does not use" : "parts this calculator does not use";
    lines.push(el("p", "", `The link had ${what}, left out: ${listed}.`));
  }
  for (const [name, value, why] of refused) {
    lines.push(
      el(
        "p",
        "",
        `The link asks for the reading ${shorten(name)}=${shorten(value)}, refused: ${why}. The site's reading is used.`,
      ),
    );
  }
  box.replaceChildren(...lines);
  box.hidden = false;
}

/**
 * Back to the declared defaults before another link's inputs are applied.
 * @param {HTMLElement} section
 */
export function resetForm(section) {
  for (const extra of section.querySelectorAll("[data-from-url]")) extra.remove();
  section.querySelector("form")?.reset();
  resetReadings(section);
  showIgnored(section, []);
}

/**
 * @typedef {object} Place
 * @property {string} page the page's URL from the site root ("buildings/")
 * @property {string} rule the rule the calculator follows
 * @property {Record<string, string>} fixed the inputs its place fixes
 */

/**
 * Where each calculator is placed, from the build's manifest (cached offline).
 * @returns {Promise<Record<string, Place[]>>}
 */
async function places() {
  let response;
  try {
    response = await fetch(new URL("assets/py/manifest.json", SITE_ROOT));
  } catch {
    throw new Unreachable("no network");
  }
  // Only a site that answers "no such file" has no manifest; any other refusal may pass.
  if (response.status === 404 || response.status === 410) return {};
  if (!response.ok) throw new Unreachable(`HTTP ${response.status}`);
  const manifest = await response.json().catch(() => {
    throw new Unreachable("a manifest cut short");
  });
  return manifest && typeof manifest.places === "object" ? manifest.places : {};
}

/** The site could not be reached to read where the calculators are (try again later). */
export class Unreachable extends Error {}

/**
 * The page a link's calculator lives on, when it is not this one.
 * @param {URLSearchParams} params
 * @returns {Promise<URL | null>} the same link on that page, or null when no page has it
 * @throws {Unreachable} when the site could not be reached to find out
 */
export async function elsewhere(params) {
  const name = params.get("calc") || "";
  const known = (await places())[name];
  if (!Array.isArray(known) || !known.length) return null;
  const place =
    known.find((p) => Object.entries(p.fixed).every(([k, v]) => !params.has(k) || params.get(k) === v)) || known[0];
  const url = new URL(place.page, SITE_ROOT);
  url.search = params.toString();
  url.hash = place.rule;
  return url;
}
