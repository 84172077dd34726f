// @ts-check
// Scrollhammer Rules: a calculation's inputs in the URL, `?calc=NAME&input=value…#rule-id`.
//
// Reading a shared link into a form, writing the link that shares a form, and which
// calculator on the page a link means.
import { el } from "../site.mjs";

/**
 * Every named field of a calculator's form, as the strings Python will check.
 * @param {HTMLElement} section
 * @returns {Record<string, string>}
 */
export function formValues(section) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const field of section.querySelectorAll("form [name]")) {
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) out[field.name] = field.value;
  }
  return out;
}

/**
 * The link that opens this calculation: this page, the inputs, the rule it follows.
 * @param {HTMLElement} section
 */
export function shareUrl(section) {
  const url = new URL(window.location.href);
  url.search = "";
  url.searchParams.set("calc", section.dataset.calc || "");
  for (const [name, value] of Object.entries(formValues(section))) url.searchParams.set(name, value);
  url.hash = section.dataset.rule || "";
  return url.href;
}

/**
 * Set a field from a link; a value its list does not offer is added so Python can refuse it.
 * @param {HTMLElement} section
 * @param {string} name
 * @param {string} raw
 * @returns {boolean} whether the calculator has such a field
 */
function setValue(section, name, raw) {
  const field = section.querySelector(`form [name="${CSS.escape(name)}"]`);
  if (field instanceof HTMLSelectElement) {
    if (![...field.options].some((o) => o.value === raw)) {
      const option = el("option", "", raw === "" ? "(empty)" : raw);
      option.value = raw;
      option.dataset.fromUrl = "";
      field.append(option);
    }
    field.value = raw;
    return true;
  }
  if (field instanceof HTMLInputElement) {
    field.value = raw;
    return true;
  }
  return false;
}

/**
 * Which calculator a shared URL means: same name, then matching fixed inputs, then the
 * rule in the fragment.
 * @param {HTMLElement[]} sections
 * @param {URLSearchParams} params
 * @param {string} hash
 * @returns {HTMLElement | null}
 */
export function sharedTarget(sections, params, hash) {
  const name = params.get("calc");
  const candidates = sections.filter((s) => s.dataset.calc === name);
  const fixedMatch = candidates.filter((s) =>
    [...s.querySelectorAll("form input[type=hidden]")].every(
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
 * Put a link's inputs into the calculator's form.
 * @param {HTMLElement} section
 * @param {URLSearchParams} params
 */
export function applyParams(section, params) {
  const form = section.querySelector("form");
  if (!form) return;
  for (const [name, raw] of params) {
    if (name === "calc") continue;
    const field = section.querySelector(`form [name="${CSS.escape(name)}"]`);
    if (field instanceof HTMLInputElement && field.type === "hidden") continue; // fixed by the place
    if (!setValue(section, name, raw)) {
      // Not a field of this calculator: Python says so, by name.
      const extra = el("input");
      extra.type = "hidden";
      extra.name = name;
      extra.value = raw;
      extra.dataset.fromUrl = "";
      form.append(extra);
    }
  }
}

/**
 * Back to the declared defaults before another link's inputs are applied.
 * @param {HTMLElement} section
 */
export function resetForm(section) {
  for (const extra of section.querySelectorAll("[data-from-url]")) extra.remove();
  section.querySelector("form")?.reset();
}
