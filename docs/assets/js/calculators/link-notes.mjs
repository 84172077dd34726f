// @ts-check
// Scrollhammer Rules: what the page says at its top of a calculation's link it could not follow.
import { el, SITE_ROOT } from "../site.mjs";
import { shorten } from "./url-state.mjs";

/**
 * Say, visibly at the top of the page, that a link names a calculator this site does not have.
 * @param {string} name
 */
export function showUnknownCalculator(name) {
  const article = document.querySelector("article");
  if (!article || article.querySelector(".sh-link-note")) return;
  const note = el(
    "p",
    "sh-link-note",
    `This link asks for a calculator called "${shorten(name)}", which this site does not have. `,
  );
  note.setAttribute("role", "status");
  const list = el("a", "", "See the calculators");
  list.href = new URL("calculators/", SITE_ROOT).href;
  note.append(list, ".");
  const heading = article.querySelector("h1");
  if (heading) heading.after(note);
  else article.prepend(note);
}
