// @ts-check
// Scrollhammer Rules: the theme's search, closed, holds no focus. Its results' scrolling box
// is a Tab stop, faded out but not gone while the search is closed: a Tab out of the search
// field closed the search and put the keyboard on that box, which no one sees. Closed, the
// results are inert; opened, they are not.
import { onEveryPage } from "./site.mjs";

/** Make the search's results inert exactly while the search is closed. */
function update() {
  const toggle = document.getElementById("__search");
  const output = document.querySelector(".md-search__output");
  if (!(toggle instanceof HTMLInputElement) || !(output instanceof HTMLElement)) return;
  output.inert = !toggle.checked;
}

/** Start: called once by main.mjs. */
export function start() {
  // The theme opens and closes its search by clicking the toggle: a change event either way.
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.id === "__search") update();
  });
  onEveryPage(update);
}
