// @ts-check
// Scrollhammer Rules: the in-page calculators.
//
// One generic binder for every calculator form the build generated from a calculator's
// input declaration: it sends the form's values to Python as data and shows the answer.
// Beside it, one job each: actions.mjs (Roll it, Copy link, Share…), calculation-links.mjs
// (a calculation's link, arrived at or followed in the page), python-start.mjs (when Python
// starts).
import { onEveryPage } from "../site.mjs";
import { act } from "./actions.mjs";
import { arriveWithLink, start as startLinks } from "./calculation-links.mjs";
import { compute, keepSnapshot, onEngineChange, retryEngine } from "./engine.mjs";
import { startWhenDue } from "./python-start.mjs";
import { part, showErrors, showResult, showStatus } from "./render.mjs";
import { formValues, showIgnored } from "./url-state.mjs";

const DEBOUNCE_MS = 150;

/**
 * Ask Python for this section's answer and show it (a newer input wins a race).
 * @param {HTMLElement} section
 */
async function update(section) {
  const ticket = (Number(section.dataset.ticket) || 0) + 1;
  section.dataset.ticket = String(ticket);
  section.dataset.computing = "1";
  showStatus(section);
  const inputs = formValues(section);
  let answer;
  try {
    answer = await compute(section.dataset.calc || "", inputs);
  } catch {
    delete section.dataset.computing;
    showStatus(section);
    return;
  }
  if (String(ticket) !== section.dataset.ticket) return;
  delete section.dataset.computing;
  if ("errors" in answer) showErrors(section, answer.errors);
  else {
    showResult(section, answer.view, answer.result, inputs);
    showStatus(section);
  }
  section.dispatchEvent(new CustomEvent("sh-calc:answered", { bubbles: true }));
  // The answer is in: the search may build its index now (search-later.js).
  window.scrollhammerSearch?.start();
  keepSnapshot(); // for the next page, at once: a player may open another a second later
}

/** @param {HTMLElement} section */
function bind(section) {
  if (section.dataset.bound) return;
  section.dataset.bound = "1";
  let timer = 0;
  const form = part(section, "form");
  const later = () => {
    section.dataset.used = "1"; // a used calculator prints its inputs and answer (rules.css, print)
    showIgnored(section, []); // the player has taken over from the link
    window.clearTimeout(timer);
    timer = window.setTimeout(() => update(section), DEBOUNCE_MS);
  };
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update(section);
  });
  section.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
    if (!(button instanceof HTMLButtonElement)) return;
    if (button.dataset.action === "retry") tryAgain();
    else act(section, button.dataset.action || "");
  });
  onEngineChange(() => showStatus(section));
  if (typeof navigator.share === "function") part(section, "[data-action='share']").hidden = false;
  showStatus(section);
}

/** The player's Try again, after the calculator failed twice: Python once more, then every calculator's answer. */
function tryAgain() {
  retryEngine();
  for (const section of document.querySelectorAll("section.sh-calc")) {
    if (section instanceof HTMLElement && section.dataset.bound) update(section);
  }
}

/**
 * Once a shared calculation has its answer, show it: the calculator from its top, so the
 * answer bar shows what was asked, the answer and why, with the form as the link set it.
 * @param {HTMLElement} section
 */
function showAnswerWhenReady(section) {
  section.addEventListener("sh-calc:answered", () => section.scrollIntoView({ block: "start" }), { once: true });
}

function onPage() {
  const sections = [...document.querySelectorAll("section.sh-calc")].filter((s) => s instanceof HTMLElement);
  const shared = arriveWithLink(sections);
  if (!sections.length) return;
  sections.forEach(bind);
  if (shared) shared.dataset.used = "1";
  startWhenDue(sections, () => {
    if (shared) showAnswerWhenReady(shared);
    for (const section of sections) update(section);
  });
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(onPage);
  startLinks((section) => {
    section.dataset.used = "1";
    showAnswerWhenReady(section);
    update(section);
  });
}
