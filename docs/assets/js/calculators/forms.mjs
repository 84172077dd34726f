// @ts-check
// Scrollhammer Rules: the in-page calculators.
//
// One generic binder for every calculator form the build generated from a calculator's
// input declaration: it sends the form's values to Python as data, shows the answer,
// rolls real dice, copies the link or the JSON, and applies shared links.
import { copyText, el, onEveryPage, savingData, shareOrCopy, toast } from "../site.mjs";
import { compute, engineState, keepSnapshot, onEngineChange, play, startEngine } from "./engine.mjs";
import { clearErrors, part, showErrors, showResult, showStatus, toggleExact } from "./render.mjs";
import { runtimeOnDevice } from "./runtime.mjs";
import {
  applyParams,
  elsewhere,
  formValues,
  resetForm,
  sharedTarget,
  shareUrl,
  showIgnored,
  showUnknownCalculator,
} from "./url-state.mjs";

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
  let answer;
  try {
    answer = await compute(section.dataset.calc || "", formValues(section));
  } catch {
    delete section.dataset.computing;
    showStatus(section);
    return;
  }
  if (String(ticket) !== section.dataset.ticket) return;
  delete section.dataset.computing;
  if ("errors" in answer) showErrors(section, answer.errors);
  else {
    showResult(section, answer.view, answer.result);
    showStatus(section);
  }
  section.dispatchEvent(new CustomEvent("sh-calc:answered", { bubbles: true }));
  // The answer is in: the search may build its index now (search-later.js).
  window.scrollhammerSearch?.start();
  keepSnapshot(); // for the next page, at once: a player may open another a second later
}

/**
 * Unbiased d6 faces from the browser's crypto RNG (rejection sampling).
 * @param {number} count
 */
function d6Faces(count) {
  const faces = [];
  const limit = Math.floor(0x100000000 / 6) * 6;
  const buffer = new Uint32Array(count * 2);
  while (faces.length < count) {
    crypto.getRandomValues(buffer);
    for (const value of buffer) {
      if (value < limit && faces.length < count) faces.push((value % 6) + 1);
    }
  }
  return faces;
}

/** @param {HTMLElement} section */
async function rollIt(section) {
  const box = part(section, ".sh-calc__roll");
  let answer;
  try {
    answer = await play(section.dataset.calc || "", formValues(section), d6Faces(600));
  } catch (error) {
    box.replaceChildren(el("p", "", `The dice could not be rolled: ${error instanceof Error ? error.message : error}`));
    box.hidden = false;
    return;
  }
  if ("errors" in answer) {
    showErrors(section, answer.errors);
    return;
  }
  const list = el("ol", "sh-calc__roll-lines");
  for (const line of answer.lines) list.append(el("li", "", line));
  box.replaceChildren(el("p", "sh-calc__roll-title", "Rolled with real dice:"), list);
  box.hidden = false;
  // For what keeps the dice's effects (the table applies them to a building).
  section.dispatchEvent(new CustomEvent("sh-calc:rolled", { bubbles: true, detail: answer }));
}

/**
 * What a shared calculation says besides its link: what was asked and the answer.
 * @param {HTMLElement} section
 */
function summary(section) {
  const result = part(section, ".sh-calc__result");
  return result.dataset.asked ? `${result.dataset.asked} — ${result.dataset.headline}` : "";
}

/**
 * Move to the form to change what was asked.
 * @param {HTMLElement} section
 */
function edit(section) {
  const first = [...section.querySelectorAll(".sh-calc__field[data-field]:not([hidden]) :is(input, select)")][0];
  if (first instanceof HTMLElement) {
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }
}

/**
 * @param {HTMLElement} section
 * @param {string} action
 */
function act(section, action) {
  if (action === "roll") rollIt(section);
  else if (action === "edit") edit(section);
  else if (action === "exact") toggleExact(section);
  else if (action === "copy-link") {
    // What was asked and the answer, then the link: ready for a group chat.
    const text = [summary(section), shareUrl(section)].filter(Boolean).join("\n");
    copyText(text, "Link to this calculation copied", `Could not copy; here it is: ${text}`);
  } else if (action === "share") {
    shareOrCopy({ title: document.title, text: summary(section), url: shareUrl(section) });
  } else if (action === "copy-json") {
    const result = part(section, ".sh-calc__result").dataset.result;
    if (!result) {
      toast(
        section.dataset.errors
          ? "No answer to copy yet: fix the values marked in the form first."
          : "No answer to copy yet: the calculator has not answered.",
      );
      return;
    }
    const text = JSON.stringify(JSON.parse(result), null, 2);
    copyText(text, "Result copied as JSON", `Could not copy; here it is: ${text}`);
  }
}

