// @ts-check
// Scrollhammer Rules: a calculator's state in the page — loading, errors, the answer.
//
// Reads only what the view schema names (types/protocol.d.ts, generated from the Python
// types in calculators/contract.py) and places text with textContent, never markup.
// The answer bar (what was asked, the headline, why) sits above the form and stays in
// view while the player edits; the rest of the answer follows the form.
//
// The build renders each calculator's answer for the form as the page comes with this
// module (build_scripts/finish/first_answers), so the page is painted in its final layout:
// while Python starts, an answer that is still the form's says nothing more, and one the
// form has left (a link's values, the player's edit) is shown as stale until Python answers.
import { el } from "../site.mjs";
import { chartNode, figuresNode, fractionNodes, labelNode, tableNode, workingNode } from "./answer-parts.mjs";
import { engineFailure, engineState, engineStopped } from "./engine.mjs";
import { showReadings } from "./readings.mjs";
import { formValues } from "./url-state.mjs";

/** @typedef {import("../types/protocol").View} View */

/**
 * An element of the calculator section (every one the template makes exists).
 * @template {HTMLElement} T
 * @param {HTMLElement} section
 * @param {string} selector
 * @returns {T}
 */
export function part(section, selector) {
  const found = section.querySelector(selector);
  if (!found) throw new Error(`calculator markup is missing ${selector}`);
  return /** @type {T} */ (found);
}

/**
 * A form field of the section by its input name (hidden fixed inputs included).
 * @param {HTMLElement} section
 * @param {string} name
 * @returns {HTMLInputElement | HTMLSelectElement | null}
 */
export function field(section, name) {
  const found = section.querySelector(`form [name="${CSS.escape(name)}"]`);
  return found instanceof HTMLInputElement || found instanceof HTMLSelectElement ? found : null;
}

/**
 * Whether the answer shown is the one for the form's values as they are now (the build's,
 * for the form as the page came, or Python's last).
 * @param {HTMLElement} section
 */
export function answerIsCurrent(section) {
  const result = part(section, ".sh-calc__result");
  return !result.hidden && section.dataset.shownFor === JSON.stringify(formValues(section));
}

/**
 * Show the engine's state (starting, failed, calculating) in the answer bar; nothing while
 * it starts or calculates under an answer that is already the form's (the layout stays),
 * but for Data Saver's note.
 * @param {HTMLElement} section
 */
export function showStatus(section) {
  if (section.dataset.errors) return; // the list of values to fix stays until they are fixed
  const status = part(section, ".sh-calc__status-text");
  const box = part(section, ".sh-calc__status");
  let bar = box.querySelector("progress");
  const state = engineState();
  const failed = state === "failed";
  const current = answerIsCurrent(section);
  // An answer the form has left, while Python cannot answer yet: shown as no longer the form's.
  section.classList.toggle(
    "sh-calc--stale",
    !current && state !== "ready" && !part(section, ".sh-calc__result").hidden,
  );
  // Why, for whoever looks into it; the player reads what it means for them, and may try again.
  box.classList.toggle("sh-calc__status--failed", failed);
  part(section, "[data-action='retry']").hidden = !failed;
  // Data Saver's note stays: it says what touching the calculator will download.
  if (current && !failed && !section.dataset.waiting) {
    bar?.remove();
    status.textContent = "";
    box.hidden = true;
    return;
  }
  if (state === "loading") {
    status.textContent = section.dataset.waiting || "Starting the calculator… you can fill in the form meanwhile.";
    if (!bar) {
      bar = el("progress", "sh-calc__progress");
      bar.setAttribute("aria-label", "Starting the calculator");
      box.prepend(bar);
    }
  } else {
    if (bar) bar.remove();
    if (failed) {
      box.dataset.reason = engineFailure();
      status.textContent = `${
        engineStopped()
          ? "The calculator stopped working twice on this phone."
          : "The calculator could not start on this phone."
      } The rules on this page are not affected.`;
    } else if (state === "idle") {
      status.textContent = section.dataset.waiting || status.textContent;
    } else {
      status.textContent = section.dataset.computing ? "Calculating…" : "";
    }
  }
  box.hidden = !status.textContent && !bar;
}

/** @param {HTMLElement} section */
export function clearErrors(section) {
  delete section.dataset.errors;
  for (const box of section.querySelectorAll(".sh-calc__error")) {
    if (!(box instanceof HTMLElement)) continue;
    box.hidden = true;
    box.textContent = "";
  }
  for (const invalid of section.querySelectorAll("[aria-invalid]")) invalid.removeAttribute("aria-invalid");
}

/**
 * Hide the answer: the inputs changed into something Python refused.
 * @param {HTMLElement} section
 */
function clearAnswer(section) {
  for (const selector of [
    ".sh-calc__asked",
    ".sh-calc__headline",
    ".sh-calc__why",
    ".sh-calc__readings",
    ".sh-calc__roll",
  ]) {
    part(section, selector).hidden = true;
  }
  const result = part(section, ".sh-calc__result");
  result.hidden = true;
  result.replaceChildren();
  result.removeAttribute("data-result");
  delete section.dataset.shownFor;
}

