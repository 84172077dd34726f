// @ts-check
// Scrollhammer Rules: the theme's navigation drawer, closed, holds no focus. On a phone the
// drawer is moved off the screen, but its two dozen links stayed in the Tab order: a keyboard
// player tabbed through links they could not see. Closed (and not shown beside the page, as on
// a wide screen), it is inert; opened, it is not.
import { inertWhileClosed } from "./keyboard-reach.mjs";

/** Start: called once by main.mjs. */
export function start() {
  // Where the theme shows the drawer beside the page, open for good: its 76.25em breakpoint.
  inertWhileClosed("__drawer", ".md-sidebar--primary", window.matchMedia("(min-width: 76.25em)"));
}
