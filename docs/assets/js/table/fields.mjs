// @ts-check
// Scrollhammer Rules: the table page's small form pieces: a labelled control, a field's inline
// error, a whole-number field that shows again what was refused, a link.
import { el } from "../site.mjs";
import { keepDraft, ui } from "./state.mjs";

/**
 * A text field for a whole number, showing what was typed there if it was refused.
 * @param {string} id
 */
export function numberField(id) {
  const input = el("input");
  input.id = id;
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.value = ui.typed[id] ?? "";
  keepDraft(input);
  return input;
}

/**
 * A whole number as typed, or NaN (which the model refuses, naming the range).
 * @param {HTMLInputElement} input
 */
export function wholeNumber(input) {
  return /^\d+$/.test(input.value.trim()) ? Number(input.value) : Number.NaN;
}

/**
 * @param {string} href
 * @param {string} text
 * @param {string} [className]
 */
export function link(href, text, className = "") {
  const a = el("a", className, text);
  a.href = href;
  return a;
}

/**
 * A field's inline error (empty and hidden when there is none).
 * @param {string} id
 */
export function errorFor(id) {
  const p = el("p", "sh-table__error", ui.fieldErrors[id] || "");
  p.id = `${id}-error`;
  p.hidden = !ui.fieldErrors[id];
  return p;
}

/**
 * A labelled control.
 * @param {string} id
 * @param {string} text
 * @param {HTMLElement} control
 */
export function field(id, text, control) {
  const wrap = el("div", "sh-field");
  const label = el("label", "", text);
  label.htmlFor = id;
  wrap.append(label, control);
  return wrap;
}