/**
 * Show Python's messages once, under the fields they name (a field a link set but the
 * form hides is shown again), and list the fields to fix in the answer bar.
 * @param {HTMLElement} section
 * @param {Record<string, string>} errors field name ("" for none) → message
 */
export function showErrors(section, errors) {
  clearErrors(section);
  clearAnswer(section);
  const formError = part(section, ".sh-calc__error--form");
  /** @type {string[]} */
  const general = [];
  /** @type {HTMLElement[]} */
  const links = [];
  for (const [name, message] of Object.entries(errors)) {
    const input = name ? field(section, name) : null;
    const box = input && input.type !== "hidden" ? section.querySelector(`#${CSS.escape(input.id)}-error`) : null;
    if (input && box instanceof HTMLElement) {
      box.textContent = message;
      box.hidden = false;
      input.setAttribute("aria-invalid", "true");
      const wrap = input.closest(".sh-calc__field");
      if (wrap instanceof HTMLElement) wrap.hidden = false;
      const label = section.querySelector(`label[for="${CSS.escape(input.id)}"]`);
      const link = el("a", "", label?.textContent || name);
      link.href = `#${input.id}`; // rule-links.mjs focuses a field a same-page link names
      links.push(link);
    } else {
      general.push(message);
    }
  }
  if (general.length) {
    formError.textContent = general.join(" ");
    formError.hidden = false;
  }
  section.dataset.errors = "1";
  const status = part(section, ".sh-calc__status-text");
  const count = links.length;
  if (count) {
    const lead = count === 1 ? "One value needs fixing: " : `${count} values need fixing: `;
    /** @type {(Node | string)[]} */
    const parts = [lead];
    links.forEach((link, i) => {
      if (i) parts.push(", ");
      parts.push(link);
    });
    parts.push(".");
    status.replaceChildren(...parts);
  } else {
    status.textContent = general.join(" ");
  }
  part(section, ".sh-calc__status").hidden = false;
}

/**
 * The button that shows or hides the exact fractions (they settle disputes; percentages read faster).
 * @param {HTMLElement} section
 */
function exactToggle(section) {
  const shown = Boolean(section.dataset.exact);
  const button = el("button", "md-button sh-calc__exact", shown ? "Hide exact fractions" : "Show exact fractions");
  button.type = "button";
  button.dataset.action = "exact";
  button.setAttribute("aria-pressed", String(shown));
  return button;
}

/**
 * Show or hide the exact fractions of every figure of the section.
 * @param {HTMLElement} section
 */
export function toggleExact(section) {
  if (section.dataset.exact) delete section.dataset.exact;
  else section.dataset.exact = "1";
  const button = section.querySelector("[data-action='exact']");
  if (button) button.replaceWith(exactToggle(section));
}

/**
 * Hide the fields that change nothing for these values (never one that shows an error).
 * @param {HTMLElement} section
 * @param {readonly string[]} unused
 */
function showFields(section, unused) {
  for (const wrap of section.querySelectorAll(".sh-calc__field")) {
    if (!(wrap instanceof HTMLElement)) continue;
    const name = wrap.dataset.field || "";
    wrap.hidden = unused.includes(name) && !wrap.querySelector("[aria-invalid]");
  }
}

/**
 * Show an answer: the answer bar, the rest of the view, and the result's JSON (what the
 * command line's --json prints, which the tests read).
 * @param {HTMLElement} section
 * @param {View} view
 * @param {unknown} result the calculator's result, as JSON data (never read here)
 * @param {Record<string, string>} inputs the form's values it answers
 */
export function showResult(section, view, result, inputs) {
  clearErrors(section);
  section.dataset.shownFor = JSON.stringify(inputs);
  section.classList.remove("sh-calc--stale");
  part(section, ".sh-calc__asked-text").textContent = view.asked;
  part(section, ".sh-calc__asked").hidden = false;
  const headline = part(section, ".sh-calc__headline");
  headline.replaceChildren(labelNode(view.headline), ": ", el("strong", "", view.headline.text));
  headline.append(...fractionNodes(view.headline.exact));
  headline.hidden = false;
  const why = part(section, ".sh-calc__why");
  why.textContent = view.why || "";
  why.hidden = !view.why;
  showReadings(section, view.readings || []);

  const box = part(section, ".sh-calc__result");
  /** @type {HTMLElement[]} */
  const nodes = [];
  if (view.figures.length) nodes.push(figuresNode(view.figures));
  nodes.push(...view.charts.map(chartNode), ...view.tables.map(tableNode));
  if (section.querySelector(".sh-calc__fraction") || nodes.some((n) => n.querySelector(".sh-calc__fraction"))) {
    nodes.push(exactToggle(section));
  }
  nodes.push(workingNode(view.working));
  box.replaceChildren(...nodes);
  box.dataset.result = JSON.stringify(result);
  box.dataset.asked = view.asked;
  box.dataset.headline = `${view.headline.label}: ${view.headline.text}`;
  box.hidden = false;
  showFields(section, view.unused);
  part(section, "[data-action='roll']").hidden = !view.can_roll;
  if (!view.can_roll) part(section, ".sh-calc__roll").hidden = true;
}
