// @ts-check
// Scrollhammer Rules: the parts of a calculator's answer, built from the view: its figures,
// charts (bars), tables and working, each line linked to its rule. Text is placed with
// textContent, never markup; render.mjs puts the parts in the section.
import { el, SITE_ROOT } from "../site.mjs";

/** @typedef {import("../types/protocol").Figure} Figure */
/** @typedef {import("../types/protocol").Chart} Chart */
/** @typedef {import("../types/protocol").Table} Table */
/** @typedef {import("../types/protocol").WorkingStep} WorkingStep */

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
 * The exact fraction of a figure, shown only when the player asks for exact values.
 * @param {string | null} exact
 * @returns {HTMLElement[]}
 */
export function fractionNodes(exact) {
  return exact === null ? [] : [el("span", "sh-calc__fraction", exact)];
}

/**
 * A figure's label: a link to its rule when it has one.
 * @param {Figure} figure
 * @returns {HTMLElement | string}
 */
export function labelNode(figure) {
  if (!figure.rule) return figure.label;
  const link = el("a", "", figure.label);
  link.href = ruleHref(figure.rule);
  return link;
}

/**
 * @param {readonly Figure[]} figures
 * @returns {HTMLElement}
 */
export function figuresNode(figures) {
  const list = el("dl", "sh-calc__figures");
  for (const figure of figures) {
    const dt = el("dt");
    dt.append(labelNode(figure));
    const dd = el("dd");
    dd.append(el("strong", "", figure.text), ...fractionNodes(figure.exact));
    list.append(dt, dd);
  }
  return list;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A bar's track and its fill, drawn in SVG: a share is an attribute of the drawing, not a
 * style, so the answer the build renders into the page (where the CSP allows no style
 * attribute) draws its bars as the page's script does.
 * @param {number} share 0 to 1
 * @returns {SVGSVGElement}
 */
export function barTrack(share) {
  const track = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, "svg"));
  track.setAttribute("class", "sh-calc__bar-track");
  track.setAttribute("viewBox", "0 0 100 1");
  track.setAttribute("preserveAspectRatio", "none");
  track.setAttribute("aria-hidden", "true");
  const fill = document.createElementNS(SVG, "rect");
  fill.setAttribute("class", "sh-calc__bar-fill");
  fill.setAttribute("width", (Math.max(0, Math.min(1, share)) * 100).toFixed(1));
  fill.setAttribute("height", "1");
  track.append(fill);
  return track;
}

/**
 * @param {Chart} chart
 * @returns {HTMLElement}
 */
export function chartNode(chart) {
  const figure = el("figure", "sh-calc__bars");
  figure.append(el("figcaption", "", chart.caption));
  const list = el("ul", "sh-calc__bar-list");
  for (const bar of chart.bars) {
    const row = el("li", "sh-calc__bar-row");
    const track = barTrack(bar.share);
    const value = el("span", "sh-calc__bar-value", bar.text);
    value.append(...fractionNodes(bar.exact));
    row.append(el("span", "sh-calc__bar-label", bar.label), track, value);
    list.append(row);
  }
  figure.append(list);
  return figure;
}

/**
 * @param {Table} table
 * @returns {HTMLElement}
 */
export function tableNode(table) {
  const wrap = el("div", "sh-calc__table-wrap");
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", table.caption);
  wrap.tabIndex = 0;
  const t = el("table", "sh-calc__table");
  t.append(el("caption", "", table.caption));
  const head = el("tr");
  for (const column of table.columns) {
    const th = el("th", "", column);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  for (const row of table.rows) {
    const tr = el("tr");
    row.forEach((cell, i) => {
      if (i === 0) {
        const th = el("th", "", cell);
        th.setAttribute("scope", "row");
        tr.append(th);
      } else {
        tr.append(el("td", "", cell));
      }
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
export function workingNode(steps) {
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
