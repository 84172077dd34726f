// Scrollhammer Rules: each calculator's first answer, rendered into its page by the page's
// own renderer (the site's assets/js/calculators/render.mjs), in a DOM of linkedom's.
//
//   node render.mjs values <spec.json>   prints {"values": {page: {section id: the form's values}}}
//   node render.mjs render <spec.json>   rewrites the pages; prints {"rendered": n}
//
// spec.json: {"site": the built site, "pages": [page file from the site root, …]} and, to
// render, "answers": {page: {section id: {"inputs", "view", "result"}}} (Python's, for the
// values the first call read) and "tables": {page: the page's table data, or null}. A page
// changes only inside its calculators' sections: the answer, and the choice of the table's
// pieces where the table fills the calculator in (as for a player with no table yet,
// table/calculators.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HTMLSelectElement, parseHTML } from "linkedom";

/** A calculator's section as the template writes it (it holds no other section). */
const SECTION = /<section class="sh-calc"[\s\S]*?<\/section>/g;

const [mode, specFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, "utf8"));
const site = path.resolve(spec.site);

// The globals the page's modules use, from one linkedom window.
const { window } = parseHTML("<!doctype html><html><head></head><body></body></html>");
globalThis.window = window;
for (const name of ["document", "HTMLElement", "HTMLInputElement", "HTMLSelectElement", "Element", "Node"]) {
  globalThis[name] = window[name];
}
// linkedom's select has no value to set: as the standard's, the option of that value is chosen.
Object.defineProperty(HTMLSelectElement.prototype, "value", {
  get() {
    const chosen = this.querySelector("option[selected]") || this.querySelector("option");
    return chosen ? (chosen.getAttribute("value") ?? chosen.textContent) : "";
  },
  set(value) {
    const options = [...this.querySelectorAll("option")];
    const chosen = options.find((o) => (o.getAttribute("value") ?? o.textContent) === String(value));
    for (const option of options) option.toggleAttribute("selected", option === chosen);
  },
});
// Only CSS.escape is used, for ids and names the template writes.
globalThis.CSS = { escape: (text) => String(text).replace(/[^\w-]/g, (c) => `\\${c}`) };
const modules = pathToFileURL(path.join(site, "assets/js/calculators/")).href;
const { part, showResult, showStatus } = await import(`${modules}render.mjs`);
const { formValues } = await import(`${modules}url-state.mjs`);
const table = pathToFileURL(path.join(site, "assets/js/table/")).href;
const { addPicker } = await import(`${table}calculators.mjs`);
const { emptyTable } = await import(`${table}model.mjs`);
const siteRoot = pathToFileURL(`${site}/`).href;

/**
 * Each calculator section of a page, parsed on its own, its attributes kept in the order
 * the template wrote them (linkedom puts one set later first), the new ones after them.
 * @param {string} html
 * @param {(section: HTMLElement, id: string) => void} visit
 */
function eachSection(html, visit) {
  return html.replace(SECTION, (text) => {
    const { document } = parseHTML(`<!doctype html><html><body>${text}</body></html>`);
    globalThis.document = document;
    const section = /** @type {HTMLElement} */ (document.querySelector("section"));
    const written = new Map([section, ...section.querySelectorAll("*")].map((e) => [e, e.getAttributeNames()]));
    visit(section, section.id);
    for (const element of [section, ...section.querySelectorAll("*")]) {
      const now = element.getAttributeNames();
      const before = (written.get(element) || []).filter((name) => now.includes(name));
      const order = [...before, ...now.filter((name) => !before.includes(name)).reverse()];
      const values = order.map((name) => [name, element.getAttribute(name) || ""]);
      for (const name of now) element.removeAttribute(name);
      for (const [name, value] of values.reverse()) element.setAttribute(name, value);
    }
    return section.outerHTML;
  });
}

/**
 * The page's links as the page writes them: relative to the page (the modules build them
 * from the site's root, here a file: URL).
 * @param {HTMLElement} section
 * @param {string} page
 */
function relativeLinks(section, page) {
  const from = path.posix.dirname(page);
  for (const link of section.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href") || "";
    if (!href.startsWith(siteRoot)) continue;
    const [where, hash] = href.slice(siteRoot.length).split("#");
    let relative = path.posix.relative(from, where || ".") || ".";
    if (where.endsWith("/") || !where) relative += "/";
    link.setAttribute("href", `${relative}${hash === undefined ? "" : `#${hash}`}`);
  }
}

const out = {};
let rendered = 0;
for (const page of spec.pages) {
  const file = path.join(site, page);
  const html = readFileSync(file, "utf8");
  if (mode === "values") {
    const values = {};
    eachSection(html, (section, id) => {
      values[id] = { calc: section.dataset.calc, inputs: formValues(section) };
    });
    out[page] = values;
    continue;
  }
  const answers = spec.answers[page] || {};
  const feeding = spec.tables[page];
  const written = eachSection(html, (section, id) => {
    const answer = answers[id];
    if (!answer) throw new Error(`${page}: no first answer for #${id}`);
    const now = JSON.stringify(formValues(section));
    if (now !== JSON.stringify(answer.inputs)) throw new Error(`${page}: #${id}'s form reads ${now} now`);
    showResult(section, answer.view, answer.result, answer.inputs);
    showStatus(section);
    if (feeding?.feeds?.[section.dataset.calc || ""]) addPicker(section, feeding, emptyTable());
    // Python's own answer on the phone is what "data-result" says (the tests wait for it).
    part(section, ".sh-calc__result").removeAttribute("data-result");
    relativeLinks(section, page);
    rendered += 1;
  });
  writeFileSync(file, written);
}
process.stdout.write(JSON.stringify(mode === "values" ? { values: out } : { rendered }));
