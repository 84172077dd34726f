// @ts-check
// Scrollhammer Rules: what the page says at its top of a calculation's link it could not follow.
import { el, SITE_ROOT } from "../site.mjs";
import { shorten } from "./url-state.mjs";

/**
 * Put a note about the page's link at the top of its article (in place of an earlier one).
 * @param {HTMLElement} note
 */
function placeLinkNote(note) {
  const article = document.querySelector("article");
  if (!article) return;
  note.setAttribute("role", "status");
  const before = article.querySelector(".sh-link-note");
  if (before) before.replaceWith(note);
  else {
    const heading = article.querySelector("h1");
    if (heading) heading.after(note);
    else article.prepend(note);
  }
}

/**
 * Say, visibly at the top of the page, that a link names a calculator this site does not have.
 * @param {string} name
 */
export function showUnknownCalculator(name) {
  const note = el(
    "p",
    "sh-link-note",
    `This link asks for a calculator called "${shorten(name)}", which this site does not have. `,
  );
  const list = el("a", "", "See the calculators");
  list.href = new URL("calculators/", SITE_ROOT).href;
  note.append(list, ".");
  placeLinkNote(note);
}

/**
 * Say that the site could not be reached to find the page of the link's calculator, that
 * it is tried again, and offer to try now.
 * @param {string} name
 * @param {() => void} retry
 */
export function showCalculatorUnreachable(name, retry) {
  const note = el(
    "p",
    "sh-link-note",
    `This link asks for the calculator "${shorten(name)}", which is on another page: the site could not be reached to find it. ` +
      "It is tried again when you are back online.",
  );
  note.dataset.unreachable = "";
  const button = el("button", "sh-link-note__retry", "Try now");
  button.setAttribute("type", "button");
  button.addEventListener("click", retry);
  note.append(button);
  placeLinkNote(note);
}

/** Take away the note about the page's link (the page it asked for was found). */
export function clearLinkNote() {
  document.querySelector("article .sh-link-note")?.remove();
}
