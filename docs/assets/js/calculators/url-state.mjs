// @ts-check
// Scrollhammer Rules: a calculation's inputs in the URL, `?calc=NAME&input=value…#rule-id`.
//
// Reading a shared link into a form, writing the link that shares a form, and which
// calculator (on this page or another) a link means. A link that went through a
// messenger keeps working: parameters a calculator does not take never block its answer.
import { el, SITE_ROOT } from "../site.mjs";
import { isTracking, leftOutSentences, placeFor, shorten, sortLink } from "./link-parts.mjs";
import { readingField, resetReadings, setReading } from "./readings.mjs";

export { isTracking, shorten };

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

/** @typedef {import("./link-parts.mjs").LeftOut} LeftOut */

/**
 * A calculator's form as a link meets it: the fields a link sets, those its place fixes,
 * and each reading's options.
 * @param {HTMLElement} section
 * @returns {import("./link-parts.mjs").FormShape}
 */
function formShape(section) {
  const shape = { fields: new Set(), fixed: new Set(), readings: new Map() };
  for (const input of section.querySelectorAll("form [name]")) {
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) continue;
    if (input instanceof HTMLInputElement && input.dataset.reading !== undefined) {
      shape.readings.set(input.dataset.reading, (input.dataset.options || "").split(" ").filter(Boolean));
    } else if (input instanceof HTMLInputElement && input.type === "hidden") shape.fixed.add(input.name);
    else shape.fields.add(input.name);
  }
  return shape;
}

/**
 * Put a link's inputs into the calculator's form.
 * @param {HTMLElement} section
 * @param {URLSearchParams} params
 * @returns {LeftOut[]} the parameters the calculator does not take (tracking ones left out)
 */
export function applyParams(section, params) {
  const { values, readings, leftOut } = sortLink(params, formShape(section));
  for (const [name, raw] of values) {
    const input = section.querySelector(`form [name="${CSS.escape(name)}"]`);
    if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) setValue(input, raw);
  }
  for (const [id, option] of readings) {
    const input = readingField(section, id);
    if (input) setReading(input, option, "link");
  }
  return leftOut;
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
  const lines = leftOutSentences(ignored).map((sentence) => el("p", "", sentence));
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

/** @typedef {import("./link-parts.mjs").Place} Place */

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
  const place = placeFor((await places())[name], params);
  if (!place) return null;
  const url = new URL(place.page, SITE_ROOT);
  url.search = params.toString();
  url.hash = place.rule;
  return url;
}
