// @ts-check
// Scrollhammer Rules: the theme's navigation drawer, closed, holds no focus. On a phone the
// drawer is moved off the screen, but its two dozen links stayed in the Tab order: a keyboard
// player tabbed through links they could not see. Closed (and not shown beside the page, as on
// a wide screen), it is inert; opened, it is not.
import { onEveryPage } from "./site.mjs";

/** Where the theme shows the drawer beside the page, open for good (its 76.25em breakpoint). */
const BESIDE = window.matchMedia("(min-width: 76.25em)");

/** Make the drawer inert exactly while it is closed and off the screen. */
function update() {
  const toggle = document.getElementById("__drawer");
  const drawer = document.querySelector(".md-sidebar--primary");
  if (!(toggle instanceof HTMLInputElement) || !(drawer instanceof HTMLElement)) return;
  drawer.inert = !BESIDE.matches && !toggle.checked;
}

/** Start: called once by main.mjs. */
export function start() {
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.id === "__drawer") update();
  });
  BESIDE.addEventListener("change", update);
  onEveryPage(update);
}
