// @ts-check
// Scrollhammer Rules: a calculator's buttons: Roll it, Edit, exact fractions, Copy link and
// Share. (A calculation's answer as JSON is for tool makers: the data page, docs/api.md, shows
// how a link gives it.)
import { copyText, el, shareOrCopy } from "../site.mjs";
import { d6Faces } from "./dice.mjs";
import { play } from "./engine.mjs";
import { part, showErrors, toggleExact } from "./render.mjs";
import { formValues, shareUrl } from "./url-state.mjs";

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
 * Do what a calculator's button says.
 * @param {HTMLElement} section
 * @param {string} action
 */
export function act(section, action) {
  if (action === "roll") rollIt(section);
  else if (action === "edit") edit(section);
  else if (action === "exact") toggleExact(section);
  else if (action === "copy-link") {
    // What was asked and the answer, then the link: ready for a group chat.
    const text = [summary(section), shareUrl(section)].filter(Boolean).join("\n");
    copyText(text, "Link to this calculation copied", `Could not copy; here it is: ${text}`);
  } else if (action === "share") {
    shareOrCopy({ title: document.title, text: summary(section), url: shareUrl(section) });
  }
}
