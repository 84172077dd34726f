// @ts-check
// Scrollhammer Rules: readings in a calculator, where the rules are silent.
//
// Each reading a calculator declares is a hidden field of its form (`reading.ID`, empty
// for the site's reading), so a calculation's link carries the readings it used. The
// answer names the reading it took and, beside it, the answer under each other option
// (Python computes both in the same request); one tap makes another reading the
// calculation's. A reading's option comes from a link, the player's tap, or the table.
import { el, SITE_ROOT } from "../site.mjs";

/** @typedef {import("../types/protocol").ReadingView} ReadingView */

/** Where a reading's option came from, as the answer says it. */
const SAID = {
  link: "as the link reads it",
  table: "as your table reads it",
  chosen: "as you chose",
};

/**
 * The hidden field of reading `id` in this calculator's form, or null.
 * @param {HTMLElement} section
 * @param {string} id
 * @returns {HTMLInputElement | null}
 */
export function readingField(section, id) {
  for (const input of section.querySelectorAll("form input[data-reading]")) {
    if (input instanceof HTMLInputElement && input.dataset.reading === id) return input;
  }
  return null;
}

/**
 * The options of a reading's field.
 * @param {HTMLInputElement} input
 */
function options(input) {
  return (input.dataset.options || "").split(" ").filter(Boolean);
}

/**
 * Set a reading's option, saying where it came from.
 * @param {HTMLInputElement} input
 * @param {string} option
 * @param {"link" | "table" | "chosen"} source
 */
export function setReading(input, option, source) {
  input.value = option;
  input.dataset.source = source;
}

/**
 * Every reading back to the site's (before another link is applied).
 * @param {HTMLElement} section
 */
export function resetReadings(section) {
  for (const input of section.querySelectorAll("form input[data-reading]")) {
    if (!(input instanceof HTMLInputElement)) continue;
    input.value = "";
    delete input.dataset.source;
  }
}

/**
 * Make another option of a reading the calculation's (the player tapped it).
 * @param {HTMLElement} section
 * @param {string} id
 * @param {string} option
 */
export function useReading(section, id, option) {
  const input = readingField(section, id);
  if (!input || !options(input).includes(option)) return;
  setReading(input, option, "chosen");
  section.querySelector("form")?.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * A link to a reading on the page "Where the rules are silent".
 * @param {string} id
 * @param {string} text
 */
function readingLink(id, text) {
  const link = el("a", "", text);
  link.href = new URL(`readings/#${encodeURIComponent(id)}`, SITE_ROOT).href;
  return link;
}

/**
 * Show the readings the answer depends on: the one used, and each other's answer.
 * @param {HTMLElement} section
 * @param {readonly ReadingView[]} views
 */
export function showReadings(section, views) {
  const box = section.querySelector(".sh-calc__readings");
  if (!(box instanceof HTMLElement)) return;
  const nodes = views.map((view) => {
    const input = readingField(section, view.id);
    const source = /** @type {keyof typeof SAID | undefined} */ (input?.dataset.source);
    const said = source && source in SAID ? SAID[source] : "";
    const whose = view.option === view.default ? "the site's reading" : "not the site's reading";
    const item = el("div", "sh-calc__reading");
    item.dataset.reading = view.id;
    const used = el("p", "sh-calc__reading-used");
    used.append(
      readingLink(view.id, "Where the rules are silent"),
      ": ",
      el("em", "", view.words),
      ` (${whose}${said ? `, ${said}` : ""}).`,
    );
    item.append(used);
    for (const other of view.others) {
      const line = el("p", "sh-calc__reading-other");
      line.dataset.option = other.option;
      const site = other.option === view.default ? " (the site's reading)" : "";
      line.append("Read as ", el("em", "", other.words), `${site}: `, el("strong", "", other.change), " ");
      const button = el("button", "md-button sh-calc__use-reading", "Use this reading");
      button.type = "button";
      button.addEventListener("click", () => useReading(section, view.id, other.option));
      button.setAttribute("aria-label", `Use this reading: ${other.words}`);
      line.append(button);
      item.append(line);
    }
    return item;
  });
  box.replaceChildren(...nodes);
  box.hidden = !nodes.length;
}
