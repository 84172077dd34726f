// @ts-check
// Scrollhammer Rules: a calculator's state in the page — loading, errors, the answer.
//
// Reads only what the view schema names (types/view.d.ts, generated from the Python
// types in calculators/contract.py) and places text with textContent, never markup.
import { el, SITE_ROOT } from "../site.mjs";
import { engineFailure, engineState } from "./engine.mjs";

/** @typedef {import("../types/view").View} View */
/** @typedef {import("../types/view").Figure} Figure */
/** @typedef {import("../types/view").Chart} Chart */
/** @typedef {import("../types/view").Table} Table */
/** @typedef {import("../types/view").WorkingStep} WorkingStep */

/**
 * The URL of a rule given as "page#id".
 * @param {string} pageAndId
 */
export function ruleHref(pageAndId) {
  const [page, id] = String(pageAndId).split("#");
  const url = new URL(`${page}/`, SITE_ROOT);
  url.hash = id || "";
  return url.href;
}

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
 * Show the engine's state (starting, failed, calculating) in the section's status line.
 * @param {HTMLElement} section
 */
export function showStatus(section) {
  const status = part(section, ".sh-calc__status-text");
  const box = part(section, ".sh-calc__status");
  let bar = box.querySelector("progress");
  const state = engineState();
  if (state === "loading") {
    status.textContent = "Starting the calculator (first visit only)… you can fill in the form meanwhile.";
    if (!bar) {
      bar = el("progress", "sh-calc__progress");
      bar.setAttribute("aria-label", "Starting the calculator");
      box.prepend(bar);
    }
  } else {
    if (bar) bar.remove();
    if (state === "failed") {
      status.textContent = `The calculator could not start (${engineFailure()}). The rules on this page are not affected.`;
      box.classList.add("sh-calc__status--failed");
    } else if (state === "ready") {
      status.textContent = section.dataset.computing ? "Calculating…" : "";
    }
  }
  box.hidden = !status.textContent && !bar;
}

/** @param {HTMLElement} section */
export function clearErrors(section) {
  for (const box of section.querySelectorAll(".sh-calc__error")) {
    if (!(box instanceof HTMLElement)) continue;
    box.hidden = true;
    box.textContent = "";
  }
  for (const field of section.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
}

/**
 * Clear the shown answer (the inputs changed into something Python refused).
 * @param {HTMLElement} section
 */
function clearResult(section) {
  const result = part(section, ".sh-calc__result");
  result.hidden = true;
  result.replaceChildren();
  result.removeAttribute("data-result");
  part(section, ".sh-calc__roll").hidden = true;
}

/**
 * Show Python's messages under the fields they name, the rest above the form's end.
 * @param {HTMLElement} section
 * @param {Record<string, string>} errors field name ("" for none) → message
 */
export function showErrors(section, errors) {
  clearErrors(section);
  const formError = part(section, ".sh-calc__error--form");
  const general = [];
  for (const [name, message] of Object.entries(errors)) {
    const field = name ? section.querySelector(`form [name="${CSS.escape(name)}"]`) : null;
    const box =
      field instanceof HTMLElement && field.getAttribute("type") !== "hidden"
        ? section.querySelector(`#${CSS.escape(field.id)}-error`)
        : null;
    if (field instanceof HTMLElement && box instanceof HTMLElement) {
      box.textContent = message;
      box.hidden = false;
      field.setAttribute("aria-invalid", "true");
    } else {
      general.push(message);
    }
  }
  if (general.length) {
    formError.textContent = general.join(" ");
    formError.hidden = false;
  }
  clearResult(section);
  const status = part(section, ".sh-calc__status-text");
  const messages = Object.values(errors);
  status.textContent =
    messages.length === 1 ? `One value needs fixing: ${messages[0]}` : `${messages.length} values need fixing.`;
  part(section, ".sh-calc__status").hidden = false;
}

/**
 * One figure as a term and its value; the exact fraction beside it.
 * @param {Figure} figure
 * @param {string} className
 * @returns {HTMLElement[]}
 */
function figureNodes(figure, className) {
  const dt = el("dt", className);
  if (figure.rule) {
    const link = el("a", "", figure.label);
    link.href = ruleHref(figure.rule);
    dt.append(link);
  } else {
    dt.textContent = figure.label;
  }
  const dd = el("dd", className);
  dd.append(el("strong", "", figure.text));
  if (figure.exact !== null) dd.append(" ", el("span", "sh-calc__fraction", figure.exact));
  return [dt, dd];
}

/**
 * @param {Chart} chart
 * @returns {HTMLElement}
 */
function chartNode(chart) {
  const figure = el("figure", "sh-calc__bars");
  figure.append(el("figcaption", "", chart.caption));
  const list = el("ul", "sh-calc__bar-list");
  for (const bar of chart.bars) {
    const row = el("li", "sh-calc__bar-row");
    const track = el("span", "sh-calc__bar-track");
    const fill = el("span", "sh-calc__bar-fill");
    fill.style.width = `${(Math.max(0, Math.min(1, bar.share)) * 100).toFixed(1)}%`;
    track.append(fill);
    row.append(el("span", "sh-calc__bar-label", bar.label), track, el("span", "sh-calc__bar-value", bar.text));
    if (bar.exact !== null) row.append(el("span", "sh-calc__fraction", bar.exact));
    list.append(row);
  }
  figure.append(list);
  return figure;
}

/**
 * @param {Table} table
 * @returns {HTMLElement}
 */
function tableNode(table) {
  const wrap = el("div", "sh-calc__table-wrap");
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", table.caption);
  wrap.tabIndex = 0;
  const t = el("table", "sh-calc__table");
  t.append(el("caption", "", table.caption));
  const head = el("tr");
  for (const column of table.columns) {
    const th = el("th", "", column);
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  for (const row of table.rows) {
    const tr = el("tr");
    row.forEach((cell, i) => {
      const td = el(i === 0 ? "th" : "td", "", cell);
      if (td instanceof HTMLTableCellElement && i === 0) td.scope = "row";
      tr.append(td);
    });
    tbody.append(tr);
  }
  t.append(thead, tbody);
  wrap.append(t);
  return wrap;
}

/**
 * @param {readonly WorkingStep[]} steps
 * @returns {HTMLElement}
 */
function workingNode(steps) {
  const details = el("details", "sh-calc__working");
  details.append(el("summary", "", "Working, rule by rule"));
  const list = el("ol");
  for (const step of steps) {
    const item = el("li", "", `${step.text} `);
    const link = el("a", "", "Rule");
    link.href = ruleHref(step.rule);
    link.setAttribute("aria-label", `The rule: ${step.rule.split("#")[1] || step.rule}`);
    item.append(link);
    list.append(item);
  }
  details.append(list);
  return details;
}

/**
 * Show an answer: the view, and the result's JSON for Copy as JSON and the tests.
 * @param {HTMLElement} section
 * @param {View} view
 * @param {unknown} result the calculator's result, as JSON data (never read here)
 */
export function showResult(section, view, result) {
  clearErrors(section);
  const box = part(section, ".sh-calc__result");
  const summary = el("dl", "sh-calc__summary");
  summary.append(...figureNodes(view.headline, "sh-calc__headline"));
  for (const figure of view.figures) summary.append(...figureNodes(figure, ""));
  box.replaceChildren(summary, ...view.charts.map(chartNode), ...view.tables.map(tableNode), workingNode(view.working));
  box.dataset.result = JSON.stringify(result);
  box.hidden = false;
}