/** @param {HTMLElement} section */
function bind(section) {
  if (section.dataset.bound) return;
  section.dataset.bound = "1";
  let timer = 0;
  const form = part(section, "form");
  const later = () => {
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
    if (button instanceof HTMLButtonElement) act(section, button.dataset.action || "");
  });
  onEngineChange(() => showStatus(section));
  if (typeof navigator.share === "function") part(section, "[data-action='share']").hidden = false;
  showStatus(section);
}

/**
 * Once a shared calculation has its answer, show it: the calculator from its top, so the
 * answer bar shows what was asked, the answer and why, with the form as the link set it.
 * @param {HTMLElement} section
 */
function showAnswerWhenReady(section) {
  section.addEventListener("sh-calc:answered", () => section.scrollIntoView({ block: "start" }), { once: true });
}

/** @returns {HTMLElement[]} */
function calculatorSections() {
  return [...document.querySelectorAll("section.sh-calc")].filter((s) => s instanceof HTMLElement);
}

/** @type {string | null} */
let shownSearch = null;

/**
 * A link whose calculator is not on this page: go to the page that has it, with the same
 * inputs; or say that no page has it.
 * @param {URLSearchParams} params
 */
async function followElsewhere(params) {
  const url = await elsewhere(params).catch(() => null);
  if (url && url.pathname !== window.location.pathname) window.location.replace(url.href);
  else showUnknownCalculator(params.get("calc") || "");
}

function onPage() {
  const sections = calculatorSections();
  shownSearch = window.location.search;
  const params = new URLSearchParams(window.location.search);
  const shared = params.has("calc") ? sharedTarget(sections, params, window.location.hash) : null;
  if (params.has("calc") && !shared) followElsewhere(params);
  if (!sections.length) return;
  sections.forEach(bind);
  if (shared) showIgnored(shared, applyParams(shared, params));
  const run = () => {
    if (shared) showAnswerWhenReady(shared);
    for (const section of sections) update(section);
  };
  if (engineState() !== "idle") {
    run(); // already started: by early-start.mjs (the head's worker), or on an earlier page (instant navigation keeps it)
  } else if (savingData()) {
    // The player's data plan: nothing is downloaded unasked; a runtime on the device is no download.
    runtimeOnDevice().then((local) => {
      if (!local) waitForAPlayer(sections, run);
      else if (engineState() === "idle") {
        startEngine();
        run();
      } else run();
    });
  } else {
    // Start Python as soon as the page has painted: its downloads and start-up run in
    // the worker while the player reads; the rule text never waits for them.
    window.requestAnimationFrame(() =>
      window.setTimeout(() => {
        startEngine();
        run();
      }, 0),
    );
  }
}

/**
 * With Data Saver on, Python starts only when the player touches a calculator; until then
 * each calculator says so beside its form.
 * @param {HTMLElement[]} sections
 * @param {() => void} run
 */
function waitForAPlayer(sections, run) {
  const note =
    "Data Saver is on: this calculator starts when you use it (it then downloads what it needs once, a few MB).";
  const begin = () => {
    for (const section of sections) {
      delete section.dataset.waiting;
      section.removeEventListener("focusin", begin);
      section.removeEventListener("pointerdown", begin);
    }
    startEngine();
    run();
  };
  for (const section of sections) {
    section.dataset.waiting = note;
    showStatus(section);
    section.addEventListener("focusin", begin, { once: true });
    section.addEventListener("pointerdown", begin, { once: true });
  }
}

/**
 * A link to a calculation on this same page (?calc=…) is applied in place: the page,
 * its worker and its answers stay; the address changes so Back returns to the last one.
 * (Material's instant navigation does not reload a page for a new query string.)
 * @param {URL} url
 */
function onLocation(url) {
  if (shownSearch === null || url.search === shownSearch || url.pathname !== window.location.pathname) return;
  shownSearch = url.search;
  const params = new URLSearchParams(url.search);
  const shared = params.has("calc") ? sharedTarget(calculatorSections(), params, url.hash) : null;
  if (!shared) return;
  resetForm(shared); // inputs the link does not name take their defaults
  clearErrors(shared);
  showIgnored(shared, applyParams(shared, params));
  showAnswerWhenReady(shared);
  update(shared);
}

/** @param {MouseEvent} event */
function onSamePageLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  if (link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin || url.pathname !== here.pathname || !url.searchParams.has("calc")) return;
  if (!calculatorSections().length) return;
  event.preventDefault();
  event.stopPropagation(); // before Material's handler on <body> sees it
  history.pushState(null, "", url.href);
  onLocation(url);
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(onPage);
  document.addEventListener("click", onSamePageLink, true);
  window.addEventListener("popstate", () => onLocation(new URL(window.location.href)));
}
